import { Stack, Text, Title } from '@mantine/core';
import type { FarmerStatement, StatementLoan } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, formatDecimal, moneyOrDash } from '../../lib/format.ts';
import { useRouteLink } from '../../lib/route-link.ts';
import { unitLabel } from '../../lib/units.ts';
import { RecordLink } from './RecordLink.tsx';
import { SeasonTable } from './SeasonTable.tsx';

type Input = FarmerStatement['inputs'][number];

/** The farmer's loans (given, recovered by which settlement, still owed) and the inputs issued. */
export function LoansTab({ loans, inputs }: Pick<FarmerStatement, 'loans' | 'inputs'>) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  const totals = loans.totals;
  return (
    <Stack gap="md">
      <SeasonTable<StatementLoan>
        label={t('pay.loans')}
        testId="statement-loans"
        empty={t('farmerStatements.empty.loans')}
        rows={loans.rows}
        rowKey={(l) => l.id}
        columns={[
          { key: 'no', header: t('pay.loanNo'), render: (l) => l.loanNo, total: t('pay.total') },
          { key: 'date', header: t('pay.date'), render: (l) => formatDate(l.issuedOn) },
          {
            key: 'source',
            header: t('inputs.loanSource.title'),
            render: (l) => (
              <Stack gap={0}>
                <Text size="sm">{t(`inputs.loanSource.${l.source}`)}</Text>
                {l.distributionId ? (
                  <RecordLink to={linkTo('distribution_details', { id: l.distributionId })}>
                    {l.distributionNo}
                  </RecordLink>
                ) : (
                  <Text size="xs" c="dimmed">
                    {l.reason}
                  </Text>
                )}
                {l.recoveries.map((r) => (
                  <Text size="xs" c="dimmed" key={r.settlementNo}>
                    {t('farmerStatements.recoveredBy', {
                      settlement: r.settlementNo,
                      amount: moneyOrDash(r.amount),
                    })}
                  </Text>
                ))}
              </Stack>
            ),
          },
          { key: 'status', header: t('fields.status'), render: (l) => <StatusBadge status={l.status} /> },
          {
            key: 'amount',
            header: t('pay.amount'),
            render: (l) => moneyOrDash(l.amount),
            align: 'right',
            total: moneyOrDash(totals.given),
          },
          {
            key: 'recovered',
            header: t('pay.recovered'),
            render: (l) => moneyOrDash(l.recovered),
            align: 'right',
            total: moneyOrDash(totals.recovered),
          },
          {
            key: 'outstanding',
            header: t('pay.outstanding'),
            render: (l) => moneyOrDash(l.outstanding),
            align: 'right',
            total: moneyOrDash(totals.outstanding),
          },
        ]}
      />
      <Title order={3} size="h5">
        {t('farmerStatements.inputsTable')}
      </Title>
      <SeasonTable<Input>
        label={t('farmerStatements.inputsTable')}
        testId="statement-inputs"
        empty={t('farmerStatements.empty.inputs')}
        rows={inputs}
        rowKey={(i) => `${i.distributionId}-${i.itemName}`}
        columns={[
          {
            key: 'no',
            header: t('inputs.distributions.no'),
            render: (i) => (
              <RecordLink to={linkTo('distribution_details', { id: i.distributionId })}>
                {i.distributionNo}
              </RecordLink>
            ),
          },
          { key: 'date', header: t('inputs.date'), render: (i) => formatDate(i.distributedOn) },
          { key: 'item', header: t('inputs.item'), render: (i) => `${i.itemName} (${unitLabel(i.unit)})` },
          { key: 'kind', header: t('inputs.kind'), render: (i) => t(`inputs.kinds.${i.kind}`) },
          {
            key: 'quantity',
            header: t('inputs.quantity'),
            render: (i) => formatDecimal(i.quantity, 3),
            align: 'right',
          },
          {
            key: 'price',
            header: t('inputs.unitPrice'),
            render: (i) => moneyOrDash(i.unitPrice),
            align: 'right',
          },
          {
            key: 'value',
            header: t('inputs.farmerAmount'),
            render: (i) => moneyOrDash(i.farmerValue),
            align: 'right',
          },
          { key: 'status', header: t('fields.status'), render: (i) => <StatusBadge status={i.status} /> },
        ]}
      />
    </Stack>
  );
}
