import { Table } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDecimal, formatFigure } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';

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

/** The item (code · name) and quantity (with its unit) columns every stock lines table shows. */
export function itemQuantityColumns<
  L extends { itemCode: string; itemName: string; quantity: string; unit: string },
>(t: TFunction, quantityHeader: string = t('inventoryMd.quantity')): LineColumn<L>[] {
  return [
    { key: 'item', header: t('inventoryMd.item'), value: (l) => `${l.itemCode} · ${l.itemName}` },
    {
      key: 'quantity',
      header: quantityHeader,
      kind: 'quantity',
      render: (l) => `${formatFigure('quantity', l.quantity)} ${unitLabel(l.unit, l.quantity)}`,
    },
  ];
}

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
  const columns: LineColumn<StockLine>[] = [
    { key: 'lineNo', header: '#', value: (l) => String(l.lineNo) },
    ...itemQuantityColumns<StockLine>(t),
    { key: 'cost', header: costLabel, kind: 'money', value: (l) => l.unitCost },
    { key: 'value', header: t('inventoryMd.value'), kind: 'amount', value: (l) => l.value },
    { key: 'batch', header: t('inventoryMd.batchNo'), value: (l) => l.batchNo },
    ...(withExpiry
      ? [
          {
            key: 'expiry',
            header: t('inventoryMd.expiry'),
            kind: 'date' as const,
            value: (l: StockLine) => l.expiryDate,
          },
        ]
      : []),
  ];
  return (
    <Section title={t('inventoryMd.lines')}>
      <LinesTable
        label={t('inventoryMd.lines')}
        columns={columns}
        lines={lines}
        lineKey={(l) => l.id}
        testId={testId}
      />
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
        {formatDecimal(line.quantity, 3)} {unitLabel(line.unit, line.quantity)}
      </Table.Td>
    </>
  );
}
