import { Button } from '@mantine/core';
import type { WeighingDevice } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDateTime, formatNumber } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { devices, useRetireDevice } from './hooks.ts';

/** weighing_devices (/collections/devices): each society's devices, their last sync and what waits. */
export default function DevicesRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <DevicesPage />
    </RequirePermission>
  );
}

function DevicesPage() {
  const { t } = useTranslation();
  const canManage = useCan('collections.device.manage');
  return (
    <ResourceListPage
      header={{
        title: t('offlineMd.devicesTitle'),
        description: t('offlineMd.devicesDescription'),
        breadcrumbs: [{ label: t('collectionsMd.menu') }, { label: t('offlineMd.devicesTitle') }],
      }}
      label={t('offlineMd.devicesTitle')}
      resource={devices}
      testId="devices-table"
      emptyTitle={t('offlineMd.devicesEmpty')}
      filterNames={['status']}
      filters={(list) => <StatusFilter list={list} statuses={['active', 'retired']} />}
      columns={[
        {
          key: 'code',
          header: t('offlineMd.device'),
          card: 'title',
          render: (d) => `${d.amcosCode}-${d.code}`,
        },
        { key: 'label', header: t('offlineMd.label'), render: (d) => d.label },
        { key: 'amcos', header: t('fields.amcos'), card: 'party', render: (d) => d.amcosName },
        { key: 'status', header: t('fields.status'), render: (d) => <StatusBadge status={d.status} /> },
        {
          key: 'lastSync',
          header: t('offlineMd.lastSyncColumn'),
          render: (d) => (d.lastSyncAt ? formatDateTime(d.lastSyncAt) : t('offlineMd.never')),
        },
        {
          key: 'waiting',
          header: t('offlineMd.waitingColumn'),
          align: 'right',
          render: (d) => formatNumber(d.waitingReported),
        },
        {
          key: 'stored',
          header: t('offlineMd.storedColumn'),
          align: 'right',
          render: (d) => formatNumber(d.storedCount),
        },
        {
          key: 'flagged',
          header: t('offlineMd.flaggedColumn'),
          align: 'right',
          render: (d) => formatNumber(d.flaggedCount),
        },
        ...(canManage
          ? [
              {
                key: 'actions',
                header: '',
                card: 'action' as const,
                render: (d: WeighingDevice) => <RetireButton device={d} />,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Retiring a lost or replaced device: its unused numbers become void; what it never sent stays on it. */
function RetireButton({ device }: { device: WeighingDevice }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const retire = useRetireDevice(device.id);
  if (device.status !== 'active') return null;
  return (
    <>
      <Button
        size="compact-sm"
        variant="default"
        color="red"
        onClick={() => setOpen(true)}
        data-testid={`retire-${device.code}`}
      >
        {t('offlineMd.retire')}
      </Button>
      {open && (
        <ReasonModal
          title={t('offlineMd.retireTitle', { code: device.code })}
          reasonLabel={t('offlineMd.reason')}
          reasonRequired={t('offlineMd.reasonRequired')}
          submitLabel={t('offlineMd.retire')}
          confirmTitle={t('offlineMd.retireTitle', { code: device.code })}
          confirmMessage={t('offlineMd.retireConfirm', { waiting: device.waitingReported })}
          mutation={retire}
          onClose={() => setOpen(false)}
          testId="device-retire-form"
        />
      )}
    </>
  );
}
