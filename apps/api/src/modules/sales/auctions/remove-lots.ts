import type { AuctionDetail } from '@ushirika/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ValidationError } from '../../../platform/errors.ts';
import { lots } from '../../crop-flow/schema.ts';
import { draftOnly } from './catalogue-lots.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctionLots } from './schema.ts';

/** Takes lots out of a draft catalogue: they go back in store. */
export async function removeLots(
  db: Db,
  actor: Actor,
  { auctionId, lotIds }: { auctionId: string; lotIds: string[] },
): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, auctionId);
    draftOnly(auction.status);
    const removed = await tx
      .delete(auctionLots)
      .where(and(eq(auctionLots.auctionId, auctionId), inArray(auctionLots.lotId, lotIds)))
      .returning({ lotId: auctionLots.lotId });
    if (removed.length !== new Set(lotIds).size) {
      throw new ValidationError('Some of these lots are not in this catalogue', {
        lotIds: ['Some of these lots are not in this catalogue'],
      });
    }
    await tx
      .update(lots)
      .set({ status: 'in_store' })
      .where(
        inArray(
          lots.id,
          removed.map((r) => r.lotId),
        ),
      );
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'lots_removed',
      entity: 'auction',
      entityId: auctionId,
      after: { removed: removed.length },
    });
    return getAuction(tx, auctionId);
  });
}
