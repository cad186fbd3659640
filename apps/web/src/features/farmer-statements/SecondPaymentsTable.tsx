import { Stack, Text } from '@mantine/core';
import type { StatementSecondPayment } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, kgOrDash, moneyOrDash } from '../../lib/format.ts';
import { SeasonTable } from './SeasonTable.tsx';

/** The farmer's second payments (#32) of the season's crops: their kg, the rate, the amount and its payment. */
export function SecondPaymentsTable({ rows }: { rows: StatementSecondPayment[] }) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <SeasonTable<StatementSecondPayment>
      label={t('secondPayments.title')}
      testId="statement-second-payments"
      empty={t('secondPayments.empty')}
      rows={rows}
      rowKey={(r) => r.secondPaymentId}
      columns={[
        { key: 'no', header: t('secondPayments.number'), render: (r) => r.paymentNo, total: t('pay.total') },
        { key: 'date', header: t('secondPayments.approvedAt'), render: (r) => formatDate(r.approvedOn) },
        { key: 'crop', header: t('secondPayments.crop'), render: (r) => r.cropName },
        { key: 'kg', header: t('secondPayments.kg'), render: (r) => kgOrDash(r.kg), align: 'right' },
        {
          key: 'rate',
          header: t('secondPayments.ratePerKg'),
          render: (r) => moneyOrDash(r.ratePerKg),
          align: 'right',
        },
        {
          key: 'amount',
          header: t('secondPayments.amount'),
          render: (r) => moneyOrDash(r.amount),
          align: 'right',
          total: moneyOrDash(sum(rows.map((r) => r.amount)).toFixed(2)),
        },
        {
          key: 'payment',
          header: t('acc.payment'),
          render: (r) =>
            r.payment ? (
              <Stack gap={2}>
                <StatusBadge status={r.payment.status} />
                <Text size="xs">{r.payment.reference}</Text>
              </Stack>
            ) : (
              <Text size="sm" c="dimmed">
                {t('farmerStatements.paymentNotDrafted')}
              </Text>
            ),
        },
      ]}
    />
  );
}
