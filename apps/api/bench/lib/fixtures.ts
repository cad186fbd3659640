import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

/** The bootstrap's cashew crop with its first grade (standard) and its last (under-grade). */
export async function cashewGrades(db: Db): Promise<{ crop_id: string; std: string; ug: string }> {
  const [crop] = await queryRows(
    db,
    z.object({ crop_id: z.string(), std: z.string(), ug: z.string() }),
    sql`select c.id as crop_id,
      (select id from grades g where g.crop_id = c.id order by code limit 1) as std,
      (select id from grades g where g.crop_id = c.id order by code desc limit 1) as ug
    from crops c where c.code = 'CASHEW'`,
  );
  if (!crop) throw new Error('bootstrap seeded no cashew');
  return crop;
}

/**
 * The open season holding `today` with cashew on it (2,600 a kg indicative, 80 kg bags, 10%
 * moisture, refused above): one open season at a time, so a suite reuses the one another suite
 * opened, else opens one named `name`. Answers the season crop's id.
 */
export async function openCashewSeasonCrop(
  db: Db,
  today: string,
  cropId: string,
  name: string,
): Promise<string> {
  let [season] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from seasons where status = 'open' and start_date <= ${today}::date and end_date >= ${today}::date`,
  );
  if (!season) {
    [season] = await queryRows(
      db,
      z.object({ id: z.string() }),
      sql`insert into seasons (id, name, start_date, end_date, status)
        values (gen_random_uuid(), ${name}, ${today}::date - 200, ${today}::date + 100, 'open')
        returning id`,
    );
  }
  await db.execute(sql`insert into season_crops (id, season_id, crop_id, indicative_price, standard_bag_kg, max_moisture, moisture_policy)
    values (gen_random_uuid(), ${season?.id}, ${cropId}, 2600, 80, 10, 'refuse') on conflict do nothing`);
  const [sc] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from season_crops where season_id = ${season?.id} and crop_id = ${cropId}`,
  );
  if (!sc) throw new Error('no season crop');
  return sc.id;
}

/** The body of the i-th weighing a bench clerk saves (1 to 3 bags, weights and moisture varying with i). */
export const weighingBody = (farmerNo: string, seasonCropId: string, gradeId: string, i: number) => ({
  farmerNo,
  seasonCropId,
  gradeId,
  bags: 1 + (i % 3),
  grossKg: `${80 * (1 + (i % 3)) + 2}.${i % 10}`,
  tareKg: '1.5',
  moisture: `${7 + (i % 3)}.5`,
});
