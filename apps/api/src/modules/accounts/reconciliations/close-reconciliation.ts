import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';
import { getReconciliation } from './get-reconciliation.ts';

/**
 * Closes a reconciliation when bank + uncredited - unpresented = books to the cent; the statement is
 * frozen (snapshot) and every match it cleared is locked. The account row is held, so no import,
 * match or unmatch runs beside it; a second close gets 409.
 */
export async function closeReconciliation(db: Db, actor: Actor, { id }: { id: string }) {
  return db.transaction(async (tx) => {
    const [head] = await queryRows(
      tx,
      z.object({ accountId: z.string() }),
      sql`select account_id as "accountId" from bank_reconciliations where id = ${id}`,
    );
    if (!head) throw new NotFoundError('Reconciliation not found');
    await bankAccount(tx, actor, head.accountId, { lock: true });
    return closeHeldReconciliation(tx, actor, id, head.accountId);
  });
}

/**
 * The close itself, inside the caller's transaction, its account's row already held: the close
 * above, and a go-live's bank balance (#36), whose reconciliation at the opening date is closed
 * as it is made.
 */
export async function closeHeldReconciliation(tx: DbOrTx, actor: Actor, id: string, accountId: string) {
  const current = await getReconciliation(tx, id);
  if (current.status !== 'open') throw new ConflictError('This reconciliation is already closed');
  if (current.difference !== '0.00') {
    throw new ValidationError(
      `The reconciliation does not balance: bank ${current.balancePerBank} + uncredited ${current.uncreditedDeposits} - unpresented ${current.unpresentedPayments} differs from the books ${current.balancePerBooks} by ${current.difference}`,
    );
  }
  const closedAt = new Date();
  await tx.execute(sql`update bank_matches set reconciliation_id = ${id}
      where account_id = ${accountId} and reconciliation_id is null and id in (
        select match_id from (
          select match_id, line_date as d from bank_statement_lines where account_id = ${accountId} and match_id is not null
          union all
          select b.match_id, l.entry_date from bank_matched_book_lines b join journal_lines l on l.id = b.journal_line_id
            where b.account_id = ${accountId}
        ) x group by match_id having max(d) <= ${current.statementDate})`);
  await tx.execute(sql`update bank_reconciliations set status = 'closed', closed_by = ${actor.userId},
      closed_at = ${closedAt.toISOString()}, book_balance = ${current.balancePerBooks},
      uncredited_deposits = ${current.uncreditedDeposits}, unpresented_payments = ${current.unpresentedPayments}
      where id = ${id} and status = 'open'`);
  const closed = await getReconciliation(tx, id);
  const snapshot = {
    ...current,
    status: 'closed' as const,
    closedAt: closed.closedAt,
    closedByName: closed.closedByName,
  };
  await tx.execute(
    sql`update bank_reconciliations set snapshot = ${JSON.stringify(snapshot)}::jsonb where id = ${id}`,
  );
  const { items: _items, ...after } = snapshot;
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'closed',
    entity: 'bank_reconciliation',
    entityId: id,
    after,
  });
  return snapshot;
}
