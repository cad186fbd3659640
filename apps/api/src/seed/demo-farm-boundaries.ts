import { acresToHectares } from '@ushirika/domain';
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { collections, lots } from '../modules/crop-flow/schema.ts';
import { farms } from '../modules/farmers/schema.ts';
import { updateFarm } from '../modules/farmers/update-farm.ts';
import { seedActor } from './demo-union.ts';

/** Metres in one degree of latitude on Turf's sphere (R = 6,371,008.8 m). */
const METRES_PER_DEGREE = (6_371_008.8 * Math.PI) / 180;
const six = (n: number) => Number(n.toFixed(6));

/**
 * A square of the farm's declared area centred on its point: what a field officer walking the
 * boundary with a phone would record, near enough for the demo's geolocation file.
 */
export function squareAround(lat: number, lng: number, acres: string): [number, number][] {
  const side = Math.sqrt(Number(acresToHectares(acres)) * 10_000);
  const halfLat = side / 2 / METRES_PER_DEGREE;
  const halfLng = side / 2 / (METRES_PER_DEGREE * Math.cos((lat * Math.PI) / 180));
  const corners: [number, number][] = [
    [lng - halfLng, lat - halfLat],
    [lng + halfLng, lat - halfLat],
    [lng + halfLng, lat + halfLat],
    [lng - halfLng, lat + halfLat],
  ];
  const ring = corners.map(([x, y]) => [six(x), six(y)] as [number, number]);
  return [...ring, ring[0] as [number, number]];
}

/**
 * Gives the farms of the first demo lot's farmers a boundary (#33), through the farmers' own use
 * case, so the lot's origin shows polygons and its geolocation file can be made. Farms that
 * already have a boundary are left alone, so a second run changes nothing.
 */
export async function loadDemoFarmBoundaries(
  db: Db,
  actorId: string,
): Promise<{ lotNo: string | null; farms: number }> {
  const [lot] = await db
    .select({ id: lots.id, lotNo: lots.lotNo })
    .from(lots)
    .orderBy(asc(lots.whrNo))
    .limit(1);
  if (!lot) return { lotNo: null, farms: 0 };
  const farmers = db
    .selectDistinct({ id: collections.farmerId })
    .from(collections)
    .where(eq(collections.lotId, lot.id));
  const open = await db
    .select({
      id: farms.id,
      farmerId: farms.farmerId,
      acres: farms.acres,
      latitude: farms.latitude,
      longitude: farms.longitude,
    })
    .from(farms)
    .where(and(inArray(farms.farmerId, farmers), isNull(farms.boundary), isNotNull(farms.latitude)))
    .orderBy(asc(farms.id));
  const actor = seedActor(actorId);
  for (const f of open) {
    if (!f.latitude || !f.longitude) continue;
    const ring = squareAround(Number(f.latitude), Number(f.longitude), f.acres);
    await updateFarm(db, actor, {
      farmerId: f.farmerId,
      farmId: f.id,
      boundary: { type: 'Polygon', coordinates: [ring] },
    });
  }
  return { lotNo: lot.lotNo, farms: open.length };
}
