import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { crops, grades } from './schema.ts';

/** The union's two crops with their grades (English and Swahili names), on a new database only; the union adds others. */
export const DEFAULT_CROPS = [
  {
    name: 'Cashew nuts',
    nameSw: 'Korosho',
    code: 'CASHEW',
    grades: [
      { code: 'STD', name: 'Standard', nameSw: 'Daraja la kawaida' },
      { code: 'UG', name: 'Under grade', nameSw: 'Chini ya daraja' },
    ],
  },
  {
    name: 'Sesame',
    nameSw: 'Ufuta',
    code: 'SESAME',
    grades: [{ code: 'STD', name: 'Standard', nameSw: 'Daraja la kawaida' }],
  },
] as const;

/** The default crops and their grades, on a new database only (a start-up step); the union adds others. */
export async function seedDefaultCrops(tx: Tx): Promise<void> {
  const [existing] = await tx.select({ value: count() }).from(crops);
  if ((existing?.value ?? 0) > 0) return;
  for (const crop of DEFAULT_CROPS) {
    const [row] = await tx
      .insert(crops)
      .values({ name: crop.name, nameSw: crop.nameSw, code: crop.code })
      .returning({ id: crops.id });
    if (!row) throw new Error('Crop insert returned nothing');
    await tx.insert(grades).values(crop.grades.map((g) => ({ ...g, cropId: row.id })));
  }
}
