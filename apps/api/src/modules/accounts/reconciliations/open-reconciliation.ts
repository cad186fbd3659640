import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, fieldError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';
import { getReconciliation } from './get-reconciliation.ts';
import { bankReconciliations } from './schema.ts';

/** Starts the reconciliation of an account as at a statement date, with the statement's closing balance. */
export async function openReconciliation(
  db: Db,
  actor: Actor,
  input: { accountId: string; statementDate: string; statementBalance: string },
) {
  return db.transaction(async (tx) => {
    const account = await bankAccount(tx, actor, input.accountId, { lock: true });
    const [last] = await queryRows(
      tx,
      z.object({ status: z.string(), date: z.string() }),
      sql`select status, statement_date::text as date from bank_reconciliations
          where account_id = ${account.id} order by statement_date desc limit 1`,
    );
    if (last?.status === 'open')
      throw new ConflictError('This account already has an open reconciliation; close it first');
    if (last && last.date >= input.statementDate) {
      throw fieldError(
        'statementDate',
        `The statement date must be after the last closed reconciliation (${last.date})`,
      );
    }
    const [row] = await tx
      .insert(bankReconciliations)
      .values({ ...input, createdBy: actor.userId })
      .returning({ id: bankReconciliations.id });
    if (!row) throw new Error('reconciliation not written');
    const reconciliation = await getReconciliation(tx, row.id);
    const { items: _items, ...after } = reconciliation;
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'bank_reconciliation',
      entityId: row.id,
      after,
    });
    return reconciliation;
  });
}
