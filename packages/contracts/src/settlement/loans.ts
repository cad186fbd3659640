import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { amountField, isAboveZero, isoDate, requiredText } from '../fields.ts';

/** Farmer loans (cash advances and inputs on credit), recovered from settlements. */

export const farmerLoan = z.object({
  id: uuid,
  loanNo: z.string(),
  farmerId: uuid,
  farmerNo: z.string(),
  farmerName: z.string(),
  amcosId: uuid,
  amcosName: z.string(),
  issuedOn: z.string(),
  amount: money,
  recovered: money,
  outstanding: money,
  reason: z.string(),
  source: z.enum(['cash_advance', 'distribution']),
  /** draft (typed, not yet paid out), active (approved and posted: recoverable), cancelled. */
  status: z.enum(['draft', 'active', 'cancelled']),
  /** The bank or cash account a cash advance was paid from. */
  bankAccountId: uuid.nullable(),
  bankAccountName: z.string().nullable(),
  createdBy: uuid.nullable(),
  approvedBy: uuid.nullable(),
  approvedAt: z.string().nullable(),
  journalEntryId: uuid.nullable(),
  createdAt: z.string(),
});
export type FarmerLoan = z.infer<typeof farmerLoan>;

export const createLoanBody = z.object({
  farmerId: uuid,
  issuedOn: isoDate,
  amount: amountField.refine(isAboveZero, 'The amount must be above zero'),
  reason: requiredText('Give the reason for the advance', 200),
  bankAccountId: z.uuid('Choose the bank or cash account the advance is paid from'),
});
export type CreateLoanBody = z.infer<typeof createLoanBody>;

export const loanListQuery = listQuery.extend({
  farmer_id: uuid.optional(),
  amcos_id: uuid.optional(),
  outstanding: z.enum(['true', 'false']).optional(),
  status: z.enum(['draft', 'active', 'cancelled']).optional(),
});
export const loanList = paged(farmerLoan);

/** A bank or cash account an advance can be paid from (either book). */
export const loanBankAccount = z.object({
  id: uuid,
  code: z.string(),
  name: z.string(),
  book: z.enum(['collection', 'operation']),
});
export type LoanBankAccount = z.infer<typeof loanBankAccount>;
export const loanBankAccountsReply = z.object({ data: z.array(loanBankAccount) });
export const cancelLoanBody = z.object({ reason: requiredText('Give the reason', 300) });
