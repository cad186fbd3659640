import {
  createSupplierBody as createSchema,
  type createSupplierBody,
  supplierListQuery as querySchema,
  type Supplier,
  supplier,
  type supplierListQuery,
  updateSupplierBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import type { CatalogResource } from '../../../platform/catalog.ts';
import { fieldError } from '../../../platform/errors.ts';
import { likeContains, pageOf } from '../../../platform/list.ts';
import { banks } from '../../cooperative/schema.ts';
import { purchaseRead, purchaseWrite } from '../access.ts';
import { suppliers } from './schema.ts';

/** What the union owes the supplier: the balances of its posted, unpaid invoices. */
export const supplierBalance = sql<string>`(select coalesce(sum(pi.total - pi.paid_amount), 0)::numeric(16,2)::text
  from purchase_invoices pi where pi.supplier_id = "suppliers"."id" and pi.status in ('open', 'part_paid'))`;

const columns = {
  id: suppliers.id,
  name: suppliers.name,
  tin: suppliers.tin,
  vrn: suppliers.vrn,
  contactPerson: suppliers.contactPerson,
  phone: suppliers.phone,
  email: suppliers.email,
  address: suppliers.address,
  paymentMethod: suppliers.paymentMethod,
  bankId: suppliers.bankId,
  bankName: banks.name,
  accountName: suppliers.accountName,
  accountNo: suppliers.accountNo,
  mobileMoneyNo: suppliers.mobileMoneyNo,
  paymentTermsDays: suppliers.paymentTermsDays,
  active: suppliers.active,
  balance: supplierBalance,
};

async function assertBank(tx: DbOrTx, bankId: string | null | undefined) {
  if (!bankId) return;
  const [bank] = await tx.select({ id: banks.id }).from(banks).where(eq(banks.id, bankId));
  if (!bank) throw fieldError('bankId', 'Unknown bank: choose one from the list');
}

export const supplierResource: CatalogResource<
  Supplier,
  z.infer<typeof createSupplierBody>,
  z.infer<typeof updateSupplierBody>,
  z.infer<typeof supplierListQuery>
> = {
  path: '/purchase/suppliers',
  tag: 'suppliers',
  entity: 'supplier',
  label: 'Supplier',
  exportName: 'SUPPLIERS',
  read: purchaseRead,
  write: purchaseWrite,
  schemas: { item: supplier, create: createSchema, update: updateSupplierBody, query: querySchema },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(
            ilike(suppliers.name, pattern),
            ilike(suppliers.tin, pattern),
            ilike(suppliers.vrn, pattern),
            ilike(suppliers.phone, pattern),
            ilike(suppliers.contactPerson, pattern),
          )
        : undefined,
      query.active === undefined ? undefined : eq(suppliers.active, query.active),
    );
    const sortable = { name: suppliers.name, paymentTermsDays: suppliers.paymentTermsDays };
    return pageOf(
      db,
      () => db.select(columns).from(suppliers).leftJoin(banks, eq(banks.id, suppliers.bankId)).$dynamic(),
      {
        where,
        order: { sort: query.sort, sortable, fallback: [asc(suppliers.name)], tiebreak: suppliers.id },
        window,
      },
    );
  },
  get: async (db, id) =>
    (
      await db
        .select(columns)
        .from(suppliers)
        .leftJoin(banks, eq(banks.id, suppliers.bankId))
        .where(eq(suppliers.id, id))
    )[0],
  async insert(tx, body, actorId) {
    await assertBank(tx, body.bankId);
    const [row] = await tx
      .insert(suppliers)
      .values({ ...body, createdBy: actorId })
      .returning({ id: suppliers.id });
    if (!row) throw new Error('Supplier insert returned nothing');
    return row.id;
  },
  async update(tx, id, body, before) {
    await assertBank(tx, body.bankId);
    const after = { ...before, ...body };
    if (after.paymentMethod === 'bank' && (!after.bankId || !after.accountNo))
      throw fieldError('accountNo', 'A supplier paid by bank needs its bank and account number');
    if (after.paymentMethod === 'mobile_money' && !after.mobileMoneyNo)
      throw fieldError('mobileMoneyNo', 'Enter the mobile money number');
    if (Object.keys(body).length > 0) await tx.update(suppliers).set(body).where(eq(suppliers.id, id));
  },
  constraints: {
    suppliers_tin_unique: { field: 'tin', message: 'Another supplier has this TIN' },
  },
  exportColumns: [
    { header: 'Supplier', value: (r) => r.name, width: 30 },
    { header: 'TIN', value: (r) => r.tin },
    { header: 'VRN', value: (r) => r.vrn },
    { header: 'Contact', value: (r) => r.contactPerson },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Email', value: (r) => r.email },
    { header: 'Paid by', value: (r) => (r.paymentMethod === 'bank' ? 'Bank' : 'Mobile money') },
    { header: 'Bank', value: (r) => r.bankName },
    { header: 'Account no', value: (r) => r.accountNo },
    { header: 'Mobile money', value: (r) => r.mobileMoneyNo },
    { header: 'Terms (days)', value: (r) => r.paymentTermsDays },
    { header: 'Balance (TZS)', value: (r) => r.balance },
    { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
  ],
};
