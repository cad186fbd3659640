import type { ListQuery } from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { loadExcelJs } from './heavy-modules.ts';
import { type PageWindow, pagedReply, pageWindow } from './list.ts';

export type ExportColumn<T> = {
  header: string;
  value: (row: T) => string | number | boolean | null;
  width?: number;
};

export type ExportFile<T> = {
  format: 'xlsx' | 'csv';
  /** File name without extension. */
  name: string;
  columns: ExportColumn<T>[];
  rows: T[];
};

function csvCell(value: string | number | boolean | null): string {
  const text = value === null ? '' : String(value);
  // Leading = + - @ would run as a formula in a spreadsheet: neutralise it.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const lines = [columns.map((c) => csvCell(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvCell(c.value(row))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export async function toXlsx<T>(sheetName: string, columns: ExportColumn<T>[], rows: T[]): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  const sheet = workbook.addWorksheet(sheetName.slice(0, 31));
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width ?? 18 }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((c) => c.value(row)));
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Sends a list as a downloadable file named `<name>.<format>`. */
export async function sendExport<T>(reply: FastifyReply, file: ExportFile<T>): Promise<FastifyReply> {
  const filename = `${file.name}.${file.format}`;
  reply.header('content-disposition', `attachment; filename="${filename}"`);
  if (file.format === 'csv') {
    return reply.type('text/csv; charset=utf-8').send(toCsv(file.columns, file.rows));
  }
  const body = await toXlsx(file.name, file.columns, file.rows);
  return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(body);
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
  return sendExport(reply, { format: query.format, name: file.name, columns: file.columns, rows });
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
