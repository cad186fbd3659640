import type { CreateFinancialYearBody, FinancialYear } from '@ushirika/contracts';
import { yearInTanzania } from '@ushirika/domain';
import { and, eq, gte, lte } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError, fieldError } from '../../platform/errors.ts';
import { toFinancialYear } from './queries.ts';
import { financialYears } from './schema.ts';

async function assertFree(tx: DbOrTx, body: CreateFinancialYearBody) {
  const [overlap] = await tx
    .select({ name: financialYears.name })
    .from(financialYears)
    .where(and(lte(financialYears.startDate, body.endDate), gte(financialYears.endDate, body.startDate)));
  if (overlap) throw fieldError('startDate', `The dates overlap the financial year ${overlap.name}`);
  const [open] = await tx
    .select({ name: financialYears.name })
    .from(financialYears)
    .where(eq(financialYears.status, 'open'));
  if (open) throw new ConflictError(`Close the financial year ${open.name} before opening another`);
  const [named] = await tx
    .select({ id: financialYears.id })
    .from(financialYears)
    .where(eq(financialYears.name, body.name));
  if (named) throw new ConflictError('A financial year with this name already exists');
}

/** Opens a new financial year; only one can be open and years never overlap. */
export async function createFinancialYear(
  db: Db,
  actor: Actor,
  input: CreateFinancialYearBody,
): Promise<FinancialYear> {
  return db.transaction(async (tx) => {
    await assertFree(tx, input);
    const { name, startDate, endDate } = input;
    const [row] = await tx
      .insert(financialYears)
      .values({ name, startDate, endDate, createdBy: actor.userId })
      .returning();
    if (!row) throw new Error('Financial year insert returned nothing');
    const year = toFinancialYear(row);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'financial_year',
      entityId: row.id,
      after: year,
    });
    return year;
  });
}

/** At start: when no year exists, opens the calendar year holding today (see docs/DECISIONS.md). */
export async function ensureCurrentFinancialYear(db: Db, now = Date.now()): Promise<void> {
  const [any] = await db.select({ id: financialYears.id }).from(financialYears).limit(1);
  if (any) return;
  const year = yearInTanzania(now);
  await db
    .insert(financialYears)
    .values({ name: `FY ${year}`, startDate: `${year}-01-01`, endDate: `${year}-12-31` })
    .onConflictDoNothing();
}
