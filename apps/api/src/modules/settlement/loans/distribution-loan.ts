import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError } from '../../../platform/errors.ts';
import { farmerLoans } from '../schema.ts';
import { giveLoan } from './give-loan.ts';

/**
 * The loan of a credit (or subsidised) input distribution (#14): written by `giveLoan` like every
 * loan, then active at once, approved by the distribution's approvals (the request's two levels),
 * source `distribution`. The distribution posts it (Dr farmer loans with the inventory, margin and
 * subsidy lines of one event, not `postLoan`'s two lines) and links the Collection-book entry in
 * the statement that writes the distribution; settlements recover it like any other loan. Its LN number is taken at commit:
 * the `loanNo` answered is provisional (`~<year>~<id>`).
 */
export async function giveDistributionLoan(
  tx: DbOrTx,
  loan: {
    farmerId: string;
    amcosId: string;
    issuedOn: string;
    amount: string;
    reason: string;
    createdBy: string;
  },
): Promise<{ id: string; loanNo: string }> {
  // Numbered at commit (the LN counter is not held through the rest of the distribution's save),
  // written active in the same statement.
  const row = await giveLoan(
    tx,
    { ...loan, source: 'distribution' },
    { numberAtCommit: true, approvedBy: loan.createdBy },
  );
  return { id: row.id, loanNo: row.loanNo };
}

/**
 * Cancels a distribution's loan, only while nothing of it has been recovered: the row is locked
 * first, so a settlement recovering it at the same moment either finishes before (and this
 * refuses) or waits and finds it cancelled.
 */
export async function cancelDistributionLoan(tx: DbOrTx, loanId: string, reason: string): Promise<void> {
  const [loan] = await queryRows(
    tx,
    z.object({ recovered: z.string(), status: z.string(), loanNo: z.string() }),
    sql`select recovered::text as recovered, status, loan_no as "loanNo" from farmer_loans where id = ${loanId} for update`,
  );
  if (!loan) throw new Error('Loan of the distribution is missing');
  if (loan.status !== 'active') throw new ConflictError(`Loan ${loan.loanNo} is ${loan.status}`);
  if (loan.recovered !== '0.00')
    throw new ConflictError(
      `Loan ${loan.loanNo} has already been recovered in part (${loan.recovered}): the distribution can no longer be cancelled`,
    );
  const [planned] = await queryRows(
    tx,
    z.object({ no: z.string() }),
    sql`select s.settlement_no as no from loan_recoveries r join settlements s on s.id = r.settlement_id
        where r.loan_id = ${loanId} and s.status = 'draft' limit 1`,
  );
  if (planned)
    throw new ConflictError(
      `Draft settlement ${planned.no} recovers loan ${loan.loanNo}: cancel that draft first, or keep the distribution`,
    );
  await tx
    .update(farmerLoans)
    .set({ status: 'cancelled', cancelReason: reason, updatedAt: new Date() })
    .where(eq(farmerLoans.id, loanId));
}
