import { z } from 'zod';
import { listQuery, money, paged, uuid } from '../common.ts';
import { amountField, isoDate, requiredText } from '../fields.ts';

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
  status: z.enum(['active', 'cancelled']),
  createdAt: z.string(),
});
export type FarmerLoan = z.infer<typeof farmerLoan>;

export const createLoanBody = z.object({
  farmerId: uuid,
  issuedOn: isoDate,
  amount: amountField.refine((v) => Number(v) > 0, 'The amount must be above zero'),
  reason: requiredText('Give the reason for the advance', 200),
});
export type CreateLoanBody = z.infer<typeof createLoanBody>;

export const loanListQuery = listQuery.extend({
  farmer_id: uuid.optional(),
  amcos_id: uuid.optional(),
  outstanding: z.enum(['true', 'false']).optional(),
});
export const loanList = paged(farmerLoan);
