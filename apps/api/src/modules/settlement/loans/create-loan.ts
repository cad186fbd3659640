import type { CreateLoanBody, FarmerLoan } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { farmers } from '../../farmers/schema.ts';
import { farmerLoans } from '../schema.ts';
import { getLoan } from './queries.ts';

/** A cash advance to a farmer, recovered from their next settlements (oldest loan first). */
export async function createLoan(
  db: DbOrTx,
  { actor, body }: { actor: Actor; body: CreateLoanBody },
): Promise<FarmerLoan> {
  return db.transaction(async (tx) => {
    const [farmer] = await tx
      .select({ id: farmers.id, amcosId: farmers.amcosId, status: farmers.status })
      .from(farmers)
      .where(eq(farmers.id, body.farmerId));
    if (!farmer) throw fieldError('farmerId', 'Farmer not found');
    assertSociety(actor, farmer.amcosId);
    if (farmer.status !== 'active') throw fieldError('farmerId', 'This farmer is inactive');
    const loanNo = await nextDocumentNumber(tx, 'LN', Number(body.issuedOn.slice(0, 4)));
    const [row] = await tx
      .insert(farmerLoans)
      .values({
        loanNo,
        farmerId: farmer.id,
        amcosId: farmer.amcosId,
        issuedOn: body.issuedOn,
        amount: body.amount,
        reason: body.reason,
        source: 'cash_advance',
        createdBy: actor.userId,
      })
      .returning();
    if (!row) throw new Error('Loan not saved');
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
