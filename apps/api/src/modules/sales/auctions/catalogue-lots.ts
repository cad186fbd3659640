import type { AuctionDetail, CatalogueLotsBody } from '@ushirika/contracts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { lots } from '../../crop-flow/schema.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctionLots } from './schema.ts';

export const draftOnly = (status: string) => {
  if (status !== 'draft')
    throw new ConflictError(
      'The catalogue is published: lots can be added or removed only while the auction is a draft',
    );
};

/**
 * Adds lots in store of the auction's season crop to its catalogue with their reserve price per kg
 * (a lot already in this catalogue gets the new reserve). Catalogued lots cannot go to another auction.
 */
export async function catalogueLots(
  db: Db,
  actor: Actor,
  { auctionId, body }: { auctionId: string; body: CatalogueLotsBody },
): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    draftOnly(auction.status);
    const ids = body.lots.map((l) => l.lotId);
    const found = await tx
      .select({ id: lots.id, lotNo: lots.lotNo, status: lots.status, seasonCropId: lots.seasonCropId })
      .from(lots)
      .where(inArray(lots.id, ids))
      .orderBy(asc(lots.id))
      .for('update');
    const inThis = new Set(
      (
        await tx
          .select({ lotId: auctionLots.lotId })
          .from(auctionLots)
          .where(and(eq(auctionLots.auctionId, auctionId), inArray(auctionLots.lotId, ids)))
      ).map((r) => r.lotId),
    );
    const byId = new Map(found.map((l) => [l.id, l]));
    const errors: Record<string, string[]> = {};
    const seen = new Set<string>();
    body.lots.forEach((l, i) => {
      const lot = byId.get(l.lotId);
      const problem = !lot
        ? 'Lot not found'
        : seen.has(l.lotId)
          ? `Lot ${lot.lotNo} is listed twice`
          : lot.seasonCropId !== auction.seasonCropId
            ? `Lot ${lot.lotNo} is of another season crop`
            : lot.status !== 'in_store' && !inThis.has(l.lotId)
              ? `Lot ${lot.lotNo} is not in store (${lot.status.replace('_', ' ')})`
              : null;
      seen.add(l.lotId);
      if (problem) errors[`lots.${i}.lotId`] = [problem];
    });
    const first = Object.values(errors)[0]?.[0];
    if (first) throw new ValidationError(first, errors);

    await tx
      .insert(auctionLots)
      .values(body.lots.map((l) => ({ auctionId, lotId: l.lotId, reservePrice: l.reservePrice })))
      .onConflictDoUpdate({
        target: [auctionLots.auctionId, auctionLots.lotId],
        set: { reservePrice: sql`excluded.reserve_price`, updatedAt: new Date() },
      });
    const added = ids.filter((id) => !inThis.has(id));
    if (added.length > 0) await tx.update(lots).set({ status: 'catalogued' }).where(inArray(lots.id, added));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'lots_catalogued',
      entity: 'auction',
      entityId: auctionId,
      after: { added: added.length, reserveChanged: ids.length - added.length },
    });
    return getAuction(tx, auctionId);
  });
}
