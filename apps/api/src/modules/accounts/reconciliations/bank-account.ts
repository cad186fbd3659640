import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { assertUnionStaff } from '../../../platform/access.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { accounts } from '../schema.ts';

/**
 * The bank or cash account being reconciled. Accounts belong to the union's two books; no account
 * is owned by an AMCOS today, so AMCOS users are refused here as well as by the routes' audience.
 */
export async function bankAccount(db: DbOrTx, actor: Actor, accountId: string, { lock = false } = {}) {
  assertUnionStaff(actor);
  const query = db.select().from(accounts).where(eq(accounts.id, accountId));
  // Every change to an account's statement, matches or reconciliations holds its row: a close
  // cannot run beside an unmatch or an import. NO KEY UPDATE leaves postings (key share) alone.
  const [account] = lock ? await query.for('no key update') : await query;
  if (!account) throw new NotFoundError('Account not found');
  if (!account.isBankOrCash) throw fieldError('accountId', 'Only a bank or cash account can be reconciled');
  return account;
}
