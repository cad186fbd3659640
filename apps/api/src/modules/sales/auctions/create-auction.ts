import type { AuctionDetail, CreateAuctionBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { seasonCrops } from '../../seasons/schema.ts';
import { getAuction } from './queries.ts';
import { auctions } from './schema.ts';

/** A new auction in draft, numbered `AUC-<year>-000001` gap-free by its date's year. */
export async function createAuction(db: Db, actor: Actor, body: CreateAuctionBody): Promise<AuctionDetail> {
  return db.transaction(async (tx) => {
    const [crop] = await tx
      .select({ id: seasonCrops.id, status: seasonCrops.status })
      .from(seasonCrops)
      .where(eq(seasonCrops.id, body.seasonCropId));
    if (!crop) throw fieldError('seasonCropId', 'Choose the season crop');
    if (crop.status !== 'active') throw fieldError('seasonCropId', 'This season crop is not active');
    const auctionNo = await nextDocumentNumber(tx, 'AUC', Number(body.auctionDate.slice(0, 4)));
    const [row] = await tx
      .insert(auctions)
      .values({
        auctionNo,
        auctionDate: body.auctionDate,
        seasonCropId: body.seasonCropId,
        platform: body.platform,
        venue: body.venue ?? null,
        createdBy: actor.userId,
      })
      .returning({ id: auctions.id });
    if (!row) throw new Error('Auction insert returned nothing');
    const auction = await getAuction(tx, row.id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'created',
      entity: 'auction',
      entityId: row.id,
      after: auction,
    });
    return auction;
  });
}
