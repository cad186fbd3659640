import type { PostingRole } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { postAcrossBooks } from '../../accounts/journal/post-across-books.ts';
import { farmerLoans } from '../schema.ts';

type LoanRow = typeof farmerLoans.$inferSelect;

export type NewLoan = {
  farmerId: string;
  amcosId: string;
  issuedOn: string;
  amount: string;
  reason: string;
  /** cash_advance (paid from `bankAccountId`) or distribution (inputs on credit, #14). */
  source: LoanRow['source'];
  bankAccountId?: string | null;
  createdBy: string;
};

/**
 * Writes a loan as a draft (LN- number). Any module giving farmers credit starts here; it becomes
 * recoverable only once `postLoan` has approved and posted it. With `{ numberAtCommit: true }` the
 * LN number is taken at commit (migration 0037's deferred trigger), so concurrent callers wait on
 * the counter only while one commits; the row answered then carries a provisional `~<year>~<id>`.
 * With `{ approvedBy }` the loan is written active, approved by them (a loan approved by the
 * business action that gives it, e.g. an approved input request), in the same statement.
 */
export async function giveLoan(
  tx: DbOrTx,
  loan: NewLoan,
  options: { numberAtCommit?: boolean; approvedBy?: string } = {},
): Promise<LoanRow> {
  const year = Number(loan.issuedOn.slice(0, 4));
  const id = uuidv7();
  const loanNo = options.numberAtCommit ? `~${year}~${id}` : await nextDocumentNumber(tx, 'LN', year);
  const approval = options.approvedBy
    ? { status: 'active' as const, approvedBy: options.approvedBy, approvedAt: new Date() }
    : { status: 'draft' as const };
  const [row] = await tx
    .insert(farmerLoans)
    .values({ ...loan, id, loanNo, bankAccountId: loan.bankAccountId ?? null, ...approval })
    .returning();
  if (!row) throw new Error('Loan not saved');
  return row;
}

/**
 * Makes a draft loan recoverable: active, approved by `approvedBy`, and posted Dr farmer loans /
 * Cr what paid it: the loan's bank or cash account, or `against` (e.g. inventory for inputs on
 * credit), in the book where that account lives (through due-to / due-from when it is the
 * Operation book). The caller holds the loan's row (claimed from draft).
 */
export async function postLoan(
  tx: DbOrTx,
  loan: LoanRow,
  o: {
    approvedBy: string | null;
    against?: PostingRole;
    date?: string;
    narration?: string;
    farmerName?: string;
  },
): Promise<string> {
  const against = o.against ?? 'collection_bank';
  const posted = await postAcrossBooks(tx, {
    type: 'loan_issued',
    amount: loan.amount,
    against,
    ...(loan.bankAccountId && !o.against ? { accounts: { collection_bank: loan.bankAccountId } } : {}),
    date: o.date ?? loan.issuedOn,
    narration: o.narration ?? `Loan ${loan.loanNo}: ${loan.reason}`,
    reference: loan.loanNo,
    sourceType: 'farmer_loan',
    sourceId: loan.id,
    actorId: o.approvedBy,
    party: { type: 'farmer', id: loan.farmerId, name: o.farmerName ?? loan.loanNo },
  });
  const entryId = posted.ids[0] as string;
  await tx
    .update(farmerLoans)
    .set({ status: 'active', approvedBy: o.approvedBy, approvedAt: new Date(), journalEntryId: entryId })
    .where(eq(farmerLoans.id, loan.id));
  return entryId;
}
