import type { FinancialYear, UpdateFinancialYearBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, fieldError } from '../../platform/errors.ts';
import { getFinancialYearRow, toFinancialYear } from './queries.ts';
import { financialYears } from './schema.ts';

/** Renames a year or moves a book's lock date; a lock date lies inside the year. */
export async function updateFinancialYear(
  db: Db,
  actor: Actor,
  { id, ...changes }: UpdateFinancialYearBody & { id: string },
): Promise<FinancialYear> {
  return db.transaction(async (tx) => {
    const before = await getFinancialYearRow(tx, id);
    if (before.status === 'closed') throw new ConflictError('A closed financial year cannot be changed');
    for (const field of ['collectionLockedUntil', 'operationLockedUntil'] as const) {
      const value = changes[field];
      if (value && (value < before.startDate || value > before.endDate)) {
        throw fieldError(field, `Choose a date between ${before.startDate} and ${before.endDate}`);
      }
    }
    const [row] = await tx.update(financialYears).set(changes).where(eq(financialYears.id, id)).returning();
    if (!row) throw new Error('Financial year update returned nothing');
    const after = toFinancialYear(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'financial_year',
      entityId: id,
      before: toFinancialYear(before),
      after,
    });
    return after;
  });
}
