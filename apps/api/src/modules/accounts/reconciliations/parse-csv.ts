import type { CsvMapping } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { fileError, isoDate, type ParsedLine, parseAmount, sides } from './statement-line.ts';

/** RFC 4180 rows: quoted fields with "" escapes and line breaks; the delimiter is given. */
export function csvRows(text: string, delimiter: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === delimiter) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      if (row.some((f) => f.trim() !== '')) rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (quoted) throw fileError('CSV', 'a quoted field is not closed');
  row.push(field);
  if (row.some((f) => f.trim() !== '')) rows.push(row);
  return rows;
}

/** Comma, semicolon or tab: whichever splits the header line into the most columns. */
export function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  return [',', ';', '\t'].reduce(
    (best, d) => (header.split(d).length > header.split(best).length ? d : best),
    ',',
  );
}

/** The header row and the first rows, for the column-mapping step. */
export function csvPreview(text: string) {
  const rows = csvRows(text.replace(/^\uFEFF/, ''), delimiterOf(text));
  return { headers: (rows[0] ?? []).map((h) => h.trim()), rows: rows.slice(1, 6) };
}

function dateOf(raw: string, format: CsvMapping['dateFormat'], where: string): string {
  const text = raw.trim();
  const parts = text.split(/[-/.]/);
  if (parts.length !== 3 || parts.some((p) => !/^\d+$/.test(p)))
    throw fileError(where, `"${raw}" is not a date`);
  const [a = '', b = '', c = ''] = parts;
  if (format === 'YYYY-MM-DD') return isoDate(a, b, c, raw, where);
  if (format === 'DD/MM/YYYY') return isoDate(c, b, a, raw, where);
  return isoDate(c, a, b, raw, where);
}

/** Reads a bank or mobile-money CSV with the account's column mapping. */
export function parseCsvStatement(text: string, mapping: CsvMapping): ParsedLine[] {
  const rows = csvRows(text.replace(/^\uFEFF/, ''), delimiterOf(text));
  const headers = (rows[0] ?? []).map((h) => h.trim().toLowerCase());
  const index = (name: string | undefined) => {
    if (name === undefined) return -1;
    const i = headers.indexOf(name.trim().toLowerCase());
    if (i < 0) throw fileError('CSV', `the file has no column "${name}"`);
    return i;
  };
  const col = {
    date: index(mapping.date),
    valueDate: index(mapping.valueDate),
    reference: index(mapping.reference),
    description: index(mapping.description),
    amount: index(mapping.amount),
    amountIn: index(mapping.amountIn),
    amountOut: index(mapping.amountOut),
    balance: index(mapping.balance),
  };
  if (rows.length < 2) throw fileError('CSV', 'the file has no lines under its header');
  return rows.slice(1).map((row, n) => {
    const where = `Line ${n + 2}`;
    const cell = (i: number) => (i < 0 ? '' : (row[i] ?? '').trim());
    let signed: string;
    if (col.amount >= 0) signed = parseAmount(cell(col.amount), where);
    else {
      const side = (i: number) => (cell(i) === '' ? dec(0) : dec(parseAmount(cell(i), where)).abs());
      const [moneyIn, moneyOut] = [side(col.amountIn), side(col.amountOut)];
      if (!moneyIn.isZero() && !moneyOut.isZero())
        throw fileError(where, 'both money in and money out are filled');
      signed = moneyIn.minus(moneyOut).toFixed(2);
    }
    return {
      lineDate: dateOf(cell(col.date), mapping.dateFormat, where),
      valueDate: cell(col.valueDate) ? dateOf(cell(col.valueDate), mapping.dateFormat, where) : null,
      reference: cell(col.reference) || null,
      description: cell(col.description),
      ...sides(signed, where),
      balance: cell(col.balance) ? parseAmount(cell(col.balance), where) : null,
    };
  });
}
