import { FARMER_IMPORT_COLUMNS, FARMER_IMPORT_MAX_ROWS } from '@ushirika/contracts';
import type ExcelJS from 'exceljs';
import { fieldError } from '../../platform/errors.ts';
import { loadExcelJs } from '../../platform/heavy-modules.ts';

export type SheetRow = { row: number; cells: Record<string, string> };

const headerKey = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');

/** RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && body[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    return '';
  }
  return String(value);
}

async function xlsxRows(bytes: Buffer): Promise<string[][]> {
  const workbook = new (await loadExcelJs()).Workbook();
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
    for (let c = 1; c <= r.cellCount; c++) values.push(cellText(r.getCell(c).value));
    rows[n - 1] = values;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads an uploaded farmers sheet (xlsx, or csv by name or content) into rows keyed by the
 * template's column names. Row numbers are the spreadsheet's, so the error report points at them.
 */
export async function readFarmerSheet(bytes: Buffer, filename: string): Promise<SheetRow[]> {
  const isXlsx = bytes.subarray(0, 2).toString('latin1') === 'PK';
  if (!isXlsx && !/\.csv$/i.test(filename) && bytes.includes(0)) {
    throw fieldError('file', 'Upload the farmers as an xlsx or csv file');
  }
  const table = isXlsx ? await xlsxRows(bytes) : parseCsv(bytes.toString('utf8'));
  const [header = [], ...body] = table;
  const keys = header.map((h) => headerKey(h));
  const missing = ['first_name', 'last_name', 'gender'].filter((k) => !keys.includes(k));
  if (missing.length > 0) {
    throw fieldError(
      'file',
      `The sheet has no ${missing.join(', ')} column. Download the template to see the columns.`,
    );
  }
  const known = new Set<string>(FARMER_IMPORT_COLUMNS);
  const rows: SheetRow[] = [];
  body.forEach((values, i) => {
    if (values.every((v) => v.trim() === '')) return;
    const cells: Record<string, string> = {};
    keys.forEach((key, c) => {
      if (known.has(key)) cells[key] = (values[c] ?? '').trim();
    });
    rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw fieldError('file', 'The sheet has no farmers in it');
  if (rows.length > FARMER_IMPORT_MAX_ROWS) {
    throw fieldError(
      'file',
      `A sheet can hold at most ${FARMER_IMPORT_MAX_ROWS.toLocaleString('en')} farmers; split it`,
    );
  }
  return rows;
}

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
  sheet.addRow(example);
  // Numbers typed into these columns must stay text (leading zeros, long digits).
  for (const key of ['national_id', 'phone', 'account_no', 'date_of_birth'])
    sheet.getColumn(key).numFmt = '@';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
