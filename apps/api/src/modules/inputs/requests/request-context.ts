import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { idRow, queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { fieldError } from '../../../platform/errors.ts';

const requestContextRow = z.object({
  farmerId: z.string(),
  farmerName: z.string(),
  amcosId: z.string(),
  farmerStatus: z.string(),
  seasonCropId: z.string(),
  seasonId: z.string(),
  seasonName: z.string(),
  seasonStatus: z.string(),
  cropId: z.string(),
});
export type RequestContext = z.infer<typeof requestContextRow>;

/**
 * The farmer and season crop a request is for, refused when the farmer is another society's
 * (for an AMCOS user), inactive, or the season is closed.
 */
export async function requestContext(
  db: DbOrTx,
  actor: Actor,
  farmerId: string,
  seasonCropId: string,
): Promise<RequestContext> {
  const [row] = await queryRows(
    db,
    requestContextRow,
    sql`select f.id as "farmerId", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
          f.amcos_id as "amcosId", f.status as "farmerStatus",
          sc.id as "seasonCropId", s.id as "seasonId", s.name as "seasonName", s.status as "seasonStatus",
          sc.crop_id as "cropId"
        from farmers f, season_crops sc join seasons s on s.id = sc.season_id
        where f.id = ${farmerId} and sc.id = ${seasonCropId}`,
  );
  if (!row) {
    const [farmer] = await queryRows(db, idRow, sql`select id from farmers where id = ${farmerId}`);
    throw farmer
      ? fieldError('seasonCropId', 'Season crop not found')
      : fieldError('farmerId', 'Farmer not found');
  }
  if (actor.amcosId && actor.amcosId !== row.amcosId)
    throw fieldError('farmerId', 'This farmer belongs to another society');
  assertSociety(actor, row.amcosId);
  if (row.farmerStatus !== 'active') throw fieldError('farmerId', `${row.farmerName} is inactive`);
  if (row.seasonStatus === 'closed') throw fieldError('seasonCropId', `Season ${row.seasonName} is closed`);
  return row;
}
