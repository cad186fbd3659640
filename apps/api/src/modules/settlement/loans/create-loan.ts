import type { CreateLoanBody, FarmerLoan } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { accounts } from '../../accounts/schema.ts';
import { farmers } from '../../farmers/schema.ts';
import { giveLoan } from './give-loan.ts';
import { getLoan } from './queries.ts';

/**
 * A cash advance to a farmer, paid from a named bank or cash account: saved as a draft that
 * another person approves (approval posts it and makes it recoverable).
 */
export async function createLoan(
  db: DbOrTx,
  actor: Actor,
  { body }: { body: CreateLoanBody },
): Promise<FarmerLoan> {
  return db.transaction(async (tx) => {
    const [farmer] = await tx
      .select({ id: farmers.id, amcosId: farmers.amcosId, status: farmers.status })
      .from(farmers)
      .where(eq(farmers.id, body.farmerId));
    if (!farmer) throw fieldError('farmerId', 'Farmer not found');
    assertSociety(actor, farmer.amcosId);
    if (farmer.status !== 'active') throw fieldError('farmerId', 'This farmer is inactive');
    const [bank] = await tx
      .select({ active: accounts.active, isBankOrCash: accounts.isBankOrCash, currency: accounts.currency })
      .from(accounts)
      .where(eq(accounts.id, body.bankAccountId));
    if (!bank?.isBankOrCash)
      throw fieldError('bankAccountId', 'Choose a bank or cash account to pay the advance from');
    if (!bank.active) throw fieldError('bankAccountId', 'This bank or cash account is inactive');
    if (bank.currency !== 'TZS') throw fieldError('bankAccountId', 'Advances are paid from a TZS account');
    const row = await giveLoan(tx, {
      farmerId: farmer.id,
      amcosId: farmer.amcosId,
      issuedOn: body.issuedOn,
      amount: body.amount,
      reason: body.reason,
      source: 'cash_advance',
      bankAccountId: body.bankAccountId,
      createdBy: actor.userId,
    });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'farmer_loan',
      entityId: row.id,
      after: row,
    });
    return getLoan(tx, actor, row.id);
  });
}
