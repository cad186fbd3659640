import { Button, NumberInput, Text } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { salesSettingsBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useSalesSettings, useSaveSalesSettings } from '../hooks.ts';

/**
 * The sales settings, opened from the sales invoices list (where the due date they set is used):
 * union staff who may change the collection settings edit them; nobody else sees the button.
 */
export function SalesSettingsButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  if (!useCan('settings.collection.update', 'union')) return null;
  return (
    <>
      <Button variant="default" leftSection={<IconSettings size={16} />} onClick={() => setOpened(true)}>
        {t('salesMd.settings.title')}
      </Button>
      {opened && <SalesSettingsForm onClose={() => setOpened(false)} />}
    </>
  );
}

function SalesSettingsForm({ onClose }: { onClose: () => void }) {
  const settings = useSalesSettings();
  if (!settings.data) return null;
  return <SalesSettingsFields dueDays={settings.data.invoiceDueDays} onClose={onClose} />;
}

function SalesSettingsFields({ dueDays, onClose }: { dueDays: number; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ invoiceDueDays: String(dueDays) });
  const save = useSaveSalesSettings();
  const submit = form.onSubmit(() => {
    const days = Number(form.values.invoiceDueDays);
    // Said in days here: the generic messages speak of text length.
    if (form.values.invoiceDueDays.trim() === '' || !Number.isInteger(days) || days < 0 || days > 365) {
      form.setErrors({ invoiceDueDays: t('salesMd.settings.range') });
      return;
    }
    const body = form.validate(salesSettingsBody);
    if (body)
      save.mutate(body, {
        onSuccess: () => {
          toastSuccess(t('salesMd.settings.saved'));
          onClose();
        },
        onError: form.showApiError,
      });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('salesMd.settings.title')}
      size="md"
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="sales-settings-form"
    >
      <Text size="sm" c="dimmed">
        {t('salesMd.settings.description')}
      </Text>
      <NumberInput
        data-autofocus
        required
        allowDecimal={false}
        allowNegative={false}
        min={0}
        max={365}
        label={t('salesMd.settings.invoiceDueDays')}
        name="invoiceDueDays"
        value={form.values.invoiceDueDays}
        onChange={(v) => form.setValue('invoiceDueDays', String(v))}
        error={form.errors.invoiceDueDays}
      />
    </FormModal>
  );
}
