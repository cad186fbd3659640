import { INPUT_REQUEST_IMPORT_COLUMNS } from '@ushirika/contracts';
import { readImportSheet, type SheetRow } from '../../../platform/import-sheet.ts';

const MAX_ROWS = 20_000;

/** Reads an uploaded requests sheet (xlsx or csv): one row per farmer and item. */
export function readRequestSheet(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  return readImportSheet(bytes, filename, {
    columns: INPUT_REQUEST_IMPORT_COLUMNS,
    required: ['farmer_no', 'item_code', 'quantity'],
    maxRows: MAX_ROWS,
    messages: {
      notASheet: 'Upload the requests as an xlsx or csv file',
      empty: 'The sheet has no requests in it',
      tooMany: `A sheet can hold at most ${MAX_ROWS} rows; split it`,
    },
  });
}

export async function requestTemplate(format: 'xlsx' | 'csv'): Promise<Buffer> {
  const example = ['NAN02-00001', 'SULPHUR', '4', ''];
  if (format === 'csv')
    return Buffer.from(`${INPUT_REQUEST_IMPORT_COLUMNS.join(',')}\r\n${example.join(',')}\r\n`);
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Requests');
  sheet.columns = INPUT_REQUEST_IMPORT_COLUMNS.map((c) => ({ header: c, key: c, width: 20 }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(example);
  for (const key of ['farmer_no', 'item_code', 'quantity']) sheet.getColumn(key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
