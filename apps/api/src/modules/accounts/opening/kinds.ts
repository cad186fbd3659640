import type { Book, OpeningFate, OpeningPreviewRow } from '@ushirika/contracts';
import { type Dec, dec, sheetFigure } from '@ushirika/domain';
import { inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import type { SheetRow } from '../../../platform/import-sheet.ts';
import type { BookOpeningRow } from './queries.ts';

/** What an opening import knows of its book: the go-live row and the opening position's date. */
export type OpeningContext = { book: Book; opening: BookOpeningRow; openingDate: string };

/** A record an import made, kept so its reversal can undo it. */
export type OpeningRecord = { type: string; id: string };

/** A sheet checked row by row, and how to write its accepted rows inside the import's transaction. */
export type CheckedSheet = {
  rows: OpeningPreviewRow[];
  totalDebit: Dec;
  totalCredit: Dec;
  /** A refusal of the whole file beyond its rows' (an unbalanced trial balance). */
  problem: string | null;
  apply: (
    tx: DbOrTx,
    actor: Actor,
    importId: string,
  ) => Promise<{ entryId: string | null; records: OpeningRecord[] }>;
};

export type OpeningKindDefinition = {
  /** The book the kind's records belong to; null: the book the user chose. */
  book: Book | null;
  check: (tx: DbOrTx, rows: SheetRow[], context: OpeningContext) => Promise<CheckedSheet>;
  /** Undoes the records an import made (its posting is reversed by the caller); refuses when used since. */
  undo?: (tx: DbOrTx, records: OpeningRecord[], actor: Actor) => Promise<void>;
};

/** Locks the rows of `table` an import made, for its undo, and gives their ids. */
export async function lockRecords(
  tx: DbOrTx,
  table: PgTable & { id: AnyPgColumn },
  records: OpeningRecord[],
): Promise<string[]> {
  const ids = records.map((r) => r.id);
  await tx.select({ id: table.id }).from(table).where(inArray(table.id, ids)).for('update');
  return ids;
}

/** One row of the preview. */
export function fateOf(
  row: number,
  fate: OpeningFate,
  fields: Partial<Omit<OpeningPreviewRow, 'row' | 'fate'>> = {},
): OpeningPreviewRow {
  return {
    row,
    fate,
    reference: fields.reference ?? '',
    name: fields.name ?? null,
    debit: fields.debit ?? null,
    credit: fields.credit ?? null,
    detail: fields.detail ?? null,
  };
}

/** A real calendar date written YYYY-MM-DD (as the sheet reader gives a date cell). */
export const isSheetDate = (text: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) &&
  !Number.isNaN(Date.parse(`${text}T00:00:00Z`)) &&
  new Date(`${text}T00:00:00Z`).toISOString().startsWith(text);

/** A row's fate is one that goes in (flagged or not), or is left out harmlessly (a zero line). */
export const isTaken = (r: OpeningPreviewRow) =>
  r.fate === 'ok' || r.fate === 'zero' || r.fate === 'without_farmer_detail';

/**
 * What a row of an opening sheet still owes: its `amount` less what `paidColumn` says was already
 * paid or recovered, with the row's fate (not a number, more paid than the amount, zero: left out,
 * or ok). `owed` (the figures as read, and what is outstanding) only when the row goes in.
 */
export function owedOnRow(
  { row, cells }: SheetRow,
  paidColumn: string,
  base: Partial<Omit<OpeningPreviewRow, 'row' | 'fate'>>,
): { preview: OpeningPreviewRow; owed: { amount: string; paid: string; outstanding: Dec } | null } {
  const amount = sheetFigure(cells.amount ?? '');
  const paid = sheetFigure(cells[paidColumn] ?? '');
  if (amount === null || paid === null)
    return {
      preview: fateOf(row, 'not_a_number', { ...base, detail: amount === null ? 'amount' : paidColumn }),
      owed: null,
    };
  const outstanding = dec(amount).minus(paid);
  const fate = outstanding.isNegative() ? 'more_than_amount' : outstanding.isZero() ? 'zero' : 'ok';
  return {
    preview: fateOf(row, fate, { ...base, debit: outstanding.toFixed(2) }),
    owed: fate === 'ok' ? { amount, paid, outstanding } : null,
  };
}
