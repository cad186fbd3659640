import { z } from 'zod';
import { listQuery, queryBoolean, uuid, wholeNumber } from '../common.ts';
import { optionalEmail, optionalPhone, optionalText, requiredText } from '../fields.ts';

/** Suppliers the union buys inputs from (issue 13). */

export const supplierPaymentMethod = z.enum(['bank', 'mobile_money']);
export const supplier = z.object({
  id: uuid,
  name: z.string(),
  tin: z.string().nullable(),
  vrn: z.string().nullable(),
  contactPerson: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  paymentMethod: supplierPaymentMethod,
  bankId: z.string().nullable(),
  bankName: z.string().nullable(),
  accountName: z.string().nullable(),
  accountNo: z.string().nullable(),
  mobileMoneyNo: z.string().nullable(),
  paymentTermsDays: z.number(),
  active: z.boolean(),
  /** What the union owes: open purchase invoices' balances. */
  balance: z.string(),
});
export type Supplier = z.infer<typeof supplier>;

const supplierFields = z.object({
  name: requiredText('Enter the supplier name', 120),
  tin: optionalText(20),
  vrn: optionalText(20),
  contactPerson: optionalText(80),
  phone: optionalPhone,
  email: optionalEmail,
  address: optionalText(200),
  paymentMethod: supplierPaymentMethod.default('bank'),
  bankId: uuid.nullish().transform((v) => v ?? null),
  accountName: optionalText(120),
  accountNo: optionalText(40),
  mobileMoneyNo: optionalPhone,
  paymentTermsDays: wholeNumber({ min: 0, max: 365, message: 'Enter the days as a whole number' }).default(
    30,
  ),
});

/** Where the money goes must be complete for the chosen method. */
const paidSomewhere = (
  v: {
    paymentMethod?: string;
    bankId?: string | null;
    accountNo?: string | null;
    mobileMoneyNo?: string | null;
  },
  ctx: z.RefinementCtx,
) => {
  if (v.paymentMethod === 'bank' && (!v.bankId || !v.accountNo)) {
    if (!v.bankId) ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'Choose the bank' });
    if (!v.accountNo)
      ctx.addIssue({ code: 'custom', path: ['accountNo'], message: 'Enter the account number' });
  }
  if (v.paymentMethod === 'mobile_money' && !v.mobileMoneyNo)
    ctx.addIssue({ code: 'custom', path: ['mobileMoneyNo'], message: 'Enter the mobile money number' });
};

export const createSupplierBody = supplierFields.superRefine(paidSomewhere);
export const updateSupplierBody = supplierFields
  .partial()
  .extend({ active: z.boolean().optional() })
  .superRefine((v, ctx) => {
    if (v.paymentMethod) paidSomewhere(v, ctx);
  });
export const supplierListQuery = listQuery.extend({ active: queryBoolean.optional() });

/** The details screen: the supplier with its open orders and its invoices. */
export const supplierDetail = supplier.extend({
  openOrders: z.array(
    z.object({ id: uuid, orderNo: z.string(), orderDate: z.string(), status: z.string(), total: z.string() }),
  ),
  invoices: z.array(
    z.object({
      id: uuid,
      invoiceNo: z.string(),
      supplierInvoiceNo: z.string(),
      invoiceDate: z.string(),
      dueDate: z.string(),
      status: z.string(),
      total: z.string(),
      balance: z.string(),
    }),
  ),
});
export type SupplierDetail = z.infer<typeof supplierDetail>;
