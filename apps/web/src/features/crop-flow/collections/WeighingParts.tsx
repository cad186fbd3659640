import { Alert, Badge, Button, Group, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconDeviceFloppy, IconScale } from '@tabler/icons-react';
import type { MoistureVerdict, NetReading, WeighingTally } from '@ushirika/domain';
import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { formatKg } from '../../../lib/format.ts';

/** The form's title and the session's tally: farmers weighed and their kg. */
export function WeighingHeader({ tally }: { tally: WeighingTally }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" mb="md" wrap="wrap">
      <Group gap="xs">
        <IconScale size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('collectionsMd.weighTitle')}
        </Title>
      </Group>
      <Group gap="xs" data-testid="session-tally">
        <Badge variant="light" size="lg">
          {t('collectionsMd.tallyFarmers', { count: tally.farmers })}
        </Badge>
        <Badge variant="light" size="lg" color="teal">
          {formatKg(tally.kg)}
        </Badge>
      </Group>
    </Group>
  );
}

/** The keyboard hint beside the save button (Enter on the last field saves too). */
export function WeighingSaveBar({ saving }: { saving: boolean }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="wrap">
      <Text size="xs" c="dimmed">
        {t('collectionsMd.keyboardHint')}
      </Text>
      <Button
        type="submit"
        leftSection={<IconDeviceFloppy size={16} aria-hidden />}
        loading={saving}
        data-testid="weighing-save"
      >
        {t('common.save')}
      </Button>
    </Group>
  );
}

/** Said instead of the form when no season is open: nothing can be weighed. */
export function NoOpenSeason() {
  const { t } = useTranslation();
  return (
    <Alert
      color="yellow"
      icon={<IconAlertCircle size={18} aria-hidden />}
      mb="lg"
      data-testid="no-open-season"
    >
      {t('collectionsMd.noOpenSeason')}
    </Alert>
  );
}

type MoistureFieldProps = Omit<ComponentProps<typeof TextInput>, 'label' | 'description'> & {
  maxMoisture: string | undefined;
  verdict: MoistureVerdict;
};

/** The moisture reading with the crop's maximum under it; too wet under a refuse policy is an error. */
export function MoistureField({ maxMoisture, verdict, error, ...input }: MoistureFieldProps) {
  const { t } = useTranslation();
  return (
    <TextInput
      label={t('collectionsMd.moisture')}
      required
      inputMode="decimal"
      description={maxMoisture ? t('collectionsMd.maxMoisture', { max: maxMoisture }) : undefined}
      {...input}
      error={error ?? (verdict === 'too-wet' ? t('collectionsMd.tooWet') : undefined)}
    />
  );
}

/** The net as the clerk types (red when the tare is not below the gross), and a moisture flag to come. */
export function NetKgReading({ net, verdict }: { net: NetReading; verdict: MoistureVerdict }) {
  const { t } = useTranslation();
  return (
    <div>
      <Text size="sm" fw={500}>
        {t('collectionsMd.netKg')}
      </Text>
      <Text
        size="xl"
        fw={700}
        c={net.tareTooHeavy ? 'red' : undefined}
        data-testid="net-kg"
        aria-live="polite"
      >
        {net.netKg === null ? '—' : formatKg(net.netKg)}
      </Text>
      {verdict === 'flag' && (
        <Text size="xs" c="orange">
          {t('collectionsMd.willFlag')}
        </Text>
      )}
    </div>
  );
}
