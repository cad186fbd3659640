import type { OpeningPreviewRow } from '@ushirika/contracts';
import { dec, sheetFigure, sum } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { formatDate } from '../../../platform/labels.ts';
import { narrate } from '../journal/narrations.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accounts } from '../schema.ts';
import { fateOf, type OpeningKindDefinition } from './kinds.ts';

/**
 * The opening trial balance of one book: each row an account of the book (by code) with a debit or
 * a credit balance. Posted as one entry dated the day before go-live, every line against the
 * opening-balances account, which the balanced file leaves at zero.
 */
export const trialBalanceKind: OpeningKindDefinition = {
  book: null,
  async check(tx: DbOrTx, rows, { book, opening, openingDate }) {
    const chart = await tx.select().from(accounts).where(eq(accounts.book, book));
    const byCode = new Map(chart.map((a) => [a.code, a]));
    const seen = new Map<string, number>();
    const preview: OpeningPreviewRow[] = [];
    const lines: { accountId: string; debit: string; credit: string }[] = [];
    for (const { row, cells } of rows) {
      const code = cells.account_code ?? '';
      const account = byCode.get(code);
      const base = { reference: code, name: account ? account.name : (cells.account_name ?? null) };
      if (!code) {
        preview.push(fateOf(row, 'missing', { ...base, detail: 'account_code' }));
        continue;
      }
      if (!account) {
        preview.push(fateOf(row, 'unknown_code', base));
        continue;
      }
      if (!account.active || account.id === opening.openingAccountId) {
        preview.push(fateOf(row, 'not_postable', base));
        continue;
      }
      const debit = sheetFigure(cells.debit ?? '');
      const credit = sheetFigure(cells.credit ?? '');
      if (debit === null || credit === null) {
        preview.push(fateOf(row, 'not_a_number', { ...base, detail: debit === null ? 'debit' : 'credit' }));
        continue;
      }
      const figures = { ...base, debit, credit };
      const other = seen.get(code);
      if (other !== undefined) {
        preview.push(fateOf(row, 'duplicate', { ...figures, detail: String(other) }));
        continue;
      }
      seen.set(code, row);
      if (dec(debit).gt(0) && dec(credit).gt(0)) {
        preview.push(fateOf(row, 'both_sides', figures));
        continue;
      }
      if (dec(debit).isZero() && dec(credit).isZero()) {
        preview.push(fateOf(row, 'zero', figures));
        continue;
      }
      preview.push(fateOf(row, 'ok', figures));
      lines.push({ accountId: account.id, debit, credit });
    }
    const totalDebit = sum(lines.map((l) => l.debit));
    const totalCredit = sum(lines.map((l) => l.credit));
    const difference = totalDebit.minus(totalCredit);
    const problem = !difference.isZero()
      ? `The trial balance does not balance: debits ${totalDebit.toFixed(2)}, credits ${totalCredit.toFixed(2)}, difference ${difference.toFixed(2)}`
      : lines.length === 0
        ? 'The trial balance has no balances to post'
        : null;
    return {
      rows: preview,
      totalDebit,
      totalCredit,
      problem,
      async apply(t, actor, importId) {
        // Every line against the opening-balances account: it takes the other side of each
        // balance, so it ends at zero when the file balances.
        const contra = [
          ...(totalDebit.gt(0)
            ? [{ accountId: opening.openingAccountId, debit: '0', credit: totalDebit.toFixed(2) }]
            : []),
          ...(totalCredit.gt(0)
            ? [{ accountId: opening.openingAccountId, debit: totalCredit.toFixed(2), credit: '0' }]
            : []),
        ];
        const entry = await writeEntry(
          t,
          {
            entryDate: openingDate,
            book,
            narration: narrate('openingBalances', (lang) => ({ date: formatDate(lang, openingDate, 'mdy') })),
            source: 'event',
            sourceType: 'opening_import',
            sourceId: importId,
            createdBy: actor.userId,
            lines: [...lines, ...contra].map((l) => ({
              ...l,
              currency: 'TZS',
              rate: '1',
              description: 'Opening balance',
            })),
          },
          actor.userId,
        );
        return { entryId: entry.id, records: [] };
      },
    };
  },
};
