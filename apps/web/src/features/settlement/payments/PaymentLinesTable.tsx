import { Checkbox, Text } from '@mantine/core';
import type { PaymentLine } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { pagedRows } from '../../../components/paged-rows.ts';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { useListState } from '../../../components/use-list-state.ts';
import type { Query } from '../../../lib/api.ts';
import { moneyOrDash } from '../../../lib/format.ts';
import { usePagedLines } from '../hooks.ts';
import { PayStatusBadge } from '../PayStatusBadge.tsx';

/**
 * Payable lines by party: a batch's lines, or one kind of party's payments. Each screen that
 * lists who is paid what (farmers, AMCOS, beneficiaries, transporters) uses this table.
 */
export function PaymentLinesTable({
  path,
  scope,
  testId,
  selectable,
  selected,
  onSelect,
  onExport,
  emptyTitle,
}: {
  /** The API list of lines, e.g. `payments/batches/{id}/lines` or `payments/lines`. */
  path: string;
  /** Fixed query parameters (a party type). */
  scope?: Query;
  testId: string;
  /** Lines that can be ticked (failed lines to retry, lines the bank refused). */
  selectable?: (line: PaymentLine) => boolean;
  selected?: PaymentLine[];
  onSelect?: (lines: PaymentLine[]) => void;
  onExport?: (query: Query) => void;
  /** What an empty table says (default: no payment lines). */
  emptyTitle?: string;
}) {
  const { t } = useTranslation();
  const list = useListState(['status'], 'l_');
  const rows = usePagedLines(path, { ...list.query, ...scope });
  const columns: Column<PaymentLine>[] = [
    ...(selectable && onSelect
      ? [
          {
            key: 'pick',
            header: '',
            width: 40,
            render: (l: PaymentLine) =>
              selectable(l) ? (
                <Checkbox
                  aria-label={t('pay.pickLine', { name: l.payeeName })}
                  checked={selected?.some((x) => x.id === l.id) ?? false}
                  onChange={(e) =>
                    onSelect(
                      e.currentTarget.checked
                        ? [...(selected ?? []), l]
                        : (selected ?? []).filter((x) => x.id !== l.id),
                    )
                  }
                />
              ) : null,
          },
        ]
      : []),
    { key: 'payee', header: t('pay.payee'), render: (l) => l.payeeName },
    {
      key: 'method',
      header: t('pay.method'),
      render: (l) =>
        l.method === 'none' ? (
          <Text c="red" size="sm" fw={600}>
            {t('pay.unpayable')}
          </Text>
        ) : (
          t(`pay.methods.${l.method}`)
        ),
    },
    {
      key: 'account',
      header: t('pay.accountOrPhone'),
      render: (l) => (l.method === 'bank' ? `${l.bankName ?? ''} ${l.accountNo ?? ''}` : (l.phone ?? '—')),
    },
    { key: 'reference', header: t('pay.reference'), render: (l) => l.reference },
    { key: 'amount', header: t('pay.amount'), align: 'right', render: (l) => moneyOrDash(l.amount) },
    { key: 'status', header: t('fields.status'), render: (l) => <PayStatusBadge status={l.status} /> },
    { key: 'reason', header: t('pay.failureReason'), render: (l) => l.failureReason ?? '' },
  ];
  return (
    <DataTable
      label={t('pay.lines')}
      columns={columns}
      {...pagedRows(rows)}
      rowKey={(l) => l.id}
      list={list}
      filters={
        // A scope that fixes the status (the failed lines to pay again) leaves nothing to filter.
        scope?.status ? undefined : (
          <StatusFilter
            list={list}
            data={(['pending', 'paid', 'failed', 'retried'] as const).map((s) => ({
              value: s,
              label: t(`pay.status.${s}`),
            }))}
            width={160}
          />
        )
      }
      onExport={onExport ? () => onExport({ ...list.query, ...scope }) : undefined}
      empty={{ title: emptyTitle ?? t('pay.noLines') }}
      testId={testId}
    />
  );
}
