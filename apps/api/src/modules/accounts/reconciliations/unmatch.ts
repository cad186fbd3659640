import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { bankAccount } from './bank-account.ts';

/** Undoes a match before its reconciliation closes; a match a closed reconciliation cleared is locked. */
export async function unmatch(db: Db, actor: Actor, { id }: { id: string }) {
  return db.transaction(async (tx) => {
    const read = () =>
      queryRows(
        tx,
        z.object({
          id: z.string(),
          accountId: z.string(),
          reconciliationId: z.string().nullable(),
          reason: z.string(),
        }),
        sql`select id, account_id as "accountId", reconciliation_id as "reconciliationId", reason
            from bank_matches where id = ${id}`,
      );
    const [found] = await read();
    if (!found) throw new NotFoundError('Match not found');
    await bankAccount(tx, actor, found.accountId, { lock: true });
    const [match] = await read();
    if (!match) throw new ConflictError('This match was undone meanwhile');
    if (match.reconciliationId)
      throw new ConflictError('This match is part of a closed reconciliation and cannot be undone');
    await tx.execute(sql`update bank_statement_lines set match_id = null where match_id = ${id}`);
    await tx.execute(sql`delete from bank_matched_book_lines where match_id = ${id}`);
    await tx.execute(sql`delete from bank_matches where id = ${id}`);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'unmatched',
      entity: 'bank_account',
      entityId: match.accountId,
      before: match,
    });
  });
}
