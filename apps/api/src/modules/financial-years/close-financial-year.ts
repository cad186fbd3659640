import type { FinancialYear } from '@ushirika/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import { journalEntries } from '../accounts/journal/schema.ts';
import { getFinancialYearRow, toFinancialYear } from './queries.ts';
import { financialYears } from './schema.ts';
import type { YearEndBooks } from './year-end.ts';

/**
 * Closes the year for good: nothing posts into it afterwards. Drafts left in it must go first.
 * In the same transaction, each book's income and expenses are closed into its retained earnings
 * (`books`, the accounts' side: accounts/reports/year-closing.ts), so the next year opens with
 * them at zero.
 */
export async function closeFinancialYear(
  db: Db,
  actor: Actor,
  { id, books }: { id: string; books: YearEndBooks },
): Promise<FinancialYear> {
  return db.transaction(async (tx) => {
    // The year row locked first: postings hold it FOR SHARE until they commit, so none is still
    // running, and none starts, while the balances are read and the closing entries posted.
    await tx
      .select({ id: financialYears.id })
      .from(financialYears)
      .where(eq(financialYears.id, id))
      .for('update');
    const before = await getFinancialYearRow(tx, id);
    if (before.status !== 'open') throw new ConflictError('This financial year is already closed');
    const [drafts] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(and(eq(journalEntries.financialYearId, id), eq(journalEntries.status, 'draft')));
    if ((drafts?.n ?? 0) > 0) {
      throw new ValidationError(
        `${drafts?.n} draft journal entries are still waiting for approval in ${before.name}`,
      );
    }
    const closingEntries = await books.post(tx, before, actor.userId);
    const [row] = await tx
      .update(financialYears)
      .set({ status: 'closed', closedAt: new Date(), closedBy: actor.userId })
      .where(and(eq(financialYears.id, id), eq(financialYears.status, 'open')))
      .returning();
    if (!row) throw new ConflictError('This financial year is already closed');
    const after = toFinancialYear(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'closed',
      entity: 'financial_year',
      entityId: id,
      before: toFinancialYear(before),
      after: { ...after, closingEntries },
    });
    return after;
  });
}
