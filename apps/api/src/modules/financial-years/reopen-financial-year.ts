import type { FinancialYear, ReopenFinancialYearBody } from '@ushirika/contracts';
import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import { getFinancialYearRow, toFinancialYear } from './queries.ts';
import { financialYears } from './schema.ts';

/**
 * Opens a closed year again, so that an adjustment (the auditors') can be posted into it: only the
 * latest year, and only while no other year is open (one year is open at a time). Its closing
 * entries stay: closing it again closes only what was posted since. The reason is kept in the
 * year's history (the audit event), and until it is closed again its statements say the year is
 * open.
 */
export async function reopenFinancialYear(
  db: Db,
  actor: Actor,
  input: { id: string } & ReopenFinancialYearBody,
): Promise<FinancialYear> {
  return db.transaction(async (tx) => {
    await tx
      .select({ id: financialYears.id })
      .from(financialYears)
      .where(eq(financialYears.id, input.id))
      .for('update');
    const before = await getFinancialYearRow(tx, input.id);
    if (before.status !== 'closed') throw new ConflictError('This financial year is open');
    const [open] = await tx
      .select({ name: financialYears.name })
      .from(financialYears)
      .where(eq(financialYears.status, 'open'));
    if (open)
      throw new ConflictError(`Close the financial year ${open.name} before reopening ${before.name}`);
    const [later] = await tx
      .select({ name: financialYears.name })
      .from(financialYears)
      .where(gt(financialYears.startDate, before.startDate))
      .limit(1);
    if (later)
      throw new ConflictError(`Only the latest financial year can be reopened: ${later.name} follows it`);
    const [row] = await tx
      .update(financialYears)
      .set({ status: 'open', closedAt: null, closedBy: null })
      .where(and(eq(financialYears.id, input.id), eq(financialYears.status, 'closed')))
      .returning();
    if (!row) throw new ConflictError('This financial year is open');
    const after = toFinancialYear(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'reopened',
      entity: 'financial_year',
      entityId: input.id,
      before: toFinancialYear(before),
      after: { ...after, reason: input.reason },
    });
    return after;
  });
}
