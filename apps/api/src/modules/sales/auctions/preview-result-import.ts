import type { AuctionImportPreview } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { fieldError } from '../../../platform/errors.ts';
import { checkResultSheet, type ResultSheetRow } from './import-results.ts';
import { assertResultsOpen } from './results.ts';
import { auctions } from './schema.ts';

export async function previewResultImport(
  db: Db,
  _actor: Actor,
  {
    auctionId,
    sheet,
    confirmBelowReserve,
  }: { auctionId: string; sheet: ResultSheetRow[]; confirmBelowReserve: boolean },
): Promise<AuctionImportPreview> {
  const [auction] = await db.select().from(auctions).where(eq(auctions.id, auctionId));
  if (!auction) throw fieldError('auctionId', 'Auction not found');
  assertResultsOpen(auction);
  return (await checkResultSheet(db, auction, sheet, confirmBelowReserve)).preview;
}
