import type { ListQuery } from '@ushirika/contracts';
import { EAST_AFRICA_OFFSET_MS, spreadsheetNumber, todayInTanzania } from '@ushirika/domain';
import type { Workbook } from 'exceljs';
import type { FastifyReply } from 'fastify';
import { loadExcelJs } from './heavy-modules.ts';
import {
  codeLabel,
  currentDateOrder,
  currentLanguage,
  displayText,
  headerLabel,
  isIsoDate,
  isIsoTimestamp,
  type Lang,
  requestLanguage,
  yesNo,
} from './labels.ts';
import { type PageWindow, pagedReply, pageWindow } from './list.ts';

type Cell = string | number | boolean | null;

/** How a number reads in a spreadsheet: thousands grouped; money to the cent, kg to the gram. */
export const NUMBER_FORMATS = { money: '#,##0.00', kg: '#,##0.000', count: '#,##0' } as const;
export type NumberKind = keyof typeof NUMBER_FORMATS;

export type ExportColumn<T> = {
  /** In English; the file shows the screens' label for it in the reader's language. */
  header: string;
  value: (row: T) => Cell;
  width?: number;
  /**
   * The value is a stored code: the namespaces of the screens' dictionary that label it
   * (`['dnMd.status', 'status']`). A "Status" column defaults to `status`, a "Book" column to
   * `acc.books`.
   */
  label?: string | readonly string[];
  /**
   * What the column's figures count, for the cell format. Without it, a decimal figure ("1500.00",
   * "812.500") is a number formatted by its own decimals (2: money, 3: kg) and a JS number by its
   * own, while digits alone stay text: codes, phone and account numbers are digits too. `text`
   * keeps every value as written.
   */
  number?: NumberKind | 'text';
};

export type ExportFile<T> = {
  format: 'xlsx' | 'csv';
  /** File name without extension. */
  name: string;
  columns: ExportColumn<T>[];
  rows: T[];
  /** The reader's language (headers, code labels, dates); the request's when not given. */
  lang?: Lang;
  /**
   * A file for another system (a bank's or mobile-money upload): headers, codes and dates exactly
   * as written, whatever the reader's language, and the name as given.
   */
  forSystem?: boolean;
};

/** A reader's language, or null for a file another system reads (everything as written). */
type Reader = Lang | null;

const DEFAULT_LABELS: Record<string, string> = { Status: 'status', Book: 'acc.books' };

/**
 * A cell as the screen shows it: codes as their labels, yes/no in words, in the reader's
 * language. Dates stay ISO here (the writers print them).
 */
function labelled<T>(lang: Lang, column: ExportColumn<T>, row: T): Cell {
  const value = column.value(row);
  if (typeof value === 'boolean') return yesNo(lang, value);
  if (typeof value !== 'string') return value;
  if (value === 'Yes' || value === 'No') return yesNo(lang, value === 'Yes');
  const namespaces = column.label ?? DEFAULT_LABELS[column.header];
  return namespaces && value ? codeLabel(lang, namespaces, value) : value;
}

function csvCell(value: Cell): string {
  const text = value === null ? '' : String(value);
  // Leading = + - @ would run as a formula in a spreadsheet: neutralise it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<T>(columns: ExportColumn<T>[], rows: T[], lang: Reader = currentLanguage()): string {
  const lines = [columns.map((c) => csvCell(lang ? headerLabel(lang, c.header) : c.header)).join(',')];
  for (const row of rows) {
    lines.push(
      columns
        .map((c) => {
          if (!lang) return csvCell(c.value(row));
          const value = labelled(lang, c, row);
          return csvCell(typeof value === 'string' ? displayText(lang, value) : value);
        })
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A date cell's format: the reader's order in English (#37), day first in Swahili. */
const dateNumFmt = (lang: Lang) =>
  lang === 'sw' || currentDateOrder() === 'dmy' ? 'dd/mm/yyyy' : 'mm/dd/yyyy';

const decimalsOf = (text: string) => text.split('.')[1]?.length ?? 0;

/** A format with `decimals` places: money's and kg's by name, others by count. */
function formatFor(decimals: number): string {
  if (decimals === 2) return NUMBER_FORMATS.money;
  if (decimals === 3) return NUMBER_FORMATS.kg;
  return decimals === 0 ? NUMBER_FORMATS.count : `#,##0.${'0'.repeat(decimals)}`;
}

/**
 * A figure as a numeric cell and its format (so a spreadsheet can total it), or null when the cell
 * stays as written: text, digits alone in an undeclared column, or a figure past a double's exact
 * range (spreadsheetNumber).
 */
export function numberCell(
  value: unknown,
  kind: ExportColumn<never>['number'],
): { value: number; numFmt: string } | null {
  if (kind === 'text') return null;
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string') return null;
  if (typeof value === 'string' && !kind && !text.includes('.')) return null;
  const number = spreadsheetNumber(text);
  if (number === null) return null;
  return { value: number, numFmt: kind ? NUMBER_FORMATS[kind] : formatFor(decimalsOf(text)) };
}

/**
 * The sheet: headers and code labels in the reader's language; figures become numeric cells with
 * a grouped format (numberCell), ISO dates and timestamps date cells formatted by the language's
 * rule (en month/day/year, sw day/month/year), so a spreadsheet totals, sorts and filters them.
 */
export async function toXlsx<T>(
  sheetName: string,
  columns: ExportColumn<T>[],
  rows: T[],
  lang: Reader = currentLanguage(),
): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  addSheet(workbook, sheetName, columns, rows, lang);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `toXlsx`'s sheet, added to a workbook of several (the auditors' pack); the name cut to Excel's 31 characters. */
export function addSheet<T>(
  workbook: Workbook,
  sheetName: string,
  columns: ExportColumn<T>[],
  rows: T[],
  lang: Reader = currentLanguage(),
): void {
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({
    header: lang ? headerLabel(lang, c.header) : c.header,
    width: c.width ?? 18,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(columns.map((c) => (lang ? labelled(lang, c, row) : c.value(row))));
    added.eachCell((cell, col) => {
      const value = cell.value;
      const number = numberCell(value, columns[col - 1]?.number);
      if (number) {
        cell.value = number.value;
        cell.numFmt = number.numFmt;
        return;
      }
      if (!lang || typeof value !== 'string') return;
      if (isIsoDate(value)) {
        cell.value = new Date(`${value}T00:00:00Z`);
        cell.numFmt = dateNumFmt(lang);
      } else if (isIsoTimestamp(value)) {
        cell.value = new Date(Date.parse(value) + EAST_AFRICA_OFFSET_MS);
        cell.numFmt = `${dateNumFmt(lang)} hh:mm`;
      }
    });
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

/**
 * Sends a list as a downloadable file named `<BOOK>_<name>_<date>.<format>` (exportName, from the
 * request's query), in the language of the request (the web app sends its own as Accept-Language)
 * unless the file names one.
 */
export async function sendExport<T>(reply: FastifyReply, file: ExportFile<T>): Promise<FastifyReply> {
  const lang = file.forSystem ? null : (file.lang ?? requestLanguage(reply.request));
  const name = file.forSystem
    ? file.name
    : exportName(file.name, (reply.request.query as object | undefined) ?? {});
  const filename = `${name}.${file.format}`;
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  if (file.format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(file.columns, file.rows, lang));
  }
  const body = await toXlsx(file.name, file.columns, file.rows, lang);
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
}

/**
 * A list's file name: the book it was filtered to (if any) in upper case, the list's name and the
 * day it was made, e.g. `COLLECTION_JOURNAL_ENTRIES_2026-11-25` (SPEC's accounts export names). A
 * name that already ends with a date or starts with the book (a report's) is kept as it is.
 */
export function exportName(name: string, query: object, today = todayInTanzania()): string {
  const dated = /_\d{4}-\d{2}-\d{2}$/.test(name) ? name : `${name}_${today}`;
  const book = (query as { book?: unknown }).book;
  const BOOK = typeof book === 'string' && /^[a-z_]+$/.test(book) ? book.toUpperCase() : '';
  return BOOK && !dated.startsWith(`${BOOK}_`) ? `${BOOK}_${dated}` : dated;
}

/** A list route's reply: the page asked for as JSON, or every matching row as the file asked for. */
export async function listOrExport<T>(
  reply: FastifyReply,
  query: ListQuery,
  load: (window: PageWindow) => Promise<{ rows: T[]; total: number }>,
  file: Pick<ExportFile<T>, 'name' | 'columns'>,
) {
  const { rows, total } = await load(pageWindow(query));
  if (query.format === 'json') return pagedReply(rows, total, query);
  return sendExport(reply, {
    format: query.format,
    name: file.name,
    columns: file.columns,
    rows,
  });
}

/**
 * Sends a PDF named `<name>.pdf`: as a download, or `inline` (receipts, notes and warehouse
 * receipts the browser opens to print).
 */
export function sendPdf(
  reply: FastifyReply,
  name: string,
  body: Buffer,
  { inline = false }: { inline?: boolean } = {},
): FastifyReply {
  reply.header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}.pdf"`);
  return reply.type('application/pdf').send(body);
}
