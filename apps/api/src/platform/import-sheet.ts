import type ExcelJS from 'exceljs';
import { fieldError } from './errors.ts';
import { loadExcelJs } from './heavy-modules.ts';
import { assertZipWithinLimits, unpackedMb, ZipLimitError } from './zip-guard.ts';

/** One row of an uploaded sheet: its spreadsheet row number and its cells by column key. */
export type SheetRow = { row: number; cells: Record<string, string> };

/** A header as a column key: `Farmer No.` is farmer_no. */
export const headerKey = (text: string) =>
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

/** A cell's text: dates as YYYY-MM-DD, a formula's result, rich text joined; empty for none. */
export function cellText(value: ExcelJS.CellValue): string {
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

/** The rows a results sheet may hold when its reader names no other cap. */
export const SHEET_MAX_ROWS = 20_000;

/**
 * The first sheet of an uploaded xlsx workbook, refused when it is not one, and refused before the
 * xlsx reader unpacks anything when the archive declares (or turns out to hold) more than the zip
 * limits: the message says what a sheet may hold. A sheet of more than `maxRows` rows is refused
 * before its rows are read.
 */
export async function firstSheet(bytes: Buffer, maxRows = SHEET_MAX_ROWS): Promise<ExcelJS.Worksheet> {
  try {
    assertZipWithinLimits(bytes);
  } catch (error) {
    if (!(error instanceof ZipLimitError)) throw error;
    throw fieldError(
      'file',
      `The workbook was not read: ${error.message}. An import sheet may hold at most ${maxRows.toLocaleString('en')} rows / ${unpackedMb()} MB unpacked`,
    );
  }
  const workbook = new (await loadExcelJs()).Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw fieldError('file', 'The file is not a readable xlsx workbook');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw fieldError('file', 'The workbook has no sheet');
  if (sheet.actualRowCount > maxRows + 1)
    throw fieldError(
      'file',
      `The sheet has ${(sheet.actualRowCount - 1).toLocaleString('en')} rows; an import sheet may hold at most ${maxRows.toLocaleString('en')} rows / ${unpackedMb()} MB unpacked`,
    );
  return sheet;
}

async function xlsxRows(bytes: Buffer, maxRows: number): Promise<string[][]> {
  const sheet = await firstSheet(bytes, maxRows);
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (r, n) => {
    const values: string[] = [];
    for (let c = 1; c <= r.cellCount; c++) values.push(cellText(r.getCell(c).value));
    rows[n - 1] = values;
  });
  return Array.from(rows, (r) => r ?? []);
}

/**
 * Reads an uploaded import sheet (xlsx, or csv by name or content) into rows keyed by the
 * template's column names; other columns are left out. Row numbers are the spreadsheet's, so the
 * error report points at them. The messages name what the sheet holds (farmers, requests).
 */
export async function readImportSheet(
  bytes: Buffer,
  filename: string,
  sheet: {
    columns: readonly string[];
    required: string[];
    maxRows: number;
    messages: { notASheet: string; empty: string; tooMany: string };
  },
): Promise<SheetRow[]> {
  const isXlsx = bytes.subarray(0, 2).toString('latin1') === 'PK';
  if (!isXlsx && !/\.csv$/i.test(filename) && bytes.includes(0)) {
    throw fieldError('file', sheet.messages.notASheet);
  }
  const table = isXlsx ? await xlsxRows(bytes, sheet.maxRows) : parseCsv(bytes.toString('utf8'));
  const [header = [], ...body] = table;
  const keys = header.map((h) => headerKey(h));
  const missing = sheet.required.filter((k) => !keys.includes(k));
  if (missing.length > 0) {
    throw fieldError(
      'file',
      `The sheet has no ${missing.join(', ')} column. Download the template to see the columns.`,
    );
  }
  const known = new Set<string>(sheet.columns);
  const rows: SheetRow[] = [];
  body.forEach((values, i) => {
    if (values.every((v) => v.trim() === '')) return;
    const cells: Record<string, string> = {};
    keys.forEach((key, c) => {
      if (known.has(key)) cells[key] = (values[c] ?? '').trim();
    });
    rows.push({ row: i + 2, cells });
  });
  if (rows.length === 0) throw fieldError('file', sheet.messages.empty);
  if (rows.length > sheet.maxRows) throw fieldError('file', sheet.messages.tooMany);
  return rows;
}
