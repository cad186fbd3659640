import type { FarmerLoan } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError } from '../../../platform/errors.ts';
import { checkBankCover } from '../../accounts/journal/bank-cover.ts';
import { farmers } from '../../farmers/schema.ts';
import { postLoan } from './give-loan.ts';
import { queueLoanGivenSms } from './loan-sms.ts';
import { lockLoan } from './lock-loan.ts';
import { getLoan } from './queries.ts';

const notDraft = (status: string) =>
  new ConflictError(
    status === 'active' ? 'This loan is already approved' : 'This loan was cancelled and cannot be approved',
  );

/**
 * Approves a draft cash advance (maker-checker, race-safe: the row is locked FOR UPDATE, so of
 * two approvals the second waits, then reads it approved and gets 409) and posts it: Dr farmer loans /
 * Cr the bank or cash account it was paid from. From then on settlements recover it.
 */
export async function approveLoan(
  db: DbOrTx,
  actor: Actor,
  { id }: { id: string },
): Promise<{ loan: FarmerLoan; warning?: string }> {
  return db.transaction(async (tx) => {
    const row = await lockLoan(tx, id);
    if (row.status !== 'draft') throw notDraft(row.status);
    if (row.createdBy === actor.userId)
      throw new ForbiddenError('You entered this advance, so another person must approve it');
    const warning = row.bankAccountId
      ? await checkBankCover(tx, {
          accountId: row.bankAccountId,
          amount: row.amount,
          what: `cash advance ${row.loanNo}`,
        })
      : undefined;
    const [farmer] = await tx
      .select({ name: sql<string>`concat_ws(' ', ${farmers.firstName}, ${farmers.lastName})` })
      .from(farmers)
      .where(eq(farmers.id, row.farmerId));
    const entryId = await postLoan(tx, row, { approvedBy: actor.userId, farmerName: farmer?.name });
    await queueLoanGivenSms(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'approved',
      entity: 'farmer_loan',
      entityId: id,
      before: { status: 'draft' },
      after: { status: 'active', journalEntryId: entryId },
    });
    return { loan: await getLoan(tx, actor, id), warning };
  });
}
