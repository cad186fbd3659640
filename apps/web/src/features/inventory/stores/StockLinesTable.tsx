import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';

type StockLine = {
  id: string;
  lineNo: number;
  itemCode: string;
  itemName: string;
  quantity: string;
  unit: string;
  unitCost: string;
  value: string;
  batchNo: string | null;
  expiryDate?: string | null;
};

/** The lines section of a stock document (GRN, issue): item, quantity, cost, value, batch, and expiry when asked. */
export function StockLinesTable({
  testId,
  lines,
  costLabel,
  withExpiry = false,
}: {
  testId: string;
  lines: StockLine[];
  /** The cost column's heading: the entered unit cost (GRN) or the average cost (issue). */
  costLabel: string;
  withExpiry?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t('inventoryMd.lines')}>
      <Table data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>#</Table.Th>
            <Table.Th>{t('inventoryMd.item')}</Table.Th>
            <Table.Th ta="right">{t('inventoryMd.quantity')}</Table.Th>
            <Table.Th ta="right">{costLabel}</Table.Th>
            <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
            <Table.Th>{t('inventoryMd.batchNo')}</Table.Th>
            {withExpiry && <Table.Th>{t('inventoryMd.expiry')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {lines.map((l) => (
            <Table.Tr key={l.id}>
              <Table.Td>{l.lineNo}</Table.Td>
              <ItemQuantityCells line={l} />
              <Table.Td ta="right">{formatDecimal(l.unitCost, 2)}</Table.Td>
              <Table.Td ta="right">{formatMoney(l.value)}</Table.Td>
              <Table.Td>{l.batchNo ?? '—'}</Table.Td>
              {withExpiry && <Table.Td>{l.expiryDate ? formatDate(l.expiryDate) : '—'}</Table.Td>}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Section>
  );
}

/** A stock line's item (code · name) and quantity (with its unit) cells, as every stock lines table shows them. */
export function ItemQuantityCells({
  line,
}: {
  line: { itemCode: string; itemName: string; quantity: string; unit: string };
}) {
  return (
    <>
      <Table.Td>
        {line.itemCode} · {line.itemName}
      </Table.Td>
      <Table.Td ta="right">
        {formatDecimal(line.quantity, 3)} {line.unit}
      </Table.Td>
    </>
  );
}
