import type { OfflineReceiptInput, SyncResult } from '@ushirika/contracts';
import { type OfflineFlag, offlineFlagOf } from '@ushirika/domain';
import { inArray, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../../../db/client.ts';
import { auditInsertSql } from '../../../platform/audit.ts';
import { storeOfflineCollections } from './offline-collection.ts';
import { FLAG_TEXT, flagOf, readReceiptsFacts, type SyncingDevice, UNKNOWN_IDS } from './receipt-facts.ts';
import { offlineReceipts } from './schema.ts';

type KnownReceipt = typeof offlineReceipts.$inferSelect;

/** A receipt already kept, answered as it was kept (a resend stores nothing again). */
function answerKnown(device: SyncingDevice, r: OfflineReceiptInput, known: KnownReceipt): SyncResult {
  if (known.deviceId !== device.id) return rejected(r, 'was sent by another device');
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

export const rejected = (r: OfflineReceiptInput, why: string): SyncResult => ({
  clientId: r.clientId,
  receiptNo: r.receiptNo,
  outcome: 'rejected',
  reasonCode: null,
  reason: `Receipt ${r.receiptNo} ${why}`,
  collectionId: null,
});

/**
 * One chunk of a device's receipts (#29), judged and kept in the caller's transaction with a
 * handful of statements whatever its size: the chunk's receipt numbers locked (sorted, so two
 * syncs sharing numbers never deadlock; a second tab's resend waits and then finds them kept),
 * the receipts already kept read by their ULIDs, every new receipt's facts in one read, the
 * judgement (pure, in packages/domain), then the collections with their SMS and audit, the
 * receipts and the flagged ones' audit in one statement each. Answers one result per receipt, in
 * order. A receipt sent twice in one chunk, or whose number an earlier receipt of the chunk took,
 * is judged as if the earlier one were already kept.
 */
export async function syncChunk(
  tx: DbOrTx,
  actorId: string,
  device: SyncingDevice,
  receipts: readonly OfflineReceiptInput[],
): Promise<SyncResult[]> {
  const numbers = [...new Set(receipts.map((r) => r.receiptNo))].sort();
  await tx.execute(sql`select pg_advisory_xact_lock(k) from (
      select hashtext('offline-receipt:' || n) as k from jsonb_array_elements_text(${JSON.stringify(numbers)}::jsonb) n
      order by n) locks`);
  const known = new Map<string, KnownReceipt>();
  const rows = await tx
    .select()
    .from(offlineReceipts)
    .where(
      inArray(
        offlineReceipts.clientId,
        receipts.map((r) => r.clientId),
      ),
    );
  for (const row of rows) known.set(row.clientId, row);

  const firstOf = new Map<string, OfflineReceiptInput>();
  const fresh: OfflineReceiptInput[] = [];
  for (const r of receipts) {
    if (known.has(r.clientId) || firstOf.has(r.clientId)) continue;
    firstOf.set(r.clientId, r);
    fresh.push(r);
  }
  const facts = await readReceiptsFacts(tx, device, fresh);
  const usedHere = new Set<string>();
  const judged = new Map<string, { flag: OfflineFlag | null } | { reject: string }>();
  for (const [i, r] of fresh.entries()) {
    const f = facts[i];
    if (!f) {
      judged.set(r.clientId, { reject: UNKNOWN_IDS });
      continue;
    }
    const flag = offlineFlagOf({ ...f, numberTaken: f.numberTaken || usedHere.has(r.receiptNo) });
    usedHere.add(r.receiptNo);
    judged.set(r.clientId, { flag });
  }

  const kept = fresh.filter((r) => {
    const j = judged.get(r.clientId);
    return j !== undefined && 'flag' in j;
  });
  const flagOfReceipt = (r: OfflineReceiptInput) => {
    const j = judged.get(r.clientId);
    return j && 'flag' in j ? j.flag : null;
  };
  const toStore = kept.filter((r) => flagOfReceipt(r) === null);
  const ids = await storeOfflineCollections(
    tx,
    actorId,
    toStore.map((r) => ({ ...r, amcosId: device.amcosId, deviceCode: device.code })),
  );
  const collectionOf = new Map(toStore.map((r, i) => [r.clientId, ids[i] ?? null]));
  if (kept.length > 0) {
    const inserted = await tx
      .insert(offlineReceipts)
      .values(
        kept.map((r) => {
          const flag = flagOfReceipt(r);
          return {
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
            capturedBy: actorId,
            status: flag ? ('needs_review' as const) : ('stored' as const),
            reasonCode: flag,
            reason: flag ? FLAG_TEXT[flag] : null,
            collectionId: collectionOf.get(r.clientId) ?? null,
          };
        }),
      )
      .returning({ id: offlineReceipts.id, clientId: offlineReceipts.clientId });
    await auditFlagged(tx, actorId, device, kept, inserted, flagOfReceipt);
  }

  return receipts.map((r) => {
    const before = known.get(r.clientId);
    if (before) return answerKnown(device, r, before);
    const first = firstOf.get(r.clientId);
    const j = judged.get(r.clientId);
    if (!j) throw new Error(`Receipt ${r.receiptNo} was not judged`);
    if ('reject' in j) return rejected(r, j.reject);
    const result: SyncResult = {
      clientId: r.clientId,
      receiptNo: r.receiptNo,
      outcome: j.flag ? 'flagged' : 'stored',
      reasonCode: j.flag,
      reason: j.flag ? FLAG_TEXT[j.flag] : null,
      collectionId: collectionOf.get(r.clientId) ?? null,
    };
    // The same receipt twice in one chunk: the second is the first's resend.
    if (first !== r) return { ...result, outcome: 'already_stored' };
    return result;
  });
}

/** One audit event per flagged receipt, in one statement. */
async function auditFlagged(
  tx: DbOrTx,
  actorId: string,
  device: SyncingDevice,
  kept: readonly OfflineReceiptInput[],
  inserted: readonly { id: string; clientId: string }[],
  flagOfReceipt: (r: OfflineReceiptInput) => OfflineFlag | null,
): Promise<void> {
  const idOf = new Map(inserted.map((row) => [row.clientId, row.id]));
  const events = kept.flatMap((r) => {
    const flag = flagOfReceipt(r);
    const entityId = idOf.get(r.clientId);
    return flag && entityId
      ? [
          {
            id: uuidv7(),
            entity_id: entityId,
            after: { receiptNo: r.receiptNo, deviceCode: device.code, reasonCode: flag },
          },
        ]
      : [];
  });
  if (events.length === 0) return;
  await tx.execute(
    auditInsertSql(
      { actorId, action: 'flagged', entity: 'offline_receipt' },
      sql`select e.id, e.entity_id, null::jsonb as before, e.after
        from jsonb_to_recordset(${JSON.stringify(events)}::jsonb) as e(id uuid, entity_id text, after jsonb)`,
    ),
  );
}
