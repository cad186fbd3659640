import type { AuctionDetail } from '@ushirika/contracts';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ValidationError } from '../../../platform/errors.ts';
import { getAuction, lockAuction } from './queries.ts';
import { auctionLots, auctions } from './schema.ts';

/** Publishes the catalogue (draft -> catalogued): from now on results can be recorded. */
export async function publishAuction(db: Db, actor: Actor, { id }: { id: string }): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const auction = await lockAuction(tx, id);
    if (auction.status !== 'draft') throw new ConflictError('This catalogue is already published');
    const [lotCount] = await tx
      .select({ value: count() })
      .from(auctionLots)
      .where(eq(auctionLots.auctionId, id));
    if (!lotCount?.value) throw new ValidationError('Add at least one lot before publishing the catalogue');
    await tx
      .update(auctions)
      .set({ status: 'catalogued', publishedAt: new Date(), publishedBy: actor.userId })
      .where(eq(auctions.id, id));
    const after = await getAuction(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'published',
      entity: 'auction',
      entityId: id,
      after: { lots: lotCount.value },
    });
    return after;
  });
}
