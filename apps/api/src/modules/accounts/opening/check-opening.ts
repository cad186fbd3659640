import { createHash } from 'node:crypto';
import type { Book, OpeningKind, OpeningPreview } from '@ushirika/contracts';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import type { SheetRow } from '../../../platform/import-sheet.ts';
import { type CheckedSheet, isTaken, type OpeningKindDefinition } from './kinds.ts';
import { bookOpeningOf, dayBefore } from './queries.ts';
import { openingImports } from './schema.ts';
import { trialBalanceKind } from './trial-balance.ts';

/**
 * The kinds of opening import (#36): the trial balance here, each sub-ledger's from its own module
 * (settlement's loans, sales' invoices...), handed in by app.ts as a port (the sub-ledger modules
 * sit above accounts, which may not import them).
 */
export type OpeningDefinitions = Partial<Record<OpeningKind, OpeningKindDefinition>>;

/** The trial balance with the sub-ledgers' kinds. */
export const withTrialBalance = (subledgers: OpeningDefinitions): OpeningDefinitions => ({
  ...subledgers,
  trial_balance: trialBalanceKind,
});

/** An uploaded opening file: its kind, the book chosen (when the kind has none), its rows and bytes. */
export type OpeningUpload = {
  kind: OpeningKind;
  book: Book | undefined;
  fileName: string;
  bytes: Buffer;
  rows: SheetRow[];
  /** Every kind the app imports (`withTrialBalance`). */
  definitions: OpeningDefinitions;
};

export const fileHash = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

export function definitionOf(definitions: OpeningDefinitions, kind: OpeningKind): OpeningKindDefinition {
  const definition = definitions[kind];
  if (!definition) throw fieldError('kind', `Opening ${kind.replace(/_/g, ' ')} cannot be imported yet`);
  return definition;
}

/**
 * Checks an opening file against its book, row by row, with nothing written: the book has a
 * go-live date and is not live, the same file is not imported already, and each row's fate.
 */
export async function checkOpeningFile(
  tx: DbOrTx,
  upload: OpeningUpload,
  lock = false,
): Promise<{ book: Book; checked: CheckedSheet; preview: OpeningPreview; hash: string }> {
  const definition = definitionOf(upload.definitions, upload.kind);
  const book = definition.book ?? upload.book;
  if (!book) throw fieldError('book', 'Choose the book');
  const opening = await bookOpeningOf(tx, book, lock);
  if (!opening) throw fieldError('book', `Set the ${book} book's go-live date first`);
  if (opening.status === 'live')
    throw new ConflictError(`The ${book} book is live: its openings cannot change`);
  const hash = fileHash(upload.bytes);
  const [same] = await tx
    .select({ id: openingImports.id })
    .from(openingImports)
    .where(
      and(
        eq(openingImports.kind, upload.kind),
        eq(openingImports.fileHash, hash),
        eq(openingImports.status, 'imported'),
      ),
    );
  if (same) throw new ConflictError('This file is already imported');
  const checked = await definition.check(tx, upload.rows, {
    book,
    opening,
    openingDate: dayBefore(opening.goLiveDate),
  });
  const refused = checked.rows.filter((r) => !isTaken(r)).length;
  const problem =
    refused > 0
      ? `${refused} of ${checked.rows.length} rows cannot be imported; correct them and check the file again`
      : checked.problem;
  return {
    book,
    checked,
    hash,
    preview: {
      kind: upload.kind,
      book,
      fileName: upload.fileName,
      rows: checked.rows,
      accepted: checked.rows.length - refused,
      refused,
      totalDebit: checked.totalDebit.toFixed(2),
      totalCredit: checked.totalCredit.toFixed(2),
      difference: checked.totalDebit.minus(checked.totalCredit).toFixed(2),
      problem,
    },
  };
}
