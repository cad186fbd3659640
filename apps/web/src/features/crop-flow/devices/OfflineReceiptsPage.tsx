import { Button, Group, Text } from '@mantine/core';
import type { OfflineReceipt } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, formatKg } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { offlineReceipts, useApproveReceipt, useVoidReceipt } from './hooks.ts';

/**
 * offline_receipts (/collections/offline-receipts): what devices sent, the ones kept for review
 * first, each with the server's reason; the AMCOS manager approves (the collection and its SMS
 * then) or voids it, with a reason.
 */
export default function OfflineReceiptsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <OfflineReceiptsPage />
    </RequirePermission>
  );
}

function OfflineReceiptsPage() {
  const { t } = useTranslation();
  const canManage = useCan('collections.device.manage');
  return (
    <ResourceListPage
      header={{
        title: t('offlineMd.reviewTitle'),
        description: t('offlineMd.reviewDescription'),
        breadcrumbs: [{ label: t('collectionsMd.menu') }, { label: t('offlineMd.reviewTitle') }],
      }}
      label={t('offlineMd.reviewTitle')}
      resource={offlineReceipts}
      testId="offline-receipts-table"
      emptyTitle={t('offlineMd.reviewEmpty')}
      filterNames={['status']}
      filters={(list) => (
        <StatusFilter list={list} statuses={['needs_review', 'stored', 'approved', 'voided']} width={170} />
      )}
      columns={[
        { key: 'number', header: t('collectionsMd.receiptNo'), card: 'title', render: (r) => r.receiptNo },
        { key: 'status', header: t('fields.status'), render: (r) => <StatusBadge status={r.status} /> },
        {
          key: 'farmer',
          header: t('collectionsMd.farmer'),
          card: 'party',
          render: (r) => `${r.farmerNo} ${r.farmerName}`,
        },
        { key: 'date', header: t('collectionsMd.date'), render: (r) => formatDate(r.collectedOn) },
        {
          key: 'netKg',
          header: t('collectionsMd.netKg'),
          align: 'right',
          card: 'amount',
          render: (r) => formatKg(r.netKg),
        },
        { key: 'device', header: t('offlineMd.device'), render: (r) => r.deviceCode },
        {
          key: 'reason',
          header: t('offlineMd.reason'),
          render: (r) => (
            <Text size="sm">
              {r.reasonCode ? t(`offlineMd.reasons.${r.reasonCode}`) : ''}
              {r.reviewReason ? ` · ${r.reviewReason}` : ''}
            </Text>
          ),
        },
        ...(canManage
          ? [
              {
                key: 'actions',
                header: '',
                card: 'action' as const,
                render: (r: OfflineReceipt) => <ReviewActions receipt={r} />,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Approve or void a receipt kept for review, each after its reason and a confirmation. */
function ReviewActions({ receipt: r }: { receipt: OfflineReceipt }) {
  const { t } = useTranslation();
  const [doing, setDoing] = useState<'approve' | 'void' | null>(null);
  const approve = useApproveReceipt(r.id);
  const voidIt = useVoidReceipt(r.id);
  if (r.status !== 'needs_review') return null;
  const words = { no: r.receiptNo, kg: formatKg(r.netKg), farmer: `${r.farmerNo} ${r.farmerName}` };
  return (
    <Group gap="xs" wrap="nowrap">
      <Button size="compact-sm" onClick={() => setDoing('approve')} data-testid={`approve-${r.receiptNo}`}>
        {t('offlineMd.approve')}
      </Button>
      <Button
        size="compact-sm"
        variant="default"
        color="red"
        onClick={() => setDoing('void')}
        data-testid={`void-${r.receiptNo}`}
      >
        {t('offlineMd.void')}
      </Button>
      {doing && (
        <ReasonModal
          title={t(doing === 'approve' ? 'offlineMd.approveTitle' : 'offlineMd.voidTitle', words)}
          reasonLabel={t('offlineMd.reason')}
          reasonRequired={t('offlineMd.reasonRequired')}
          submitLabel={t(doing === 'approve' ? 'offlineMd.approve' : 'offlineMd.void')}
          confirmTitle={t(doing === 'approve' ? 'offlineMd.approveTitle' : 'offlineMd.voidTitle', words)}
          confirmMessage={t(
            doing === 'approve' ? 'offlineMd.approveConfirm' : 'offlineMd.voidConfirm',
            words,
          )}
          mutation={doing === 'approve' ? approve : voidIt}
          onClose={() => setDoing(null)}
          testId="offline-review-form"
        />
      )}
    </Group>
  );
}
