import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { NotFoundError } from '../../../platform/errors.ts';
import { farmerLoans } from '../schema.ts';

/** Loads a loan row for update (approvals and cancellations queue on it). */
export async function lockLoan(tx: DbOrTx, id: string) {
  const [row] = await tx.select().from(farmerLoans).where(eq(farmerLoans.id, id)).for('update');
  if (!row) throw new NotFoundError('Loan not found');
  return row;
}
