import type { QuantityByStoreReply, StoreLedgerReply } from '@ushirika/contracts';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { toXlsx } from '../../../platform/exports.ts';
import { currentLanguage, unitLabel } from '../../../platform/labels.ts';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';

type QtyRow = QuantityByStoreReply['data'][number];
type LedgerRow = StoreLedgerReply['data'][number];
type Column<T> = { header: string; value: (r: T) => string; amount?: boolean };

const quantityColumns: Column<QtyRow>[] = [
  { header: 'Store', value: (r) => r.storeName },
  { header: 'AMCOS', value: (r) => r.amcosName ?? '' },
  { header: 'Code', value: (r) => r.itemCode },
  { header: 'Item', value: (r) => r.itemName },
  { header: 'Category', value: (r) => r.categoryName ?? '' },
  { header: 'Unit', value: (r) => unitLabel(currentLanguage(), r.unit) },
  { header: 'Quantity', value: (r) => r.quantity, amount: true },
  { header: 'Avg cost', value: (r) => r.avgCost, amount: true },
  { header: 'Value', value: (r) => r.value, amount: true },
];

const ledgerColumns: Column<LedgerRow>[] = [
  { header: 'Store', value: (r) => r.storeName },
  { header: 'AMCOS', value: (r) => r.amcosName ?? '' },
  { header: 'Code', value: (r) => r.itemCode },
  { header: 'Item', value: (r) => r.itemName },
  { header: 'Unit', value: (r) => unitLabel(currentLanguage(), r.unit) },
  { header: 'Opening qty', value: (r) => r.openingQuantity, amount: true },
  { header: 'Opening value', value: (r) => r.openingValue, amount: true },
  { header: 'In qty', value: (r) => r.inQuantity, amount: true },
  { header: 'In value', value: (r) => r.inValue, amount: true },
  { header: 'Out qty', value: (r) => r.outQuantity, amount: true },
  { header: 'Out value', value: (r) => r.outValue, amount: true },
  { header: 'Closing qty', value: (r) => r.closingQuantity, amount: true },
  { header: 'Closing value', value: (r) => r.closingValue, amount: true },
];

function files<T>(columns: Column<T>[], rows: T[], totals: Partial<Record<string, string>>) {
  const totalRow = columns.map((c, i) => (i === 0 ? 'Total' : (totals[c.header] ?? '')));
  return {
    xlsx: (name: string) =>
      toXlsx(
        name,
        columns.map((c, i) => ({
          header: c.header,
          value: (r: T | string[]) => (Array.isArray(r) ? (r[i] ?? '') : c.value(r)),
        })),
        [...rows, totalRow],
      ),
    pdf: (letterhead: Letterhead, title: string, subtitle: string[]) =>
      tablePdf(letterhead, {
        title,
        subtitle,
        columns: columns.map((c) => ({
          header: c.header,
          value: (r: T) => (c.amount ? grouped(c.value(r)) : c.value(r)),
          ...(c.amount ? { align: 'right' as const } : {}),
        })),
        rows,
        totals: totalRow.map((t, i) => (columns[i]?.amount && t ? grouped(t) : t)),
      }),
  };
}

export const quantityByStoreFiles = (report: QuantityByStoreReply) =>
  files(quantityColumns, report.data, { Value: report.totals.value });

export const storeLedgerFiles = (report: StoreLedgerReply) =>
  files(ledgerColumns, report.data, {
    'Opening value': report.totals.openingValue,
    'In value': report.totals.inValue,
    'Out value': report.totals.outValue,
    'Closing value': report.totals.closingValue,
  });
