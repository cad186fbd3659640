import { type Buyer, buyer, buyerListQuery, createBuyerBody, updateBuyerBody } from '@ushirika/contracts';
import { and, asc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import type { CatalogResource } from '../../../platform/catalog.ts';
import { likeContains, pageOf } from '../../../platform/list.ts';
import { buyers } from './schema.ts';

/** Open invoice balances and unallocated receipts, read from the kept totals (no allocation join). */
export const buyerBalance = sql<string>`(select coalesce(sum(si.total - si.paid_amount), 0)::numeric(16,2)::text
  from sales_invoices si where si.buyer_id = "buyers"."id" and si.status in ('issued', 'part_paid'))`;
export const buyerCredit = sql<string>`(select coalesce(sum(br.amount - br.allocated), 0)::numeric(16,2)::text
  from buyer_receipts br where br.buyer_id = "buyers"."id")`;

const columns = {
  id: buyers.id,
  name: buyers.name,
  tin: buyers.tin,
  licenceNo: buyers.licenceNo,
  licenceExpiresOn: buyers.licenceExpiresOn,
  bidCode: buyers.bidCode,
  contactPerson: buyers.contactPerson,
  phone: buyers.phone,
  email: buyers.email,
  address: buyers.address,
  country: buyers.country,
  bidSecurity: buyers.bidSecurity,
  status: buyers.status,
  balance: buyerBalance,
  credit: buyerCredit,
};

export const buyerResource: CatalogResource<
  Buyer,
  z.infer<typeof createBuyerBody>,
  z.infer<typeof updateBuyerBody>,
  z.infer<typeof buyerListQuery>
> = {
  path: '/sales/buyers',
  tag: 'buyers',
  entity: 'buyer',
  label: 'Buyer',
  exportName: 'BUYERS',
  read: { permission: 'sales.invoice.read', audience: 'union' },
  write: { permission: 'sales.auction.update', audience: 'union' },
  schemas: { item: buyer, create: createBuyerBody, update: updateBuyerBody, query: buyerListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(
            ilike(buyers.name, pattern),
            ilike(buyers.bidCode, pattern),
            ilike(buyers.licenceNo, pattern),
            ilike(buyers.phone, pattern),
          )
        : undefined,
      query.status ? eq(buyers.status, query.status) : undefined,
    );
    const sortable = {
      name: buyers.name,
      bidCode: buyers.bidCode,
      licenceExpiresOn: buyers.licenceExpiresOn,
    };
    return pageOf(db, () => db.select(columns).from(buyers).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(buyers.name)], tiebreak: buyers.id },
      window,
    });
  },
  get: async (db: DbOrTx, id) => (await db.select(columns).from(buyers).where(eq(buyers.id, id)))[0],
  async insert(tx, body, actorId) {
    const [row] = await tx
      .insert(buyers)
      .values({ ...body, createdBy: actorId })
      .returning({ id: buyers.id });
    if (!row) throw new Error('Buyer insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    if (Object.keys(body).length > 0) await tx.update(buyers).set(body).where(eq(buyers.id, id));
  },
  constraints: {
    buyers_bid_code_unique: { field: 'bidCode', message: 'Another buyer has this bid code' },
    buyers_licence_no_unique: { field: 'licenceNo', message: 'Another buyer has this licence number' },
  },
  exportColumns: [
    { header: 'Buyer', value: (r) => r.name, width: 30 },
    { header: 'Bid code', value: (r) => r.bidCode },
    { header: 'Licence no', value: (r) => r.licenceNo },
    { header: 'Licence expires', value: (r) => r.licenceExpiresOn },
    { header: 'TIN', value: (r) => r.tin },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Bid security (TZS)', value: (r) => r.bidSecurity },
    { header: 'Balance (TZS)', value: (r) => r.balance },
    { header: 'Credit (TZS)', value: (r) => r.credit },
    { header: 'Status', value: (r) => r.status },
  ],
};

/** The buyers of these bid codes, by code and name (opening imports' lookups). */
export async function buyersCoded(db: DbOrTx, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .select({ id: buyers.id, code: buyers.bidCode, name: buyers.name })
    .from(buyers)
    .where(inArray(buyers.bidCode, codes));
}
