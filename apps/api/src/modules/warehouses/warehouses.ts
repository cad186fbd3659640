import {
  createWarehouseBody,
  updateWarehouseBody,
  type Warehouse,
  warehouse,
  warehouseListQuery,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { councils } from '../cooperative/schema.ts';
import { warehouses } from './schema.ts';

const columns = {
  id: warehouses.id,
  name: warehouses.name,
  operator: warehouses.operator,
  licenceNo: warehouses.licenceNo,
  location: warehouses.location,
  councilId: warehouses.councilId,
  councilName: councils.name,
  capacityKg: warehouses.capacityKg,
  active: warehouses.active,
};
const selectWarehouses = (db: DbOrTx) =>
  db.select(columns).from(warehouses).leftJoin(councils, eq(councils.id, warehouses.councilId));

export const warehouseResource: CatalogResource<
  Warehouse,
  z.infer<typeof createWarehouseBody>,
  z.infer<typeof updateWarehouseBody>,
  z.infer<typeof warehouseListQuery>
> = {
  path: '/settings/collection/warehouses',
  tag: 'warehouses',
  entity: 'warehouse',
  label: 'Warehouse',
  exportName: 'WAREHOUSES',
  read: { permission: 'settings.collection.read', audience: 'union' },
  write: { permission: 'settings.collection.update', audience: 'union' },
  schemas: {
    item: warehouse,
    create: createWarehouseBody,
    update: updateWarehouseBody,
    query: warehouseListQuery,
  },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(
            ilike(warehouses.name, pattern),
            ilike(warehouses.operator, pattern),
            ilike(warehouses.licenceNo, pattern),
            ilike(warehouses.location, pattern),
          )
        : undefined,
      query.council_id ? eq(warehouses.councilId, query.council_id) : undefined,
    );
    const sortable = {
      name: warehouses.name,
      operator: warehouses.operator,
      capacity: warehouses.capacityKg,
    };
    return pageOf(db, () => selectWarehouses(db).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(warehouses.name)], tiebreak: warehouses.id },
      window,
    });
  },
  get: async (db, id) => (await selectWarehouses(db).where(eq(warehouses.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(warehouses).values(body).returning({ id: warehouses.id });
    if (!row) throw new Error('Warehouse insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(warehouses).set(body).where(eq(warehouses.id, id));
  },
  constraints: {
    warehouses_name_unique: { field: 'name', message: 'A warehouse with this name already exists' },
    warehouses_licence_unique: { field: 'licenceNo', message: 'Another warehouse has this licence number' },
    warehouses_council_id_councils_id_fk: {
      field: 'councilId',
      message: 'The chosen council does not exist',
    },
  },
  exportColumns: [
    { header: 'Warehouse', value: (r) => r.name, width: 30 },
    { header: 'Operator', value: (r) => r.operator, width: 24 },
    { header: 'Licence no', value: (r) => r.licenceNo },
    { header: 'Location', value: (r) => r.location, width: 24 },
    { header: 'Council', value: (r) => r.councilName, width: 30 },
    { header: 'Capacity (kg)', value: (r) => r.capacityKg },
  ],
};
