import { Badge, Button, FileInput, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { PaymentBatch, PayoutReconciliation, PayoutReconciliationKind } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { formatDateTime, moneyOrDash } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import {
  useConfirmPayoutReconciliation,
  useImportPayoutStatement,
  usePayoutProgress,
  usePayoutReconciliation,
} from './hooks.ts';

const KIND_COLOR: Record<PayoutReconciliationKind, string> = {
  matched: 'green',
  amount_differs: 'red',
  status_differs: 'red',
  not_final: 'orange',
  pending: 'gray',
  missing: 'red',
  duplicate: 'red',
  unknown_row: 'orange',
};

/**
 * The provider's statement matched against the batch's lines (#30): read it from the provider's
 * API (where it offers one) or import its CSV file (who prepares payments); the result by kind;
 * another person, an approver of batches, confirms it, which settles the lines the provider
 * reports final that were still open here.
 */
export function ReconciliationPanel({ batch }: { batch: PaymentBatch }) {
  const { t } = useTranslation();
  const progress = usePayoutProgress(batch.id, batch.status === 'sending');
  const view = usePayoutReconciliation(batch.id);
  const importing = useImportPayoutStatement(batch.id);
  const canImport = useCan('payments.settlement.create');
  const [file, setFile] = useState<File | null>(null);
  const data = view.data?.data;
  // A batch paid by file (no line went through a provider) has no provider's statement.
  if (!data || !progress.data?.data.lines) return null;
  const imported = (reply: { message: string; data: PayoutReconciliation }, created: boolean) =>
    toastSuccess(
      created ? t('payouts.rec.imported', { count: reply.data.rowsRead }) : t('payouts.rec.already'),
    );
  const readFromProvider = async () => {
    const before = data.reconciliation?.id;
    const reply = await importing.mutateAsync({ source: 'provider' });
    imported(reply, reply.data.id !== before);
  };
  const importFile = async () => {
    if (!file) return;
    const before = data.reconciliation?.id;
    const reply = await importing.mutateAsync({
      source: 'file',
      fileName: file.name,
      content: await file.text(),
    });
    imported(reply, reply.data.id !== before);
    setFile(null);
  };
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payout-reconciliation">
      <Stack gap="xs">
        <Title order={4}>{t('payouts.rec.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('payouts.rec.hint')}
        </Text>
        {canImport && (
          <Group align="end">
            {data.statementFromProvider && (
              <Button
                variant="light"
                loading={importing.isPending}
                onClick={() => void readFromProvider().catch(() => {})}
                data-testid="rec-from-provider"
              >
                {t('payouts.rec.fromProvider')}
              </Button>
            )}
            <FileInput
              label={t('payouts.rec.file')}
              accept=".csv,.txt"
              value={file}
              onChange={setFile}
              w={260}
              data-testid="rec-file"
            />
            <Button
              disabled={!file}
              loading={importing.isPending}
              onClick={() => void importFile().catch(() => {})}
              data-testid="rec-import"
            >
              {t('payouts.rec.import')}
            </Button>
          </Group>
        )}
        {data.reconciliation ? (
          <ReconciliationResult batch={batch} rec={data.reconciliation} />
        ) : (
          <Text size="sm" data-testid="rec-none">
            {t('payouts.rec.none')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function ReconciliationResult({ batch, rec }: { batch: PaymentBatch; rec: PayoutReconciliation }) {
  const { t } = useTranslation();
  const confirm = useConfirmPayoutReconciliation(batch.id);
  const canConfirm = useCan('payments.batch.approve');
  const toSettle = rec.items.filter((i) => i.kind === 'not_final' && i.statementStatus !== 'pending');
  const kinds = Object.entries(rec.counts).filter(([, n]) => n > 0) as [PayoutReconciliationKind, number][];
  return (
    <Stack gap="xs">
      <Text size="sm" data-testid="rec-source">
        {rec.source === 'provider'
          ? t('payouts.rec.readFromProvider')
          : t('payouts.rec.readFromFile', { file: rec.fileName ?? '' })}{' '}
        · {t('payouts.rec.rows', { count: rec.rowsRead })} · {rec.importedByName ?? ''}{' '}
        {formatDateTime(rec.importedAt)}
        {rec.status === 'confirmed' &&
          ` · ${t('payouts.rec.confirmedBy', { name: rec.confirmedByName ?? '', at: formatDateTime(rec.confirmedAt ?? '') })}`}
      </Text>
      <Group gap="xs">
        {kinds.map(([kind, n]) => (
          <Badge key={kind} color={KIND_COLOR[kind]} variant="light" data-testid={`rec-count-${kind}`}>
            {t(`payouts.rec.kinds.${kind}`)}: {n}
          </Badge>
        ))}
      </Group>
      {rec.status === 'proposed' && canConfirm && (
        <Group>
          <Button
            loading={confirm.isPending}
            data-testid="rec-confirm"
            onClick={() =>
              confirmAction({
                title: t('payouts.rec.confirm'),
                message: t('payouts.rec.confirmHint', { count: toSettle.length }),
                confirmLabel: t('payouts.rec.confirm'),
                onConfirm: () =>
                  confirm.mutate(rec.id, {
                    onSuccess: (reply) =>
                      toastSuccess(
                        t('payouts.rec.confirmed', {
                          count: reply.data.items.filter((i) => i.settled).length,
                        }),
                      ),
                  }),
              })
            }
          >
            {t('payouts.rec.confirm')}
          </Button>
        </Group>
      )}
      <Table data-testid="rec-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('payouts.rec.kind')}</Table.Th>
            <Table.Th>{t('payouts.rec.row')}</Table.Th>
            <Table.Th>{t('payouts.payee')}</Table.Th>
            <Table.Th>{t('payouts.rec.reference')}</Table.Th>
            <Table.Th>{t('payouts.account')}</Table.Th>
            <Table.Th ta="right">{t('payouts.rec.lineAmount')}</Table.Th>
            <Table.Th ta="right">{t('payouts.rec.statementAmount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rec.items.map((i) => (
            <Table.Tr key={`${i.rowNo ?? 'line'}-${i.lineId ?? ''}`} data-testid={`rec-item-${i.kind}`}>
              <Table.Td>
                <Badge color={KIND_COLOR[i.kind]} variant="light">
                  {t(`payouts.rec.kinds.${i.kind}`)}
                </Badge>
                {i.settled && ` ${t('payouts.rec.settled')}`}
              </Table.Td>
              <Table.Td>{i.rowNo ?? '—'}</Table.Td>
              <Table.Td>{i.payeeName ?? '—'}</Table.Td>
              <Table.Td>{i.providerReference ?? '—'}</Table.Td>
              <Table.Td>{i.account ?? '—'}</Table.Td>
              <Table.Td ta="right">{moneyOrDash(i.lineAmount)}</Table.Td>
              <Table.Td ta="right">{moneyOrDash(i.statementAmount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
