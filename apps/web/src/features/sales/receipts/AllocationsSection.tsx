import { Anchor, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../../components/Section.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';

/** The money a receipt put on invoices, seen from either side: the other document, its date, the amount. */
export function AllocationsSection({
  rows,
  testId,
}: {
  rows: { key: string; no: string; to: string; date: string; amount: string }[];
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('salesMd.allocations')}>
      {rows.length === 0 ? (
        <Text c="dimmed">{t('salesMd.noAllocations')}</Text>
      ) : (
        <Table data-testid={testId}>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.key}>
                <Table.Td>
                  <Anchor component={Link} to={a.to}>
                    {a.no}
                  </Anchor>
                </Table.Td>
                <Table.Td>{formatDate(a.date)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(a.amount)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Section>
  );
}
