import {
  Alert,
  Badge,
  Group,
  Paper,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PayoutProviderSettings, PayoutSettings, PayoutSettingsBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormLayout } from '../../components/FormLayout.tsx';
import { api, apiRequest } from '../../lib/api.ts';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { providerLabel } from '../../lib/provider-label.ts';

const KEY = ['payout-settings'];
const PATH = 'payments/settings/payouts';

type Values = Record<string, Record<string, string>>;

/**
 * The union's payout providers (#30), under the payment settings: one card per provider with its
 * settings (a secret shows only whether it is set; typing one replaces it, blank keeps it) and
 * which provider pays mobile wallets and which bank accounts.
 */
export function PayoutSettingsPanel({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation();
  const settings = useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api.get<{ data: PayoutSettings }>(PATH, undefined, signal),
    select: (reply) => reply.data,
  });
  if (settings.isPending) return <Text c="dimmed">{t('common.loading')}</Text>;
  if (!settings.data) return null;
  return <PayoutSettingsForm initial={settings.data} canEdit={canEdit} />;
}

const plainValues = (providers: PayoutProviderSettings[]): Values =>
  Object.fromEntries(
    providers.map((p) => [
      p.kind,
      Object.fromEntries(p.fields.map((f) => [f.key, f.secret ? '' : (p.values[f.key] ?? '')])),
    ]),
  );

/** What is saved: providers already configured, typed into, or chosen for a channel. */
function bodyOf(
  initial: PayoutSettings,
  values: Values,
  mobile: string | null,
  bank: string | null,
): PayoutSettingsBody {
  const touched = (p: PayoutProviderSettings) =>
    p.configured ||
    p.kind === mobile ||
    p.kind === bank ||
    Object.values(values[p.kind] ?? {}).some((v) => v.trim());
  return {
    providers: initial.providers.filter(touched).map((p) => ({ kind: p.kind, values: values[p.kind] ?? {} })),
    channels: { mobile, bank },
  };
}

function PayoutSettingsForm({ initial, canEdit }: { initial: PayoutSettings; canEdit: boolean }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const form = useForm({
    providers: plainValues(initial.providers),
    mobile: initial.channels.mobile,
    bank: initial.channels.bank,
  });
  const save = useMutation({
    mutationFn: (body: PayoutSettingsBody) =>
      apiRequest<{ message: string; data: PayoutSettings }>(PATH, { method: 'PUT', body, silent: true }),
    onSuccess: (reply) => {
      client.setQueryData(KEY, { data: reply.data });
      form.reset({
        providers: plainValues(reply.data.providers),
        mobile: reply.data.channels.mobile,
        bank: reply.data.channels.bank,
      });
      void client.invalidateQueries({ queryKey: ['payouts'] });
    },
  });
  const submit = form.onSubmit(() =>
    save.mutate(bodyOf(initial, form.values.providers, form.values.mobile, form.values.bank), {
      onSuccess: () => toastSuccess(t('union.payouts.saved')),
      onError: form.showApiError,
    }),
  );
  const setField = (kind: string, key: string, value: string) =>
    form.setValue('providers', {
      ...form.values.providers,
      [kind]: { ...form.values.providers[kind], [key]: value },
    });
  const options = initial.providers.map((p) => ({ value: p.kind, label: providerLabel(t, p.kind, p.label) }));
  const needsKey = !initial.keyConfigured && initial.providers.some((p) => p.fields.some((f) => f.secret));
  return (
    <Paper withBorder p="lg" radius="md" maw={720} mt="lg">
      <FormLayout
        onSubmit={submit}
        error={form.formError}
        submitLabel={t('common.save')}
        submitting={save.isPending}
        testId="payout-settings-form"
      >
        <Title order={4}>{t('union.payouts.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('union.payouts.description')}
        </Text>
        {needsKey && (
          <Alert color="yellow" data-testid="payout-key-missing">
            {t('union.payouts.keyMissing')}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {(['mobile', 'bank'] as const).map((channel) => (
            <Select
              key={channel}
              label={t(`union.payouts.channel.${channel}`)}
              placeholder={t('union.payouts.noProvider')}
              data={options}
              value={form.values[channel]}
              onChange={(v) => form.setValue(channel, v)}
              clearable
              disabled={!canEdit}
              data-testid={`payout-channel-${channel}`}
            />
          ))}
        </SimpleGrid>
        {initial.providers.map((p) => (
          <ProviderCard
            key={p.kind}
            provider={p}
            values={form.values.providers[p.kind] ?? {}}
            onChange={(key, value) => setField(p.kind, key, value)}
            canEdit={canEdit}
          />
        ))}
      </FormLayout>
    </Paper>
  );
}

function ProviderCard(props: {
  provider: PayoutProviderSettings;
  values: Record<string, string>;
  onChange: (key: string, value: string) => void;
  canEdit: boolean;
}) {
  const { t } = useTranslation();
  const { provider: p } = props;
  // In the reader's language by the field's key; the server's English name for one not listed.
  const labelOf = (f: PayoutProviderSettings['fields'][number]) =>
    t(`union.payouts.fields.${f.key}`, { defaultValue: f.label });
  return (
    <Paper withBorder p="md" radius="md" data-testid={`payout-provider-${p.kind}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{providerLabel(t, p.kind, p.label)}</Text>
          <Badge color={p.configured ? 'green' : 'gray'} variant="light">
            {t(p.configured ? 'union.payouts.configured' : 'union.payouts.notConfigured')}
          </Badge>
        </Group>
        {p.fields.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('union.payouts.noFields')}
          </Text>
        )}
        {p.fields.map((f) => {
          const common = {
            label: labelOf(f),
            value: props.values[f.key] ?? '',
            onChange: (e: { currentTarget: { value: string } }) =>
              props.onChange(f.key, e.currentTarget.value),
            disabled: !props.canEdit,
            'data-testid': `payout-field-${p.kind}-${f.key}`,
          };
          if (!f.secret) return <TextInput key={f.key} {...common} />;
          const set = p.secretsSet.includes(f.key);
          return (
            <PasswordInput
              key={f.key}
              {...common}
              autoComplete="new-password"
              placeholder={t(set ? 'union.payouts.secretSet' : 'union.payouts.secretNotSet')}
              description={t(set ? 'union.payouts.secretKeepHint' : 'union.payouts.secretNotSet')}
            />
          );
        })}
      </Stack>
    </Paper>
  );
}
