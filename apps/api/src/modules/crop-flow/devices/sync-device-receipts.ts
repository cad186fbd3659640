import {
  type OfflineReceiptInput,
  SYNC_CHUNK,
  type SyncBody,
  type SyncResult,
  type WeighingDevice,
} from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { clientFaultOf } from '../../../platform/error-handler.ts';
import { ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { getDevice } from './queries.ts';
import { issueBlocks } from './receipt-blocks.ts';
import type { SyncingDevice } from './receipt-facts.ts';
import { weighingDevices } from './schema.ts';
import { rejected, syncChunk } from './sync-chunk.ts';

const deviceRow = z.object({
  id: z.string(),
  amcosId: z.string(),
  amcosCode: z.string(),
  code: z.string(),
  status: z.string(),
});

/**
 * A device sends the receipts it weighed offline (#29), in the order they were weighed, each with
 * its ULID and number. They are judged and kept in chunks of SYNC_CHUNK, one transaction per chunk
 * (syncChunk: a few statements per chunk, not per receipt): each receipt stored as a collection
 * (its SMS queued), already stored (a resend after a lost reply, a reload, a second tab: nothing
 * happens twice), flagged and kept for review with its reason, or rejected with its reason (ids the
 * server never had, a receipt another device sent) and not kept. A chunk that fails as a whole
 * is tried again one receipt per transaction, so one bad receipt never loses the good ones: the
 * one whose own transaction is refused is answered rejected with why. Then the device's last sync
 * and waiting count are noted and it gets the numbers it is short of. Only a user of the device's
 * own society may sync it.
 */
export async function syncDeviceReceipts(
  db: Db,
  actor: Actor,
  { id, waiting, nextNumbers = [], receipts }: SyncBody & { id: string },
): Promise<{ results: SyncResult[]; device: WeighingDevice }> {
  const [device] = await queryRows(
    db,
    deviceRow,
    sql`select d.id, d.amcos_id as "amcosId", a.code as "amcosCode", d.code, d.status
      from weighing_devices d join amcos a on a.id = d.amcos_id where d.id = ${id}`,
  );
  if (!device) throw new NotFoundError('Device not found');
  if (actor.amcosId !== device.amcosId) {
    throw new ForbiddenError('This device belongs to another society: it syncs with its own society only');
  }
  const results: SyncResult[] = [];
  for (let at = 0; at < receipts.length; at += SYNC_CHUNK) {
    results.push(...(await syncInChunk(db, actor, device, receipts.slice(at, at + SYNC_CHUNK))));
  }
  await db.transaction(async (tx) => {
    await tx
      .select({ id: weighingDevices.id })
      .from(weighingDevices)
      .where(eq(weighingDevices.id, id))
      .for('update');
    await tx
      .update(weighingDevices)
      .set({ lastSyncAt: new Date(), waitingReported: waiting })
      .where(eq(weighingDevices.id, id));
    if (device.status === 'active') await issueBlocks(tx, id, nextNumbers);
  });
  return { results, device: await getDevice(db, id) };
}

/** A chunk in one transaction; if it fails, each of its receipts in a transaction of its own. */
async function syncInChunk(
  db: Db,
  actor: Actor,
  device: SyncingDevice,
  chunk: OfflineReceiptInput[],
): Promise<SyncResult[]> {
  try {
    return await db.transaction((tx) => syncChunk(tx, actor.userId, device, chunk));
  } catch (error) {
    if (chunk.length === 1) {
      const [only] = chunk;
      const fault = clientFaultOf(error);
      if (only && fault) return [rejected(only, `was refused: ${fault}`)];
      throw error;
    }
  }
  const results: SyncResult[] = [];
  for (const r of chunk) results.push(...(await syncInChunk(db, actor, device, [r])));
  return results;
}
