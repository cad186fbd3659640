import { Anchor, Button, Tabs, Text, Textarea } from '@mantine/core';
import type { PaymentBatch, SettlementFarmerRow } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { pagedRows } from '../../../components/paged-rows.ts';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useListState } from '../../../components/use-list-state.ts';
import { formatDate, kgOrDash, moneyOrDash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import {
  batches,
  settlements,
  useApproveSettlement,
  useCancelSettlement,
  useSettlementFarmers,
  useSettlementLots,
} from '../hooks.ts';
import { PayStatusBadge } from '../PayStatusBadge.tsx';
import { lotSplitColumns } from './SettlementsPage.tsx';
import { SplitSummary } from './SplitSummary.tsx';

export default function SettlementDetailsRoute() {
  return (
    <RequirePermission permission="payments.settlement.read">
      <SettlementDetailsPage />
    </RequirePermission>
  );
}

const BATCH_ROUTES = {
  farmer: '/collections/farmer_payments',
  amcos: '/collections/payments/amcos',
  beneficiary: '/collections/payments/beneficiaries',
  transporter: '/collections/payments/transporter/list',
} as const;

function SettlementDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const settlement = settlements.useOne(id);
  const approve = useApproveSettlement(id);
  const [cancelling, setCancelling] = useState(false);
  const canApprove = useCan('payments.settlement.approve', 'union');
  const canCreate = useCan('payments.settlement.create', 'union');
  const s = settlement.data;
  if (!s) return <LoadingBlock />;
  const isDraft = s.status === 'draft';
  return (
    <DetailsLayout
      title={`${t('pay.settlement')} ${s.settlementNo}`}
      description={`${formatDate(s.settledOn)} · ${t('pay.previewCount', { lots: s.lotCount, farmers: s.farmerCount })}`}
      breadcrumbs={[
        { label: t('pay.settlements'), to: '/collections/payments/whr' },
        { label: s.settlementNo },
      ]}
      badge={<PayStatusBadge status={s.status} />}
      actions={
        <>
          {isDraft && canCreate && (
            <Button
              variant="default"
              color="red"
              onClick={() => setCancelling(true)}
              data-testid="settlement-cancel"
            >
              {t('pay.cancelDraft')}
            </Button>
          )}
          {isDraft && canApprove && (
            <Button
              loading={approve.isPending}
              data-testid="settlement-approve"
              onClick={() =>
                confirmAction({
                  title: t('pay.approveSettlement'),
                  message: t('pay.approveSettlementHint', { amount: moneyOrDash(s.gross) }),
                  confirmLabel: t('pay.approve'),
                  danger: false,
                  onConfirm: () => approve.mutate(undefined),
                })
              }
            >
              {t('pay.approve')}
            </Button>
          )}
        </>
      }
    >
      <SplitSummary totals={s} testId="settlement-totals" />
      {s.unionIncome && s.unionIncome !== '0.00' && (
        <Text size="sm" c="dimmed" data-testid="settlement-union-income">
          {t(isDraft ? 'twoBooks.settlementUnionIncomeDraft' : 'twoBooks.settlementUnionIncome', {
            amount: moneyOrDash(s.unionIncome),
          })}
        </Text>
      )}
      <Tabs defaultValue="lots" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="lots">{t('pay.lots')}</Tabs.Tab>
          <Tabs.Tab value="farmers">{t('pay.farmers')}</Tabs.Tab>
          {!user?.amcosId && s.status === 'approved' && (
            <Tabs.Tab value="batches">{t('pay.batches')}</Tabs.Tab>
          )}
          {!user?.amcosId && <Tabs.Tab value="history">{t('history.title')}</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="lots" pt="md">
          <SettlementLotsTable id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="farmers" pt="md">
          <SettlementFarmersTable id={id} />
        </Tabs.Panel>
        <Tabs.Panel value="batches" pt="md">
          <SettlementBatches id={id} />
        </Tabs.Panel>
        {!user?.amcosId && (
          <Tabs.Panel value="history" pt="md">
            <HistoryPanel entity="settlement" id={s.id} variant="bare" withTitle={false} />
          </Tabs.Panel>
        )}
      </Tabs>
      {cancelling && <CancelForm id={id} onClose={() => setCancelling(false)} />}
    </DetailsLayout>
  );
}

/** The Lots tab: a page of lots at a time (a settlement of 79 lots was one 20,000-px page, #20). */
function SettlementLotsTable({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = useListState([], 'l_');
  const rows = useSettlementLots(id, list.query);
  return (
    <DataTable
      label={t('pay.lots')}
      columns={lotSplitColumns(t)}
      {...pagedRows(rows)}
      rowKey={(l) => l.lotId}
      list={list}
      empty={{ title: t('pay.noLots') }}
      minWidth={900}
      testId="lots-split"
    />
  );
}

function SettlementFarmersTable({ id }: { id: string }) {
  const { t } = useTranslation();
  const list = useListState([], 'f_');
  const rows = useSettlementFarmers(id, list.query);
  const columns: Column<SettlementFarmerRow>[] = [
    { key: 'no', header: t('pay.farmerNo'), render: (f) => f.farmerNo },
    { key: 'name', header: t('fields.name'), render: (f) => f.farmerName },
    { key: 'lot', header: t('pay.lot'), render: (f) => f.lotNo },
    { key: 'kg', header: t('pay.kg'), align: 'right', render: (f) => kgOrDash(f.kg) },
    { key: 'gross', header: t('pay.grossShare'), align: 'right', render: (f) => moneyOrDash(f.grossShare) },
    { key: 'ded', header: t('pay.deductions'), align: 'right', render: (f) => moneyOrDash(f.deductions) },
    {
      key: 'loan',
      header: t('pay.loanRecovery'),
      align: 'right',
      render: (f) => moneyOrDash(f.loanRecovery),
    },
    {
      key: 'shares',
      header: t('pay.memberShares'),
      align: 'right',
      render: (f) => moneyOrDash(f.memberShares),
    },
    { key: 'net', header: t('pay.net'), align: 'right', render: (f) => moneyOrDash(f.net) },
  ];
  return (
    <DataTable
      label={t('pay.farmers')}
      columns={columns}
      rows={rows.data?.data}
      total={rows.data?.meta.total ?? 0}
      loading={rows.isLoading}
      error={rows.error}
      rowKey={(f) => `${f.farmerId}-${f.lotId}`}
      list={list}
      empty={{ title: t('pay.noLines') }}
      testId="settlement-farmers"
    />
  );
}

/** The payment batches a settlement drafted: one per kind of payee, each with its lines' total. */
function batchColumns(t: TFunction): LineColumn<PaymentBatch>[] {
  return [
    {
      key: 'batchNo',
      header: t('pay.batchNo'),
      render: (b) => (
        <Anchor component={Link} to={`${BATCH_ROUTES[b.partyType]}?batch=${b.id}`}>
          {b.batchNo}
        </Anchor>
      ),
    },
    { key: 'party', header: t('pay.partyType'), value: (b) => t(`pay.parties.${b.partyType}`) },
    { key: 'lines', header: t('pay.lineCount'), kind: 'count', value: (b) => b.lineCount },
    { key: 'amount', header: t('pay.amount'), kind: 'money', value: (b) => b.total },
    { key: 'status', header: t('fields.status'), render: (b) => <PayStatusBadge status={b.status} /> },
  ];
}

function SettlementBatches({ id }: { id: string }) {
  const { t } = useTranslation();
  const rows = batches.useList({ settlement_id: id, per_page: 50 });
  return (
    <LinesTable
      label={t('pay.batches')}
      columns={batchColumns(t)}
      lines={rows.data?.data}
      lineKey={(b) => b.id}
      testId="settlement-batches"
    />
  );
}

function CancelForm({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const cancel = useCancelSettlement(id);
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('pay.cancelDraft')}
      onSubmit={(e) => {
        e.preventDefault();
        cancel.mutate(reason, { onSuccess: onClose });
      }}
      submitLabel={t('pay.cancelDraft')}
      submitting={cancel.isPending}
      testId="settlement-cancel-form"
    >
      <Text size="sm">{t('pay.cancelHint')}</Text>
      <Textarea
        data-autofocus
        label={t('pay.reason')}
        required
        value={reason}
        onChange={(e) => setReason(e.currentTarget.value)}
      />
    </FormModal>
  );
}
