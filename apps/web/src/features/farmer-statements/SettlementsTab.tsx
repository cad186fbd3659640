import { Stack, Text } from '@mantine/core';
import type { FarmerStatement, StatementSettlement } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, kgOrDash, moneyOrDash } from '../../lib/format.ts';
import { useRouteLink } from '../../lib/route-link.ts';
import { RecordLink } from './RecordLink.tsx';
import { SeasonTable } from './SeasonTable.tsx';

/** How the money of a settlement stands: its payment line's status and reference. */
function Payment({ row }: { row: StatementSettlement }) {
  const { t } = useTranslation();
  const p = row.payment;
  if (!p)
    return (
      <Text size="sm" c="dimmed">
        {t('farmerStatements.paymentNotDrafted')}
      </Text>
    );
  return (
    <Stack gap={2}>
      <StatusBadge status={p.status} data-testid="statement-payment-status" />
      <Text size="xs" data-testid="statement-payment-reference">
        {p.reference}
        {p.viaAmcosName ? ` · ${t('farmerStatements.paidThrough')} ${p.viaAmcosName}` : ''}
      </Text>
      {p.failureReason && (
        <Text size="xs" c="red">
          {p.failureReason}
        </Text>
      )}
    </Stack>
  );
}

/** Each approved settlement's split of the farmer's money (their settlement rows) and its payment. */
export function SettlementsTab({ settlements }: { settlements: FarmerStatement['settlements'] }) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  const totals = settlements.totals;
  return (
    <SeasonTable<StatementSettlement>
      label={t('farmerStatements.settlementsAndPayments')}
      testId="statement-settlements"
      empty={t('farmerStatements.empty.settlements')}
      rows={settlements.rows}
      rowKey={(r) => r.settlementId}
      columns={[
        {
          key: 'no',
          header: t('pay.settlementNo'),
          render: (r) => (
            <RecordLink to={linkTo('whr_payment_details', { id: r.settlementId })}>
              {r.settlementNo}
            </RecordLink>
          ),
          total: t('pay.total'),
        },
        { key: 'date', header: t('pay.date'), render: (r) => formatDate(r.settledOn) },
        {
          key: 'kg',
          header: t('pay.kg'),
          render: (r) => kgOrDash(r.kg),
          align: 'right',
          total: kgOrDash(totals.kg),
        },
        {
          key: 'gross',
          header: t('pay.grossShare'),
          render: (r) => moneyOrDash(r.grossShare),
          align: 'right',
          total: moneyOrDash(totals.grossShare),
        },
        {
          key: 'deductions',
          header: t('pay.deductions'),
          render: (r) => moneyOrDash(r.deductions),
          align: 'right',
          total: moneyOrDash(totals.deductions),
        },
        {
          key: 'recovery',
          header: t('pay.loanRecovery'),
          render: (r) => moneyOrDash(r.loanRecovery),
          align: 'right',
          total: moneyOrDash(totals.loanRecovery),
        },
        {
          key: 'shares',
          header: t('pay.memberShares'),
          render: (r) => moneyOrDash(r.memberShares),
          align: 'right',
          total: moneyOrDash(totals.memberShares),
        },
        {
          key: 'net',
          header: t('pay.reportColumns.net'),
          render: (r) => moneyOrDash(r.net),
          align: 'right',
          total: moneyOrDash(totals.net),
        },
        { key: 'payment', header: t('acc.payment'), render: (r) => <Payment row={r} /> },
      ]}
    />
  );
}
