import type { Store } from '@ushirika/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Tx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import {
  auditedMovedLines,
  movedDocumentLines,
  type ReceiveLine,
  receiveStock,
} from '../ledgers/move-stock.ts';
import { grnLines, grns } from './schema.ts';

export type GrnToSave = {
  kind: 'order' | 'direct';
  orderId: string | null;
  orderNo: string | null;
  supplier: { id: string; name: string } | null;
  store: Pick<Store, 'id' | 'name' | 'amcosId'>;
  receivedOn: string;
  supplierRef: string | null;
  remarks: string | null;
  lines: (ReceiveLine & { orderLineId: string | null })[];
};

/**
 * Writes a checked GRN: its number, the stock into the store (with Dr inventory / Cr GRNI), the
 * lines linked to their ledger movements, and the audit event. Inside the caller's transaction;
 * answers the GRN's id (read it after commit: the GRN and its journal entry are numbered at commit).
 */
export async function saveGrn(tx: Tx, actor: Actor, grn: GrnToSave): Promise<string> {
  const id = uuidv7();
  const store = grn.store.name;
  const supplier = grn.supplier?.name;
  const narration = supplier
    ? grn.orderNo
      ? narrate('goodsReceivedFromOnOrder', { store, supplier, orderNo: grn.orderNo })
      : narrate('goodsReceivedFrom', { store, supplier })
    : grn.orderNo
      ? narrate('goodsReceivedOnOrder', { store, orderNo: grn.orderNo })
      : narrate('goodsReceived', { store });
  // Numbered at commit (migration 0032's deferred trigger puts the number on the GRN and its
  // movements), so concurrent GRNs wait on the counter only while one commits. Read it after commit.
  const grnNo = `~${grn.receivedOn.slice(0, 4)}~${id}`;
  const moved = await receiveStock(tx, {
    storeId: grn.store.id,
    date: grn.receivedOn,
    source: { type: 'grn', id, no: grnNo },
    actorId: actor.userId,
    lines: grn.lines,
    post: {
      narration,
      ...(grn.supplier
        ? { party: { type: 'supplier' as const, id: grn.supplier.id, name: grn.supplier.name } }
        : {}),
    },
  });
  await tx.insert(grns).values({
    id,
    grnNo,
    kind: grn.kind,
    orderId: grn.orderId,
    supplierId: grn.supplier?.id ?? null,
    storeId: grn.store.id,
    amcosId: grn.store.amcosId,
    receivedOn: grn.receivedOn,
    supplierRef: grn.supplierRef,
    remarks: grn.remarks,
    totalValue: moved.value,
    journalEntryId: moved.journalEntryId,
    createdBy: actor.userId,
  });
  await tx.insert(grnLines).values(
    movedDocumentLines(grn.lines, moved).map(({ line, row }) => ({
      ...row,
      grnId: id,
      orderLineId: line.orderLineId,
      expiryDate: line.expiryDate ?? null,
    })),
  );
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'created',
    entity: 'grn',
    entityId: id,
    after: {
      kind: grn.kind,
      orderNo: grn.orderNo,
      supplier: grn.supplier?.name ?? null,
      store: grn.store.name,
      receivedOn: grn.receivedOn,
      totalValue: moved.value,
      lines: auditedMovedLines(moved),
    },
  });
  return id;
}
