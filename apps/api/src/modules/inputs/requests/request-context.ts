import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { fieldError } from '../../../platform/errors.ts';

export type RequestContext = {
  farmerId: string;
  farmerName: string;
  amcosId: string;
  farmerStatus: string;
  seasonCropId: string;
  seasonId: string;
  seasonName: string;
  seasonStatus: string;
  cropId: string;
};

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
  const [row] = await queryRows<RequestContext>(
    db,
    sql`select f.id as "farmerId", concat_ws(' ', f.first_name, f.middle_name, f.last_name) as "farmerName",
          f.amcos_id as "amcosId", f.status as "farmerStatus",
          sc.id as "seasonCropId", s.id as "seasonId", s.name as "seasonName", s.status as "seasonStatus",
          sc.crop_id as "cropId"
        from farmers f, season_crops sc join seasons s on s.id = sc.season_id
        where f.id = ${farmerId} and sc.id = ${seasonCropId}`,
  );
  if (!row) {
    const [farmer] = await queryRows<{ id: string }>(db, sql`select id from farmers where id = ${farmerId}`);
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
