import { Anchor, Button, Group, Menu, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import type { PaymentBatch, PaymentLine } from '@ushirika/contracts';
import { sum, todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { ApiError } from '../../../lib/api-error.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { batches, useApproveBatch, useBatchLines, useExportBatch, useMarkPaid } from '../hooks.ts';
import { PayStatusBadge } from '../PayStatusBadge.tsx';
import { PayoutPanel, SendPayoutsButton } from '../payouts/PayoutPanel.tsx';
import { ReconciliationPanel } from '../payouts/ReconciliationPanel.tsx';
import { PaymentLinesTable } from './PaymentLinesTable.tsx';
import { RetryLinesModal } from './RetryLinesModal.tsx';

type Party = PaymentBatch['partyType'];

export const BATCH_DETAILS: Record<Party, (id: string) => string> = {
  farmer: (id) => `/collections/farmer_payments?batch=${id}`,
  amcos: (id) => `/collections/payments/amcos/${id}/details`,
  beneficiary: (id) => `/collections/payments/beneficiaries/${id}/details`,
  transporter: (id) => `/collections/payments/transporter/${id}/details`,
};

/** SPEC gives a create screen for transporter payments only. */
const NEW_BATCH: Partial<Record<Party, string>> = {
  transporter: '/collections/payments/transporter/create',
};

/**
 * Payment batches of one kind of payee (farmers, AMCOS, beneficiaries, transporters); a chosen
 * batch (`?batch=`) opens below the list with its lines and actions.
 */
function BatchesPage({ party }: { party: Party }) {
  const { t } = useTranslation();
  const canCreate = useCan('payments.settlement.create');
  const [params] = useSearchParams();
  const open = params.get('batch');
  const createPath = NEW_BATCH[party];
  return (
    <RequirePermission permission="payments.settlement.read" unionOnly>
      <PageHeader
        title={t(`pay.batchTitles.${party}`)}
        description={t('pay.batchesHint')}
        breadcrumbs={[{ label: t('pay.payments') }, { label: t(`pay.batchTitles.${party}`) }]}
        actions={
          createPath && canCreate ? (
            <Button component={Link} to={createPath} data-testid="new-batch">
              {t(`pay.newBatchTitles.${party}`)}
            </Button>
          ) : undefined
        }
      />
      <Stack>
        <ResourceList
          label={t(`pay.batchTitles.${party}`)}
          resource={batches}
          scope={{ party_type: party }}
          filterNames={['status']}
          testId={`batches-${party}`}
          emptyTitle={t('pay.noBatches')}
          columns={[
            {
              key: 'no',
              header: t('pay.batchNo'),
              render: (b) => (
                <Anchor
                  component={Link}
                  to={BATCH_DETAILS[party](b.id)}
                  data-testid={`batch-link-${b.batchNo}`}
                >
                  {b.batchNo}
                </Anchor>
              ),
            },
            { key: 'settlement', header: t('pay.settlement'), render: (b) => b.settlementNo ?? '—' },
            {
              key: 'retry',
              header: '',
              render: (b) => (b.isRetry ? <Text size="xs">{t('pay.retryBatch')}</Text> : null),
            },
            { key: 'lines', header: t('pay.lineCount'), align: 'right', render: (b) => b.lineCount },
            { key: 'total', header: t('pay.amount'), align: 'right', render: (b) => moneyOrDash(b.total) },
            { key: 'paidOn', header: t('pay.paidOn'), render: (b) => formatDate(b.paidOn) },
            {
              key: 'status',
              header: t('fields.status'),
              render: (b) => <PayStatusBadge status={b.status} />,
            },
          ]}
        />
        {open && <BatchPanel id={open} />}
      </Stack>
    </RequirePermission>
  );
}

export const FarmerPaymentsRoute = () => <BatchesPage party="farmer" />;
export const AmcosPaymentsRoute = () => <BatchesPage party="amcos" />;
export const BeneficiaryPaymentsRoute = () => <BatchesPage party="beneficiary" />;
export const TransporterPaymentsRoute = () => <BatchesPage party="transporter" />;

/** `/…/{id}/details`: one batch on its own page. */
export function BatchDetailsRoute() {
  const { id = '' } = useParams();
  return (
    <RequirePermission permission="payments.settlement.read" unionOnly>
      <BatchPanel id={id} withHeader />
    </RequirePermission>
  );
}

/** One batch: its lines, and approve / export / mark paid / retry as its state allows. */
export function BatchPanel({ id, withHeader }: { id: string; withHeader?: boolean }) {
  const { t } = useTranslation();
  const batch = batches.useOne(id);
  const [paying, setPaying] = useState(false);
  const [retrying, setRetrying] = useState(false);
  const [picked, setPicked] = useState<PaymentLine[]>([]);
  const canApprove = useCan('payments.batch.approve');
  const b = batch.data;
  if (!b) return <LoadingBlock />;
  const actions = (
    <BatchActions
      batch={b}
      picked={picked.length}
      onMarkPaid={() => setPaying(true)}
      onRetry={() => setRetrying(true)}
    />
  );
  return (
    <>
      {withHeader ? (
        <PageHeader
          title={`${t('pay.batch')} ${b.batchNo}`}
          description={`${t(`pay.parties.${b.partyType}`)} · ${moneyOrDash(b.total)}`}
          breadcrumbs={[{ label: t('pay.payments') }, { label: b.batchNo }]}
          actions={actions}
        />
      ) : (
        <Paper withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text fw={700} data-testid="batch-title">
              {t('pay.batch')} {b.batchNo} · {moneyOrDash(b.total)}
              {b.bankReference ? ` · ${b.bankReference}` : ''}
            </Text>
            {actions}
          </Group>
        </Paper>
      )}
      {['sending', 'paid', 'partly_paid'].includes(b.status) && (
        <PayoutPanel batch={b} canDecide={canApprove} />
      )}
      {['sending', 'paid', 'partly_paid'].includes(b.status) && <ReconciliationPanel batch={b} />}
      <PaymentLinesTable
        testId="batch-lines"
        path={`payments/batches/${id}/lines`}
        selectable={
          b.status === 'paid' || b.status === 'partly_paid' ? (l) => l.status === 'failed' : undefined
        }
        selected={picked}
        onSelect={setPicked}
      />
      <AttachmentsSection recordType="payment-batch" recordId={id} />
      {paying && <MarkPaidForm batch={b} onClose={() => setPaying(false)} />}
      {retrying && (
        <RetryLinesModal
          lines={picked}
          title={t('pay.retryLines', { count: picked.length })}
          onClose={() => setRetrying(false)}
          onDone={() => {
            setRetrying(false);
            setPicked([]);
          }}
        />
      )}
    </>
  );
}

function MarkPaidForm({ batch, onClose }: { batch: PaymentBatch; onClose: () => void }) {
  const { t } = useTranslation();
  const [paidOn, setPaidOn] = useState(todayInTanzania());
  const [reference, setReference] = useState('');
  const [failed, setFailed] = useState<{ lineId: string; reason: string }[]>([]);
  const [error, setError] = useState<string | null>(null);
  const lines = useBatchLines(batch.id, { per_page: 200, status: 'pending' });
  const markPaid = useMarkPaid(batch.id);
  const payable = (lines.data?.data ?? []).filter((l: PaymentLine) => l.method !== 'none');
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('pay.markPaid')}
      error={error}
      onSubmit={(e) => {
        e.preventDefault();
        const failing = failed.filter((f) => f.reason.trim());
        const failedAmount = sum(failing.map((f) => payable.find((l) => l.id === f.lineId)?.amount ?? '0'));
        confirmAction({
          title: t('pay.markPaid'),
          message: t('pay.confirmMarkPaid', {
            count: failing.length,
            failed: formatMoney(failedAmount.toFixed(2)),
          }),
          amount: formatMoney(batch.total),
          confirmLabel: t('pay.markPaid'),
          danger: false,
          onConfirm: () =>
            markPaid.mutate(
              { paidOn, bankReference: reference, failed: failing },
              {
                onSuccess: onClose,
                onError: (err) => setError(err instanceof ApiError ? err.serverMessage : String(err)),
              },
            ),
        });
      }}
      submitLabel={t('pay.markPaid')}
      submitting={markPaid.isPending}
      testId="mark-paid-form"
    >
      <DateField
        label={t('pay.paidOn')}
        required
        value={paidOn}
        onChange={(e) => setPaidOn(e.currentTarget.value)}
      />
      <TextInput
        data-autofocus
        label={t('pay.bankReference')}
        required
        value={reference}
        onChange={(e) => setReference(e.currentTarget.value)}
      />
      <Text size="sm" c="dimmed">
        {t('pay.failedHint')}
      </Text>
      <Group align="end">
        <Select
          label={t('pay.failedLine')}
          searchable
          clearable
          data={payable
            .filter((l) => !failed.some((f) => f.lineId === l.id))
            .map((l) => ({ value: l.id, label: `${l.payeeName} · ${moneyOrDash(l.amount)}` }))}
          value={null}
          onChange={(v) => v && setFailed([...failed, { lineId: v, reason: '' }])}
          data-testid="failed-line-pick"
        />
      </Group>
      {failed.map((f, i) => (
        <TextInput
          key={f.lineId}
          label={t('pay.failureReasonFor', {
            name: payable.find((l) => l.id === f.lineId)?.payeeName ?? '',
          })}
          required
          value={f.reason}
          onChange={(e) => {
            const next = [...failed];
            next[i] = { lineId: f.lineId, reason: e.currentTarget.value };
            setFailed(next);
          }}
          data-testid={`failed-reason-${i}`}
        />
      ))}
    </FormModal>
  );
}

/** What may be done to the batch in its state: approve, send, export, voucher, mark paid, retry. */
function BatchActions({
  batch,
  picked,
  onMarkPaid,
  onRetry,
}: {
  batch: PaymentBatch;
  /** How many failed lines are ticked for a retry. */
  picked: number;
  onMarkPaid: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const approve = useApproveBatch(batch.id);
  const exportFile = useExportBatch(batch.id);
  const canWrite = useCan('payments.settlement.create');
  const canApprove = useCan('payments.batch.approve');
  return (
    <Group>
      <PayStatusBadge status={batch.status} />
      {batch.status === 'draft' && canApprove && (
        <Button
          data-testid="batch-approve"
          loading={approve.isPending}
          onClick={() =>
            confirmAction({
              title: t('pay.approveBatch'),
              message: t('pay.approveBatchHint', {
                amount: moneyOrDash(batch.total),
                count: batch.lineCount,
              }),
              confirmLabel: t('pay.approve'),
              danger: false,
              onConfirm: () => approve.mutate(undefined),
            })
          }
        >
          {t('pay.approve')}
        </Button>
      )}
      {batch.status === 'approved' && canApprove && <SendPayoutsButton batch={batch} />}
      {(batch.status === 'approved' || batch.status === 'exported') && canWrite && (
        <Menu>
          <Menu.Target>
            <Button variant="light" loading={exportFile.isPending} data-testid="batch-export">
              {t('pay.exportFile')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(['bank', 'mobile'] as const).flatMap((layout) =>
              (['xlsx', 'csv'] as const).map((format) => (
                <Menu.Item
                  key={`${layout}-${format}`}
                  data-testid={`batch-export-${layout}-${format}`}
                  onClick={() => exportFile.mutate({ layout, format })}
                >
                  {t(`pay.layouts.${layout}`)} ({format})
                </Menu.Item>
              )),
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      <Button
        variant="default"
        data-testid="batch-voucher"
        onClick={() =>
          void downloadFile(`payments/batches/${batch.id}/voucher`, {}, `VOUCHER-${batch.batchNo}.pdf`)
        }
      >
        {t('pay.voucher')}
      </Button>
      {batch.status === 'exported' && canWrite && (
        <Button data-testid="batch-mark-paid" onClick={onMarkPaid}>
          {t('pay.markPaid')}
        </Button>
      )}
      {(batch.status === 'paid' || batch.status === 'partly_paid') && canWrite && picked > 0 && (
        <Button color="orange" data-testid="batch-retry" onClick={onRetry}>
          {t('pay.retryLines', { count: picked })}
        </Button>
      )}
    </Group>
  );
}
