import { FARMER_IMPORT_COLUMNS, FARMER_IMPORT_MAX_ROWS } from '@ushirika/contracts';
import { spreadsheetNumber } from '@ushirika/domain';
import { loadExcelJs } from '../../platform/heavy-modules.ts';
import { readImportSheet, type SheetRow } from '../../platform/import-sheet.ts';

/**
 * Reads an uploaded farmers sheet (xlsx, or csv by name or content) into rows keyed by the
 * template's column names. Row numbers are the spreadsheet's, so the error report points at them.
 */
export function readFarmerSheet(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  return readImportSheet(bytes, filename, {
    columns: FARMER_IMPORT_COLUMNS,
    required: ['first_name', 'last_name', 'gender'],
    maxRows: FARMER_IMPORT_MAX_ROWS,
    messages: {
      notASheet: 'Upload the farmers as an xlsx or csv file',
      empty: 'The sheet has no farmers in it',
      tooMany: `A sheet can hold at most ${FARMER_IMPORT_MAX_ROWS.toLocaleString('en')} farmers; split it`,
    },
  });
}

const FIGURE_FORMATS: Record<string, string> = {
  farm_acres: '#,##0.00',
  farm_trees: '#,##0',
  latitude: '#,##0.000000',
  longitude: '#,##0.000000',
};

/** The template: the columns in order and one example row. */
export async function farmerTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const example = [
    'NAN02',
    'Asha',
    'Hamisi',
    'Mtalika',
    'Female',
    '1985-04-12',
    '19850412-12345-00001-23',
    '255754000111',
    'CRDB',
    '0152000111',
    'Mangaka',
    'CASHEW',
    '2.5',
    '120',
    '-10.9621',
    '38.7684',
  ];
  if (format === 'csv') return Buffer.from(`${FARMER_IMPORT_COLUMNS.join(',')}\r\n${example.join(',')}\r\n`);
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet('Farmers');
  sheet.columns = FARMER_IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: 16 }));
  sheet.getRow(1).font = { bold: true };
  // The farm's figures as numbers, as a clerk would type them; the rest as written.
  sheet.addRow(
    example.map((value, i) =>
      (FARMER_IMPORT_COLUMNS[i] ?? '') in FIGURE_FORMATS ? (spreadsheetNumber(value) ?? value) : value,
    ),
  );
  for (const [key, numFmt] of Object.entries(FIGURE_FORMATS)) sheet.getColumn(key).numFmt = numFmt;
  // Numbers typed into these columns must stay text (leading zeros, long digits).
  for (const key of ['national_id', 'phone', 'account_no', 'date_of_birth'])
    sheet.getColumn(key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
