import { Group, SegmentedControl, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { moneyOrDash } from '../lib/format.ts';
import { DateField } from './DateField.tsx';
import { Section } from './Section.tsx';

export type AgedView = 'summary' | 'details';

/** The four age buckets of an aged receivables or payables report, with their column labels. */
export function useAgedBuckets() {
  const { t } = useTranslation();
  return [
    ['current', t('salesMd.b0')],
    ['d31to60', t('salesMd.b31')],
    ['d61to90', t('salesMd.b61')],
    ['over90', t('salesMd.b90')],
  ] as const;
}

/** A row of an aged report (a party, an invoice or the totals): its amount in each age bucket, then its balance. */
export function AgedAmountCells({
  row,
  balanceTestId,
}: {
  row: { current: string; d31to60: string; d61to90: string; over90: string; balance: string };
  balanceTestId?: string;
}) {
  return (
    <>
      {(['current', 'd31to60', 'd61to90', 'over90'] as const).map((k) => (
        <Table.Td key={k} ta="right">
          {moneyOrDash(row[k])}
        </Table.Td>
      ))}
      <Table.Td ta="right" data-testid={balanceTestId}>
        {moneyOrDash(row.balance)}
      </Table.Td>
    </>
  );
}

/** An aged report's filters: summary or details, the as-at date, and the party picker (buyer, supplier). */
export function AgedReportFilters({
  view,
  onViewChange,
  asAt,
  onAsAtChange,
  party,
}: {
  view: AgedView;
  onViewChange: (view: AgedView) => void;
  asAt: string;
  onAsAtChange: (asAt: string) => void;
  party: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Section mb="lg">
      <Group align="end">
        <SegmentedControl
          value={view}
          onChange={(v) => onViewChange(v as AgedView)}
          data={[
            { value: 'summary', label: t('salesMd.agedSummary') },
            { value: 'details', label: t('salesMd.agedDetails') },
          ]}
        />
        <DateField
          label={t('salesMd.asAt')}
          value={asAt}
          onChange={(e) => onAsAtChange(e.currentTarget.value)}
        />
        <div style={{ minWidth: 260 }}>{party}</div>
      </Group>
    </Section>
  );
}
