import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorship, id } from '../../../db/columns.ts';
import { banks } from '../../cooperative/schema.ts';

export const SUPPLIER_PAYMENT_METHODS = ['bank', 'mobile_money'] as const;

/**
 * Who the union buys inputs from. Paid by bank transfer (bank + account) or mobile money (phone);
 * invoices fall due `payment_terms_days` after their date unless the invoice says otherwise.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: id(),
    name: text('name').notNull(),
    tin: text('tin'),
    vrn: text('vrn'),
    contactPerson: text('contact_person'),
    phone: text('phone'),
    email: text('email'),
    address: text('address'),
    paymentMethod: text('payment_method', { enum: SUPPLIER_PAYMENT_METHODS }).notNull().default('bank'),
    bankId: uuid('bank_id').references(() => banks.id),
    accountName: text('account_name'),
    accountNo: text('account_no'),
    mobileMoneyNo: text('mobile_money_no'),
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    active: boolean('active').notNull().default(true),
    ...authorship(),
  },
  (t) => [
    uniqueIndex('suppliers_tin_unique').on(t.tin),
    index('suppliers_name_idx').on(t.name),
    check('suppliers_method_check', sql`${t.paymentMethod} in ('bank', 'mobile_money')`),
    check('suppliers_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
  ],
);
