import { OPENING_COLUMNS, OPENING_MAX_ROWS, type OpeningKind } from '@ushirika/contracts';
import { spreadsheetNumber } from '@ushirika/domain';
import { loadExcelJs } from '../../../platform/heavy-modules.ts';
import { readImportSheet, type SheetRow } from '../../../platform/import-sheet.ts';

/** What each sheet holds, in words for its messages. */
const WHAT: Record<OpeningKind, string> = {
  trial_balance: 'trial balance',
  farmer_loans: 'farmer loans',
  buyer_invoices: 'buyer invoices',
  supplier_invoices: 'supplier invoices',
  stock: 'stock lines',
  bank_balances: 'bank balances',
  crop_lots: 'crop lots',
  buyer_credits: 'buyer credits',
};

/** The columns a row cannot go without (the rest may be empty). */
const REQUIRED: Record<OpeningKind, string[]> = {
  trial_balance: ['account_code', 'debit', 'credit'],
  farmer_loans: ['farmer_no', 'date_given', 'amount'],
  buyer_invoices: ['buyer_code', 'invoice_no', 'invoice_date', 'amount'],
  supplier_invoices: ['supplier_code', 'invoice_no', 'invoice_date', 'amount'],
  stock: ['store_code', 'item_code', 'quantity', 'value'],
  bank_balances: ['account_code', 'balance'],
  crop_lots: ['warehouse', 'lot_no', 'amcos_code', 'season', 'crop_code', 'grade_code', 'bags', 'net_kg'],
  buyer_credits: ['buyer_code', 'date_received', 'amount', 'bank_account_code'],
};

/** The example lot whose bags two farmers delivered. */
const LOT_A0412 = ['Masasi Warehouse', 'A-0412', 'NAN02', '2025/26', 'CASHEW', 'STD', '12', '960.000'];

/** Example rows of each template (figures written as numbers in the xlsx). */
const EXAMPLES: Record<OpeningKind, string[][]> = {
  trial_balance: [
    ['1101', 'Crop collection bank account', '12500000.00', ''],
    ['2102', 'Payable to farmers', '', '12500000.00'],
  ],
  farmer_loans: [['NAN02-00001', 'distribution', '2026-03-14', '250000.00', '50000.00']],
  buyer_invoices: [['OLAM', 'OLD-INV-1042', '2026-05-20', '2026-06-19', '45000000.00', '15000000.00']],
  supplier_invoices: [['YARA', 'Y-77812', '2026-05-02', '2026-06-01', '8400000.00', '0']],
  stock: [['MAIN', 'SULPHUR-25', '120', '3600000.00']],
  bank_balances: [['1101', '12500000.00']],
  crop_lots: [
    [...LOT_A0412, 'NAN02-00001', '7', '560.000'],
    [...LOT_A0412, 'NAN02-00002', '5', '400.000'],
    ['Masasi Warehouse', 'A-0413', 'NAN02', '2025/26', 'CASHEW', 'STD', '8', '640.000', '', '', ''],
  ],
  buyer_credits: [['OLAM', 'OLD-RCPT-311', '2026-06-02', '20000000.00', '5000000.00', '1101']],
};

const FIGURES = new Set([
  'debit',
  'credit',
  'amount',
  'already_recovered',
  'already_paid',
  'already_allocated',
  'quantity',
  'value',
  'balance',
  'bags',
  'net_kg',
  'farmer_bags',
  'farmer_kg',
]);

/** Figures counted in whole units (bags). */
const WHOLE = new Set(['bags', 'farmer_bags']);

/** Reads an uploaded opening sheet (xlsx, or csv) into rows keyed by the template's columns. */
export function readOpeningSheet(kind: OpeningKind, bytes: Buffer, filename: string): Promise<SheetRow[]> {
  return readImportSheet(bytes, filename, {
    columns: OPENING_COLUMNS[kind],
    required: REQUIRED[kind],
    maxRows: OPENING_MAX_ROWS,
    messages: {
      notASheet: `Upload the ${WHAT[kind]} as an xlsx or csv file`,
      empty: `The sheet has no ${WHAT[kind]} in it`,
      tooMany: `A sheet can hold at most ${OPENING_MAX_ROWS.toLocaleString('en')} rows; split it`,
    },
  });
}

/** The template of a kind: its columns in order and example rows, codes kept as text. */
export async function openingTemplate(kind: OpeningKind, format: 'xlsx' | 'csv'): Promise<Buffer> {
  const columns = OPENING_COLUMNS[kind];
  const examples = EXAMPLES[kind];
  if (format === 'csv')
    return Buffer.from(
      [columns.join(','), ...examples.map((r) => r.join(','))].map((l) => `${l}\r\n`).join(''),
    );
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(WHAT[kind]);
  sheet.columns = columns.map((c) => ({ header: c, key: c, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  for (const example of examples)
    sheet.addRow(
      example.map((value, i) =>
        FIGURES.has(columns[i] ?? '') && value !== '' ? (spreadsheetNumber(value) ?? value) : value,
      ),
    );
  for (const column of columns) {
    if (FIGURES.has(column))
      sheet.getColumn(column).numFmt = WHOLE.has(column)
        ? '#,##0'
        : column === 'quantity' || column.endsWith('_kg')
          ? '#,##0.000'
          : '#,##0.00';
    // Codes and numbers typed as text keep their leading zeros.
    else sheet.getColumn(column).numFmt = '@';
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
