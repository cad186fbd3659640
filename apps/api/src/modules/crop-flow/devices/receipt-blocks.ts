import { RECEIPT_BLOCK_LOW, RECEIPT_BLOCK_SIZE } from '@ushirika/contracts';
import { nextBlock, numbersLeft } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { seasons } from '../../seasons/schema.ts';
import { receiptBlocks } from './schema.ts';

/**
 * Gives a device the numbers it needs (#29): for every open season, a first block, or the next
 * one when fewer than RECEIPT_BLOCK_LOW are left after the device's next unused number (a device
 * that says nothing about a season is taken to have used none of it). Runs in the caller's
 * transaction with the device row locked, so two syncs of one device never issue a block twice
 * (and the unique start of a block holds it if they did).
 */
export async function issueBlocks(
  tx: DbOrTx,
  deviceId: string,
  nextNumbers: readonly { seasonId: string; next: number }[],
): Promise<void> {
  const open = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.status, 'open'));
  for (const season of open) {
    const blocks = await tx
      .select({ firstNo: receiptBlocks.firstNo, lastNo: receiptBlocks.lastNo })
      .from(receiptBlocks)
      .where(and(eq(receiptBlocks.deviceId, deviceId), eq(receiptBlocks.seasonId, season.id)));
    const next = nextNumbers.find((n) => n.seasonId === season.id)?.next ?? 1;
    if (blocks.length > 0 && numbersLeft(blocks, next) >= RECEIPT_BLOCK_LOW) continue;
    await tx
      .insert(receiptBlocks)
      .values({ deviceId, seasonId: season.id, ...nextBlock(blocks, RECEIPT_BLOCK_SIZE) });
  }
}
