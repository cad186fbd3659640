import { INPUT_REQUEST_IMPORT_COLUMNS } from '@ushirika/contracts';
import { fieldError } from '../../../platform/errors.ts';
import { parseCsv, type SheetRow } from '../../farmers/import-sheet.ts';

const MAX_ROWS = 20_000;
const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

async function xlsxTable(bytes: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', 'The file is not a readable xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('file', 'The workbook has no sheet');
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const values: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) {
      const v = r.getCell(c).value;
      values.push(
        v === null || v === undefined
          ? ''
          : typeof v === 'object' && 'text' in v
            ? String(v.text)
            : String(v),
      );
    }
    rows[n - 1] = values;
  });
  return Array.from(rows, (r) => r ?? []);
}

/** Reads an uploaded requests sheet (xlsx or csv): one row per farmer and item. */
export async function readRequestSheet(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  const isXlsx = bytes.subarray(0, 2).toString('latin1') === 'PK';
  if (!isXlsx && !/\.csv$/i.test(filename) && bytes.includes(0))
    throw fieldError('file', 'Upload the requests as an xlsx or csv file');
  const [header = [], ...body] = isXlsx ? await xlsxTable(bytes) : parseCsv(bytes.toString('utf8'));
  const keys = header.map(headerKey);
  const missing = ['farmer_no', 'item_code', 'quantity'].filter((k) => !keys.includes(k));
  if (missing.length)
    throw fieldError(
      'file',
      `The sheet has no ${missing.join(', ')} column. Download the template to see the columns.`,
    );
  const rows: SheetRow[] = [];
  body.forEach((values, i) => {
    if (values.every((v) => v.trim() === '')) return;
    const cells: Record<string, string> = {};
    keys.forEach((key, c) => {
      if ((INPUT_REQUEST_IMPORT_COLUMNS as readonly string[]).includes(key))
        cells[key] = (values[c] ?? '').trim();
    });
    rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw fieldError('file', 'The sheet has no requests in it');
  if (rows.length > MAX_ROWS) throw fieldError('file', `A sheet can hold at most ${MAX_ROWS} rows; split it`);
  return rows;
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
