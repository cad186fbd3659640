import {
  type Council,
  council,
  councilListQuery,
  createCouncilBody,
  createDistrictBody,
  createRegionBody,
  type District,
  district,
  districtListQuery,
  listQuery,
  type Region,
  region,
  updateCouncilBody,
  updateDistrictBody,
  updateRegionBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { councils, districts, regions } from './schema.ts';

const read = { permission: 'cooperative.reference.read', audience: 'any' } as const;
const write = { permission: 'cooperative.union.update', audience: 'union' } as const;

const regionColumns = {
  id: regions.id,
  name: regions.name,
  code: regions.code,
  districtCount: sql<number>`(select count(*)::int from districts d where d.region_id = "regions"."id")`,
};

export const regionResource: CatalogResource<
  Region,
  z.infer<typeof createRegionBody>,
  z.infer<typeof updateRegionBody>,
  z.infer<typeof listQuery>
> = {
  path: '/cooperative/regions',
  tag: 'cooperative',
  entity: 'region',
  label: 'Region',
  exportName: 'REGIONS',
  read,
  write,
  schemas: { item: region, create: createRegionBody, update: updateRegionBody, query: listQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = pattern ? or(ilike(regions.name, pattern), ilike(regions.code, pattern)) : undefined;
    return pageOf(db, () => db.select(regionColumns).from(regions).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable: { name: regions.name, code: regions.code },
        fallback: [asc(regions.name)],
        tiebreak: regions.id,
      },
      window,
    });
  },
  get: async (db: DbOrTx, id) => (await db.select(regionColumns).from(regions).where(eq(regions.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(regions).values(body).returning({ id: regions.id });
    if (!row) throw new Error('Region insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(regions).set(body).where(eq(regions.id, id));
  },
  constraints: {
    regions_name_unique: { field: 'name', message: 'A region with this name already exists' },
    regions_code_unique: { field: 'code', message: 'A region with this code already exists' },
  },
  exportColumns: [
    { header: 'Region', value: (r) => r.name, width: 24 },
    { header: 'Code', value: (r) => r.code },
    { header: 'Districts', value: (r) => r.districtCount },
  ],
};

const districtColumns = {
  id: districts.id,
  name: districts.name,
  regionId: districts.regionId,
  regionName: regions.name,
};
const selectDistricts = (db: DbOrTx) =>
  db.select(districtColumns).from(districts).innerJoin(regions, eq(regions.id, districts.regionId));

export const districtResource: CatalogResource<
  District,
  z.infer<typeof createDistrictBody>,
  z.infer<typeof updateDistrictBody>,
  z.infer<typeof districtListQuery>
> = {
  path: '/cooperative/districts',
  tag: 'cooperative',
  entity: 'district',
  label: 'District',
  exportName: 'DISTRICTS',
  read,
  write,
  schemas: {
    item: district,
    create: createDistrictBody,
    update: updateDistrictBody,
    query: districtListQuery,
  },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern ? or(ilike(districts.name, pattern), ilike(regions.name, pattern)) : undefined,
      query.region_id ? eq(districts.regionId, query.region_id) : undefined,
    );
    const sortable = { name: districts.name, region: regions.name };
    return pageOf(db, () => selectDistricts(db).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [asc(regions.name), asc(districts.name)],
        tiebreak: districts.id,
      },
      window,
    });
  },
  get: async (db, id) => (await selectDistricts(db).where(eq(districts.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(districts).values(body).returning({ id: districts.id });
    if (!row) throw new Error('District insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(districts).set(body).where(eq(districts.id, id));
  },
  constraints: {
    districts_region_name_unique: {
      field: 'name',
      message: 'This region already has a district of this name',
    },
    districts_region_id_regions_id_fk: { field: 'regionId', message: 'The chosen region does not exist' },
  },
  exportColumns: [
    { header: 'District', value: (r) => r.name, width: 24 },
    { header: 'Region', value: (r) => r.regionName, width: 24 },
  ],
};

const councilColumns = {
  id: councils.id,
  name: councils.name,
  kind: councils.kind,
  districtId: councils.districtId,
  districtName: districts.name,
  regionId: districts.regionId,
  regionName: regions.name,
};
const selectCouncils = (db: DbOrTx) =>
  db
    .select(councilColumns)
    .from(councils)
    .innerJoin(districts, eq(districts.id, councils.districtId))
    .innerJoin(regions, eq(regions.id, districts.regionId));

export const councilResource: CatalogResource<
  Council,
  z.infer<typeof createCouncilBody>,
  z.infer<typeof updateCouncilBody>,
  z.infer<typeof councilListQuery>
> = {
  path: '/cooperative/councils',
  tag: 'cooperative',
  entity: 'council',
  label: 'Council',
  exportName: 'COUNCILS',
  read,
  write,
  schemas: { item: council, create: createCouncilBody, update: updateCouncilBody, query: councilListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(ilike(councils.name, pattern), ilike(districts.name, pattern), ilike(regions.name, pattern))
        : undefined,
      query.region_id ? eq(districts.regionId, query.region_id) : undefined,
      query.district_id ? eq(councils.districtId, query.district_id) : undefined,
    );
    const sortable = { name: councils.name, district: districts.name, region: regions.name };
    return pageOf(db, () => selectCouncils(db).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable,
        fallback: [asc(regions.name), asc(councils.name)],
        tiebreak: councils.id,
      },
      window,
    });
  },
  get: async (db, id) => (await selectCouncils(db).where(eq(councils.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(councils).values(body).returning({ id: councils.id });
    if (!row) throw new Error('Council insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(councils).set(body).where(eq(councils.id, id));
  },
  constraints: {
    councils_name_unique: { field: 'name', message: 'A council with this name already exists' },
    councils_district_id_districts_id_fk: {
      field: 'districtId',
      message: 'The chosen district does not exist',
    },
  },
  exportColumns: [
    { header: 'Council', value: (r) => r.name, width: 30 },
    { header: 'Kind', value: (r) => r.kind, label: 'regionsMd.kinds' },
    { header: 'District', value: (r) => r.districtName, width: 24 },
    { header: 'Region', value: (r) => r.regionName, width: 24 },
  ],
};
