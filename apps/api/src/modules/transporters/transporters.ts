import {
  createTransporterBody,
  type Transporter,
  transporter,
  transporterListQuery,
  updateTransporterBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { transporters, vehicles } from './schema.ts';

const columns = {
  id: transporters.id,
  name: transporters.name,
  tin: transporters.tin,
  phone: transporters.phone,
  rateBasis: transporters.rateBasis,
  rate: transporters.rate,
  active: transporters.active,
  vehicles: sql<
    Transporter['vehicles']
  >`coalesce((select json_agg(json_build_object('id', v.id, 'plateNo', v.plate_no,
    'description', v.description, 'capacityKg', v.capacity_kg::text) order by v.plate_no)
    from vehicles v where v.transporter_id = "transporters"."id"), '[]'::json)`,
};

type Vehicles = z.infer<typeof createTransporterBody>['vehicles'];

/** The transporter's fleet is replaced as a whole: the form edits the list. */
async function replaceVehicles(tx: Tx, transporterId: string, list: Vehicles): Promise<void> {
  await tx.delete(vehicles).where(eq(vehicles.transporterId, transporterId));
  if (list.length > 0) await tx.insert(vehicles).values(list.map((v) => ({ ...v, transporterId })));
}

export const transporterResource: CatalogResource<
  Transporter,
  z.infer<typeof createTransporterBody>,
  z.infer<typeof updateTransporterBody>,
  z.infer<typeof transporterListQuery>
> = {
  path: '/settings/collection/transporters',
  tag: 'transporters',
  entity: 'transporter',
  label: 'Transporter',
  exportName: 'TRANSPORTERS',
  read: { permission: 'settings.collection.read', audience: 'union' },
  write: { permission: 'settings.collection.update', audience: 'union' },
  schemas: {
    item: transporter,
    create: createTransporterBody,
    update: updateTransporterBody,
    query: transporterListQuery,
  },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(
            ilike(transporters.name, pattern),
            ilike(transporters.phone, pattern),
            sql`exists (select 1 from vehicles v where v.transporter_id = "transporters"."id" and lower(v.plate_no) like ${pattern})`,
          )
        : undefined,
      query.rate_basis ? eq(transporters.rateBasis, query.rate_basis) : undefined,
    );
    const sortable = { name: transporters.name, rate: transporters.rate };
    return pageOf(db, () => db.select(columns).from(transporters).$dynamic(), {
      where,
      order: { sort: query.sort, sortable, fallback: [asc(transporters.name)], tiebreak: transporters.id },
      window,
    });
  },
  get: async (db: DbOrTx, id) =>
    (await db.select(columns).from(transporters).where(eq(transporters.id, id)))[0],
  async insert(tx, { vehicles: list, ...body }) {
    const [row] = await tx.insert(transporters).values(body).returning({ id: transporters.id });
    if (!row) throw new Error('Transporter insert returned nothing');
    await replaceVehicles(tx, row.id, list);
    return row.id;
  },
  async update(tx, id, { vehicles: list, ...body }) {
    if (Object.keys(body).length > 0) await tx.update(transporters).set(body).where(eq(transporters.id, id));
    if (list) await replaceVehicles(tx, id, list);
  },
  constraints: {
    transporters_name_unique: { field: 'name', message: 'A transporter with this name already exists' },
    vehicles_plate_unique: {
      field: 'vehicles',
      message: 'One of the plate numbers belongs to another transporter',
    },
  },
  exportColumns: [
    { header: 'Transporter', value: (r) => r.name, width: 30 },
    { header: 'TIN', value: (r) => r.tin },
    { header: 'Phone', value: (r) => r.phone },
    { header: 'Rate basis', value: (r) => r.rateBasis },
    { header: 'Rate (TZS)', value: (r) => r.rate },
    { header: 'Vehicles', value: (r) => r.vehicles.map((v) => v.plateNo).join(', '), width: 30 },
  ],
};
