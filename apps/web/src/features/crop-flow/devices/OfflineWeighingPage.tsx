import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCloudUpload, IconRefresh, IconWifi, IconWifiOff } from '@tabler/icons-react';
import { registerDeviceBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { PageLoader } from '../../../components/PageLoader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { OfflineQueueTable, OfflineReceiptView } from './OfflineReceiptView.tsx';
import { OfflineWeighForm } from './OfflineWeighForm.tsx';
import type { QueuedReceipt } from './offline-store.ts';
import { type OfflineDevice, useOfflineDevice } from './use-offline-device.ts';

/** offline_weighing (/collections/offline-weighing): the clerk's weighing device, with or without a network. */
export default function OfflineWeighingRoute() {
  return (
    <RequirePermission permission="collections.collection.create" amcosOnly>
      <OfflineWeighingPage />
    </RequirePermission>
  );
}

function OfflineWeighingPage() {
  const { t } = useTranslation();
  const device = useOfflineDevice();
  const [last, setLast] = useState<QueuedReceipt | null>(null);
  return (
    <>
      <PageHeader
        title={t('offlineMd.title')}
        description={t('offlineMd.description')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('offlineMd.title') }]}
      />
      {!device.loaded ? (
        <PageLoader />
      ) : !device.device ? (
        <RegisterDevice device={device} />
      ) : (
        <Stack gap="md">
          <DeviceStatus device={device} />
          {last && <OfflineReceiptView key={last.clientId} receipt={last} />}
          <OfflineWeighForm device={device} onSaved={setLast} />
          <Paper withBorder radius="md" p="md">
            <Title order={2} size="h5" mb="sm">
              {t('offlineMd.queueTitle')}
            </Title>
            <OfflineQueueTable receipts={device.recent} />
          </Paper>
        </Stack>
      )}
    </>
  );
}

/** Online or offline, what waits, the last sync, Sync now; the device's code and numbers. */
function DeviceStatus({ device }: { device: OfflineDevice }) {
  const { t } = useTranslation();
  const d = device.device;
  if (!d) return null;
  const clear = () =>
    confirmAction({
      title: t('offlineMd.clearTitle'),
      message:
        device.waiting > 0
          ? t('offlineMd.clearWaiting', { count: device.waiting })
          : t('offlineMd.clearHint'),
      confirmLabel: t('offlineMd.clear'),
      onConfirm: () => void device.clear(),
    });
  return (
    <Paper withBorder radius="md" p="md" data-testid="offline-status">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="xs" wrap="wrap">
          {device.online ? (
            <Badge color="teal" leftSection={<IconWifi size={12} aria-hidden />} data-testid="offline-online">
              {t('offlineMd.online')}
            </Badge>
          ) : (
            <Badge
              color="gray"
              leftSection={<IconWifiOff size={12} aria-hidden />}
              data-testid="offline-online"
            >
              {t('offlineMd.offline')}
            </Badge>
          )}
          <Badge variant="light" color={device.waiting > 0 ? 'yellow' : 'teal'} data-testid="offline-waiting">
            {t('offlineMd.waiting', { count: device.waiting })}
          </Badge>
          <Text size="sm" c="dimmed">
            {t('offlineMd.lastSync', {
              when: device.lastSyncAt ? formatDateTime(device.lastSyncAt) : t('offlineMd.never'),
            })}
          </Text>
        </Group>
        <Group gap="xs">
          <Button
            leftSection={<IconCloudUpload size={16} aria-hidden />}
            onClick={() => void device.syncNow()}
            loading={device.syncing}
            disabled={!device.online}
            data-testid="offline-sync"
          >
            {t('offlineMd.syncNow')}
          </Button>
          <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={clear}>
            {t('offlineMd.clear')}
          </Button>
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
        <Text size="sm">
          {t('offlineMd.deviceLine', { code: d.code, label: d.label, society: d.amcosName })}
        </Text>
        <Text size="sm">
          {t('offlineMd.farmersKept', { count: device.pack?.farmerCount ?? 0 })}
          {device.pack ? ` · ${formatDateTime(device.pack.refreshedAt)}` : ''}
        </Text>
        <Text size="sm">
          {d.blocks
            .map((b) =>
              t('offlineMd.block', {
                season: b.seasonName,
                first: formatNumber(b.firstNo),
                last: formatNumber(b.lastNo),
              }),
            )
            .join(' · ')}
        </Text>
      </SimpleGrid>
      {d.status === 'retired' && (
        <Alert color="red" mt="sm">
          {t('offlineMd.retiredHere')}
        </Alert>
      )}
      {device.problem && (
        <Alert color={device.problem === 'offline' ? 'gray' : 'orange'} mt="sm" data-testid="offline-problem">
          {t(`offlineMd.problems.${device.problem}`)}
          {device.problem === 'refused' || device.problem === 'failed' ? ` ${device.problemText ?? ''}` : ''}
        </Alert>
      )}
    </Paper>
  );
}

/** Registering this phone or laptop for the clerk's society (online, once). */
function RegisterDevice({ device }: { device: OfflineDevice }) {
  const { t } = useTranslation();
  const form = useForm({ label: '' });
  const [saving, setSaving] = useState(false);
  const submit = form.onSubmit(() => {
    const body = form.validate(registerDeviceBody);
    if (!body) return;
    setSaving(true);
    device
      .register(body)
      .then((reply) => toastSuccess(reply.message))
      .catch(form.showApiError)
      .finally(() => setSaving(false));
  });
  return (
    <Paper withBorder radius="md" p="md" maw={520}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('offlineMd.registerTitle')}
          </Title>
          <Text size="sm">{t('offlineMd.registerHint')}</Text>
          {!device.online && <Alert color="gray">{t('offlineMd.registerOnline')}</Alert>}
          <TextInput
            label={t('offlineMd.label')}
            placeholder={t('offlineMd.labelExample')}
            required
            data-autofocus
            data-testid="device-label"
            {...form.text('label')}
          />
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={saving} disabled={!device.online} data-testid="device-register">
              {t('offlineMd.register')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
