import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconScale } from '@tabler/icons-react';
import { type WeighingLimits, weighingLimits } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatKg } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useSaveWeighingLimits, useWeighingLimits } from './hooks.ts';

/**
 * weighing_limits (/collections/weighing-limits): the society's weighing limits (#29), kg per bag
 * and net kg per receipt. A receipt above them, weighed online or on a device, is kept for the
 * manager's review. Every user of the society reads them; its manager changes them.
 */
export default function WeighingLimitsRoute() {
  return (
    <RequirePermission permission="collections.collection.read" amcosOnly>
      <WeighingLimitsPage />
    </RequirePermission>
  );
}

function WeighingLimitsPage() {
  const { t } = useTranslation();
  const limits = useWeighingLimits();
  const canManage = useCan('collections.device.manage');
  return (
    <>
      <PageHeader
        title={t('offlineMd.limitsTitle')}
        description={t('offlineMd.limitsDescription')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('offlineMd.limitsTitle') }]}
      />
      {limits.isError ? (
        <Alert color="red" data-testid="weighing-limits-error">
          {t('offlineMd.limitsUnavailable')}
        </Alert>
      ) : !limits.data ? (
        <PageLoader />
      ) : (
        <Stack gap="md">
          <CurrentLimits limits={limits.data} />
          {canManage && (
            <LimitsForm key={`${limits.data.maxKgPerBag}|${limits.data.maxNetKg}`} limits={limits.data} />
          )}
        </Stack>
      )}
    </>
  );
}

const shown = (kg: string | null, none: string) => (kg ? formatKg(kg) : none);

/** What the devices and the server apply now. */
function CurrentLimits({ limits }: { limits: WeighingLimits }) {
  const { t } = useTranslation();
  const none = t('offlineMd.noLimit');
  return (
    <Paper withBorder radius="md" p="md" data-testid="weighing-limits-current">
      <Group gap="xs" mb="sm">
        <IconScale size={18} aria-hidden />
        <Title order={2} size="h5">
          {t('offlineMd.limitsNow')}
        </Title>
      </Group>
      <InfoGrid
        cols={{ base: 1, sm: 2 }}
        items={[
          [t('offlineMd.maxKgPerBag'), shown(limits.maxKgPerBag, none)],
          [t('offlineMd.maxNetKg'), shown(limits.maxNetKg, none)],
        ]}
      />
      <Text size="sm" c="dimmed" mt="sm">
        {t('offlineMd.limitsHint')}
      </Text>
    </Paper>
  );
}

/** The manager's form: an empty field means no limit. */
function LimitsForm({ limits }: { limits: WeighingLimits }) {
  const { t } = useTranslation();
  const save = useSaveWeighingLimits();
  const form = useForm({ maxKgPerBag: limits.maxKgPerBag ?? '', maxNetKg: limits.maxNetKg ?? '' });
  const submit = form.onSubmit(() => {
    const input = {
      maxKgPerBag: form.values.maxKgPerBag.trim() || null,
      maxNetKg: form.values.maxNetKg.trim() || null,
    };
    // A zero limit would keep every receipt for review: said in kg here, not as a format error.
    const zero = (['maxKgPerBag', 'maxNetKg'] as const).filter((k) => {
      const v = input[k];
      return v !== null && /^[\d.]+$/.test(v) && !/[1-9]/.test(v);
    });
    if (zero.length > 0) {
      form.setErrors(Object.fromEntries(zero.map((k) => [k, t('offlineMd.limitAboveZero')])));
      return;
    }
    const body = form.validate(weighingLimits, input);
    if (body)
      save.mutate(body, {
        onSuccess: () => toastSuccess(t('success.messages.weighingLimits.saved')),
        onError: form.showApiError,
      });
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="form"
      onSubmit={submit}
      data-testid="weighing-limits-form"
    >
      <Title order={2} size="h5" mb="sm">
        {t('offlineMd.limitsChange')}
      </Title>
      {form.formError && (
        <Alert color="red" mb="sm">
          {form.formError}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextInput
          label={t('offlineMd.maxKgPerBag')}
          description={t('offlineMd.emptyNoLimit')}
          inputMode="decimal"
          rightSection={<Text size="xs">kg</Text>}
          {...form.text('maxKgPerBag')}
        />
        <TextInput
          label={t('offlineMd.maxNetKg')}
          description={t('offlineMd.emptyNoLimit')}
          inputMode="decimal"
          rightSection={<Text size="xs">kg</Text>}
          {...form.text('maxNetKg')}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={save.isPending} data-testid="weighing-limits-save">
          {t('common.save')}
        </Button>
      </Group>
    </Paper>
  );
}
