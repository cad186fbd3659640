import type { FinancialYear } from '@ushirika/contracts';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../platform/errors.ts';
import { journalEntries } from '../accounts/journal/schema.ts';
import { getFinancialYearRow, toFinancialYear } from './queries.ts';
import { financialYears } from './schema.ts';

/** Closes the year for good: nothing posts into it afterwards. Drafts left in it must go first. */
export async function closeFinancialYear(
  db: Db,
  { id, actorId }: { id: string; actorId: string },
): Promise<FinancialYear> {
  return db.transaction(async (tx) => {
    const before = await getFinancialYearRow(tx, id);
    const [drafts] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(journalEntries)
      .where(and(eq(journalEntries.financialYearId, id), eq(journalEntries.status, 'draft')));
    if ((drafts?.n ?? 0) > 0) {
      throw new ValidationError(
        `${drafts?.n} draft journal entries are still waiting for approval in ${before.name}`,
      );
    }
    const [row] = await tx
      .update(financialYears)
      .set({ status: 'closed', closedAt: new Date(), closedBy: actorId })
      .where(and(eq(financialYears.id, id), eq(financialYears.status, 'open')))
      .returning();
    if (!row) throw new ConflictError('This financial year is already closed');
    const after = toFinancialYear(row);
    await recordAudit(tx, {
      actorId,
      action: 'closed',
      entity: 'financial_year',
      entityId: id,
      before: toFinancialYear(before),
      after,
    });
    return after;
  });
}
