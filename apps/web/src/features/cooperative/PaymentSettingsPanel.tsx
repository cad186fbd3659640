import { Paper, Radio, Stack, Switch, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type PaymentSettings, paymentSettingsBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormLayout } from '../../components/FormLayout.tsx';
import { api, apiRequest } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';

const KEY = ['payment-settings'];

/**
 * The union's payment settings, beside its other settings (#37): how farmers are paid, the paid
 * SMS, and whether a supplier payment or cash advance the bank cannot cover is refused or only
 * warned about. Union staff who may change the collection settings edit them; others read them.
 */
export function PaymentSettingsPanel({ canEdit }: { canEdit: boolean }) {
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<{ data: PaymentSettings }>('payments/settings', undefined, signal),
    select: (reply) => reply.data,
  });
  if (!settings.data) return null;
  return <PaymentSettingsForm initial={settings.data} canEdit={canEdit} />;
}

function PaymentSettingsForm({ initial, canEdit }: { initial: PaymentSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({
    payFarmersThrough: initial.payFarmersThrough,
    smsFarmers: initial.smsFarmers,
    refuseUncoveredPayments: initial.refuseUncoveredPayments ?? false,
  });
  const save = useMutation({
    mutationFn: (body: PaymentSettings) =>
      apiRequest<{ message: string; data: PaymentSettings }>('payments/settings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: KEY }),
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(paymentSettingsBody, form.values);
    if (body)
      save.mutate(body, {
        onSuccess: () => toastSuccess(t('union.payments.saved')),
        onError: form.showApiError,
      });
  });
  return (
    <Paper withBorder p="lg" radius="md" maw={720}>
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('common.save')}
        submitting={save.isPending}
        testId="payment-settings-form"
      >
        <Text size="sm" c="dimmed">
          {t('union.payments.description')}
        </Text>
        <Radio.Group
          label={t('union.payments.payFarmersThrough')}
          value={form.values.payFarmersThrough}
          onChange={(v) => form.setValue('payFarmersThrough', v === 'amcos' ? 'amcos' : 'central')}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="central" label={t('union.payments.central')} disabled={!canEdit} />
            <Radio value="amcos" label={t('union.payments.amcos')} disabled={!canEdit} />
          </Stack>
        </Radio.Group>
        <Switch
          label={t('union.payments.smsFarmers')}
          checked={form.values.smsFarmers}
          disabled={!canEdit}
          onChange={(e) => form.setValue('smsFarmers', e.currentTarget.checked)}
        />
        <Switch
          label={t('union.payments.refuseUncoveredPayments')}
          description={t('union.payments.refuseHint')}
          checked={form.values.refuseUncoveredPayments}
          disabled={!canEdit}
          onChange={(e) => form.setValue('refuseUncoveredPayments', e.currentTarget.checked)}
          data-testid="refuse-uncovered-payments"
        />
      </FormLayout>
    </Paper>
  );
}
