import type { ProposeSecondPaymentBody, SecondPaymentFigures } from '@ushirika/contracts';
import { dec, SecondPaymentError, splitSecondPayment } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';

const farmerRow = z.object({
  farmerId: z.string(),
  farmerNo: z.string(),
  farmerName: z.string(),
  amcosId: z.string(),
  amcosName: z.string(),
  kg: z.string(),
});

/**
 * A proposal's figures: each farmer's net kg of the season crop (collections not cancelled, per
 * AMCOS they delivered through, only the chosen AMCOS when some are), the rate on all the kg
 * rounded to the cent once and split by kg, largest remainder (`splitSecondPayment`). Refuses an
 * unknown season crop or AMCOS (404), a rate of zero (400 on ratePerKg) and no kg (409).
 */
export async function computeSecondPayment(
  db: DbOrTx,
  body: ProposeSecondPaymentBody,
): Promise<SecondPaymentFigures> {
  const [crop] = await queryRows(
    db,
    z.object({ seasonName: z.string(), cropName: z.string() }),
    sql`select s.name as "seasonName", c.name as "cropName" from season_crops sc
        join seasons s on s.id = sc.season_id join crops c on c.id = sc.crop_id where sc.id = ${body.seasonCropId}`,
  );
  if (!crop) throw new NotFoundError('Season crop not found');
  const amcosIds = [...new Set(body.amcosIds ?? [])].sort();
  const societies = amcosIds.length
    ? await queryRows(
        db,
        z.object({ id: z.string(), name: z.string() }),
        sql`select id, name from amcos where id = any(${sql.param(amcosIds)}::uuid[]) order by name`,
      )
    : [];
  if (societies.length !== amcosIds.length) throw new NotFoundError('AMCOS not found');
  const limit = amcosIds.length ? sql`and c.amcos_id = any(${sql.param(amcosIds)}::uuid[])` : sql``;
  const farmers = await queryRows(
    db,
    farmerRow,
    sql`select f.id as "farmerId", f.farmer_no as "farmerNo",
          concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
          a.id as "amcosId", a.name as "amcosName", k.kg::numeric(14,3)::text as kg
        from (select c.farmer_id, c.amcos_id, sum(c.net_kg) as kg from collections c
              where c.season_crop_id = ${body.seasonCropId} and c.status <> 'cancelled' ${limit}
              group by c.farmer_id, c.amcos_id having sum(c.net_kg) > 0) k
        join farmers f on f.id = k.farmer_id join amcos a on a.id = k.amcos_id
        order by a.name, f.farmer_no, f.id`,
  );
  let split: ReturnType<typeof splitSecondPayment>;
  try {
    split = splitSecondPayment(
      body.ratePerKg,
      farmers.map((f, i) => ({ id: String(i), kg: f.kg })),
    );
  } catch (e) {
    if (!(e instanceof SecondPaymentError)) throw e;
    if (e.code === 'no_kg') throw new ConflictError(e.message);
    throw fieldError('ratePerKg', e.message);
  }
  return {
    seasonCropId: body.seasonCropId,
    seasonName: crop.seasonName,
    cropName: crop.cropName,
    ratePerKg: dec(body.ratePerKg).toFixed(2),
    amcosIds: societies.map((s) => s.id),
    amcosNames: societies.map((s) => s.name),
    kg: split.kg,
    total: split.total,
    lines: farmers.map((f, i) => ({ ...f, amount: split.lines[i]?.amount ?? '0.00' })),
  };
}
