import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';

type Allocation = { key: string; no: string; to: string; date: string; amount: string };

/** The money a receipt put on invoices, seen from either side: the other document, its date, the amount. */
export function AllocationsSection({
  rows,
  documentLabel,
  testId,
}: {
  rows: Allocation[];
  /** The heading of the other document's column: the receipt, the invoice, the payment. */
  documentLabel: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const columns: LineColumn<Allocation>[] = [
    {
      key: 'no',
      header: documentLabel,
      render: (a) => (
        <Anchor component={Link} to={a.to}>
          {a.no}
        </Anchor>
      ),
    },
    { key: 'date', header: t('pay.date'), kind: 'date', value: (a) => a.date },
    { key: 'amount', header: t('pay.amount'), kind: 'money', value: (a) => a.amount },
  ];
  return (
    <Section title={t('salesMd.allocations')}>
      <LinesTable
        label={t('salesMd.allocations')}
        columns={columns}
        lines={rows}
        lineKey={(a) => a.key}
        empty={{ title: t('salesMd.noAllocations') }}
        minWidth={360}
        testId={testId}
      />
    </Section>
  );
}
