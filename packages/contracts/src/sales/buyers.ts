import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { amountField, isoDate, optionalEmail, optionalPhone, optionalText, requiredText } from '../fields.ts';

export const buyerStatus = z.enum(['active', 'suspended']);
export const buyer = z.object({
  id: uuid,
  name: z.string(),
  tin: z.string().nullable(),
  licenceNo: z.string(),
  licenceExpiresOn: z.string().nullable(),
  bidCode: z.string(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  country: z.string(),
  bidSecurity: z.string(),
  status: buyerStatus,
  /** Open invoice balances. */
  balance: z.string(),
  /** Receipts not yet allocated. */
  credit: z.string(),
});
export type Buyer = z.infer<typeof buyer>;
export const createBuyerBody = z.object({
  name: requiredText('Enter the buyer name'),
  tin: optionalText(20),
  licenceNo: requiredText('Enter the licence number', 40),
  licenceExpiresOn: isoDate.nullish().transform((v) => v ?? null),
  bidCode: requiredText('Enter the bid code', 20).transform((v) => v.toUpperCase()),
  contactPerson: optionalText(80),
  phone: optionalPhone,
  email: optionalEmail,
  address: optionalText(200),
  country: z.string().trim().min(1).max(60).default('Tanzania'),
  bidSecurity: amountField.default('0'),
});
export const updateBuyerBody = createBuyerBody.partial().extend({ status: buyerStatus.optional() });
export const buyerListQuery = listQuery.extend({ status: buyerStatus.optional() });
