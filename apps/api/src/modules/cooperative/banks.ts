import {
  type Bank,
  bank,
  bankListQuery,
  type CreateBankBody,
  createBankBody,
  type UpdateBankBody,
  updateBankBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { banks } from './schema.ts';

type Query = z.infer<typeof bankListQuery>;
const columns = {
  id: banks.id,
  name: banks.name,
  shortCode: banks.shortCode,
  swift: banks.swift,
  active: banks.active,
};

export const bankResource: CatalogResource<Bank, CreateBankBody, UpdateBankBody, Query> = {
  path: '/cooperative/banks',
  tag: 'cooperative',
  entity: 'bank',
  label: 'Bank',
  exportName: 'BANKS',
  read: { permission: 'cooperative.reference.read', audience: 'any' },
  write: { permission: 'cooperative.union.update', audience: 'union' },
  schemas: { item: bank, create: createBankBody, update: updateBankBody, query: bankListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern ? or(ilike(banks.name, pattern), ilike(banks.shortCode, pattern)) : undefined,
      query.active ? eq(banks.active, query.active === 'true') : undefined,
    );
    const sortable = { name: banks.name, short_code: banks.shortCode };
    return pageOf(db, () => db.select(columns).from(banks).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(banks.name)], tiebreak: banks.id },
      window,
    });
  },
  get: async (db: DbOrTx, id) => (await db.select(columns).from(banks).where(eq(banks.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(banks).values(body).returning({ id: banks.id });
    if (!row) throw new Error('Bank insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(banks).set(body).where(eq(banks.id, id));
  },
  constraints: {
    banks_name_unique: { field: 'name', message: 'A bank with this name already exists' },
    banks_short_code_unique: { field: 'shortCode', message: 'A bank with this short code already exists' },
  },
  exportColumns: [
    { header: 'Name', value: (r) => r.name, width: 30 },
    { header: 'Short code', value: (r) => r.shortCode },
    { header: 'SWIFT', value: (r) => r.swift },
    { header: 'Active', value: (r) => (r.active ? 'Yes' : 'No') },
  ],
};
