import {
  type Crop,
  createCropBody,
  createGradeBody,
  crop,
  cropListQuery,
  type Grade,
  grade,
  gradeListQuery,
  updateCropBody,
  updateGradeBody,
} from '@ushirika/contracts';
import { and, asc, eq, ilike, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import type { CatalogResource } from '../../platform/catalog.ts';
import { localNameSql, localRowName } from '../../platform/labels.ts';
import { likeContains, pageOf } from '../../platform/list.ts';
import { crops, grades } from './schema.ts';

export const referenceRead = { permission: 'cooperative.reference.read', audience: 'any' } as const;
export const settingsWrite = { permission: 'settings.collection.update', audience: 'union' } as const;

export const cropColumns = {
  id: crops.id,
  name: crops.name,
  nameSw: crops.nameSw,
  code: crops.code,
  unit: crops.unit,
  active: crops.active,
  grades: sql<
    Crop['grades']
  >`coalesce((select json_agg(json_build_object('id', g.id, 'code', g.code, 'name', g.name, 'nameSw', g.name_sw) order by g.code)
    from grades g where g.crop_id = "crops"."id"), '[]'::json)`,
};

export const cropResource: CatalogResource<
  Crop,
  z.infer<typeof createCropBody>,
  z.infer<typeof updateCropBody>,
  z.infer<typeof cropListQuery>
> = {
  path: '/settings/collection/crops',
  tag: 'seasons',
  entity: 'crop',
  label: 'Crop',
  exportName: 'CROPS',
  read: referenceRead,
  write: settingsWrite,
  schemas: { item: crop, create: createCropBody, update: updateCropBody, query: cropListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = pattern
      ? or(ilike(crops.name, pattern), ilike(crops.nameSw, pattern), ilike(crops.code, pattern))
      : undefined;
    return pageOf(db, () => db.select(cropColumns).from(crops).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable: { name: localNameSql('crops'), code: crops.code },
        fallback: [asc(localNameSql('crops'))],
        tiebreak: crops.id,
      },
      window,
    });
  },
  get: async (db: DbOrTx, id) => (await db.select(cropColumns).from(crops).where(eq(crops.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(crops).values(body).returning({ id: crops.id });
    if (!row) throw new Error('Crop insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(crops).set(body).where(eq(crops.id, id));
  },
  constraints: {
    crops_name_unique: { field: 'name', message: 'A crop with this name already exists' },
    crops_code_unique: { field: 'code', message: 'A crop with this code already exists' },
  },
  exportColumns: [
    { header: 'Crop', value: (r) => localRowName(r), width: 24 },
    { header: 'Code', value: (r) => r.code },
    { header: 'Unit', value: (r) => r.unit },
    { header: 'Grades', value: (r) => r.grades.map((g) => localRowName(g)).join(', '), width: 30 },
  ],
};

const gradeColumns = {
  id: grades.id,
  cropId: grades.cropId,
  cropName: localNameSql('crops'),
  code: grades.code,
  name: grades.name,
  nameSw: grades.nameSw,
};
const selectGrades = (db: DbOrTx) =>
  db.select(gradeColumns).from(grades).innerJoin(crops, eq(crops.id, grades.cropId));

export const gradeResource: CatalogResource<
  Grade,
  z.infer<typeof createGradeBody>,
  z.infer<typeof updateGradeBody>,
  z.infer<typeof gradeListQuery>
> = {
  path: '/settings/collection/grades',
  tag: 'seasons',
  entity: 'grade',
  label: 'Grade',
  exportName: 'GRADES',
  read: referenceRead,
  write: settingsWrite,
  schemas: { item: grade, create: createGradeBody, update: updateGradeBody, query: gradeListQuery },
  async list(db, query, window) {
    const pattern = query.search ? likeContains(query.search) : undefined;
    const where = and(
      pattern
        ? or(ilike(grades.name, pattern), ilike(grades.nameSw, pattern), ilike(grades.code, pattern))
        : undefined,
      query.crop_id ? eq(grades.cropId, query.crop_id) : undefined,
    );
    return pageOf(db, () => selectGrades(db).$dynamic(), {
      where,
      order: {
        sort: query.sort,
        sortable: { name: localNameSql('grades'), code: grades.code },
        fallback: [asc(localNameSql('crops')), asc(grades.code)],
        tiebreak: grades.id,
      },
      window,
    });
  },
  get: async (db, id) => (await selectGrades(db).where(eq(grades.id, id)))[0],
  async insert(tx, body) {
    const [row] = await tx.insert(grades).values(body).returning({ id: grades.id });
    if (!row) throw new Error('Grade insert returned nothing');
    return row.id;
  },
  async update(tx, id, body) {
    await tx.update(grades).set(body).where(eq(grades.id, id));
  },
  constraints: {
    grades_crop_code_unique: { field: 'code', message: 'This crop already has a grade with this code' },
    grades_crop_id_crops_id_fk: { field: 'cropId', message: 'The chosen crop does not exist' },
  },
  exportColumns: [
    { header: 'Crop', value: (r) => r.cropName, width: 24 },
    { header: 'Code', value: (r) => r.code },
    { header: 'Grade', value: (r) => localRowName(r), width: 24 },
  ],
};
