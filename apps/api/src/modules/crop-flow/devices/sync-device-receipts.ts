import type { OfflineReceiptInput, SyncBody, SyncResult, WeighingDevice } from '@ushirika/contracts';
import { offlineFlagOf } from '@ushirika/domain';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { storeOfflineCollection } from './offline-collection.ts';
import { getDevice } from './queries.ts';
import { issueBlocks } from './receipt-blocks.ts';
import { FLAG_TEXT, flagOf, readReceiptFacts, type SyncingDevice } from './receipt-facts.ts';
import { offlineReceipts, weighingDevices } from './schema.ts';

const deviceRow = z.object({
  id: z.string(),
  amcosId: z.string(),
  amcosCode: z.string(),
  code: z.string(),
  status: z.string(),
});

/**
 * A device sends the receipts it weighed offline (#29), in the order they were weighed, each with
 * its ULID and number. Each is judged and kept in a transaction of its own, so one receipt never
 * holds another back: stored as a collection (its SMS queued), already stored (a resend after a
 * lost reply, a reload, a second tab: nothing happens twice), or flagged and kept for review with
 * its reason. Then the device's last sync and waiting count are noted and it gets the numbers it
 * is short of. Only a user of the device's own society may sync it.
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
  for (const receipt of receipts) results.push(await syncReceipt(db, actor, device, receipt));
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

/** One receipt, in its own transaction, serialised with any other sending the same number. */
function syncReceipt(
  db: Db,
  actor: Actor,
  device: SyncingDevice,
  r: OfflineReceiptInput,
): Promise<SyncResult> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`offline-receipt:${r.receiptNo}`}))`);
    const [known] = await tx.select().from(offlineReceipts).where(eq(offlineReceipts.clientId, r.clientId));
    if (known) {
      if (known.deviceId !== device.id)
        throw new ConflictError(`Receipt ${r.receiptNo} was sent by another device`);
      return {
        clientId: r.clientId,
        receiptNo: known.receiptNo,
        outcome: 'already_stored',
        reasonCode:
          known.status === 'needs_review' || known.status === 'voided' ? flagOf(known.reasonCode) : null,
        reason: known.reason,
        collectionId: known.collectionId,
      };
    }
    const flag = offlineFlagOf(await readReceiptFacts(tx, device, r));
    const figures = { ...r, amcosId: device.amcosId, deviceCode: device.code };
    const collectionId = flag ? null : await storeOfflineCollection(tx, actor.userId, figures);
    const [kept] = await tx
      .insert(offlineReceipts)
      .values({
        clientId: r.clientId,
        deviceId: device.id,
        amcosId: device.amcosId,
        receiptNo: r.receiptNo,
        seasonCropId: r.seasonCropId,
        farmerId: r.farmerId,
        gradeId: r.gradeId,
        collectedOn: r.collectedOn,
        bags: r.bags,
        grossKg: r.grossKg,
        tareKg: r.tareKg,
        netKg: r.netKg,
        moisture: r.moisture,
        capturedAt: new Date(r.capturedAt),
        capturedBy: actor.userId,
        status: flag ? 'needs_review' : 'stored',
        reasonCode: flag,
        reason: flag ? FLAG_TEXT[flag] : null,
        collectionId,
      })
      .returning({ id: offlineReceipts.id });
    if (flag && kept) {
      await recordAudit(tx, {
        actorId: actor.userId,
        action: 'flagged',
        entity: 'offline_receipt',
        entityId: kept.id,
        after: { receiptNo: r.receiptNo, deviceCode: device.code, reasonCode: flag },
      });
    }
    return {
      clientId: r.clientId,
      receiptNo: r.receiptNo,
      outcome: flag ? 'flagged' : 'stored',
      reasonCode: flag,
      reason: flag ? FLAG_TEXT[flag] : null,
      collectionId,
    };
  });
}
