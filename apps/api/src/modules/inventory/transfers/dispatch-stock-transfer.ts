import type { CreateStockTransferBody, StockTransferDetail, TransferKind } from '@ushirika/contracts';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { fieldError, ValidationError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { issueStock, movedDocumentLines } from '../ledgers/move-stock.ts';
import { getStore, storeOf } from '../stores/queries.ts';
import { getStockTransfer } from './queries.ts';
import { stockTransferLines, stockTransfers } from './schema.ts';

/** Which kinds of store each transfer joins: [from, to]. */
const ENDS: Record<TransferKind, [string, string][]> = {
  to_amcos: [['union', 'amcos']],
  from_amcos: [['amcos', 'union']],
  to_store: [
    ['union', 'union'],
    ['amcos', 'amcos'],
  ],
};
const kindWords: Record<TransferKind, string> = {
  to_amcos: 'A transfer to an AMCOS goes from a union store to an AMCOS store',
  from_amcos: 'A transfer from an AMCOS goes from an AMCOS store to a union store',
  to_store: 'A store-to-store transfer joins two union stores or two AMCOS stores',
};

/**
 * Dispatch: the stock leaves the sending store at its weighted average cost and is in transit
 * until the receiving store counts it. Nothing posts: the stock stays in the inventory account.
 */
export async function dispatchStockTransfer(
  db: Db,
  actor: Actor,
  body: CreateStockTransferBody,
): Promise<StockTransferDetail> {
  return db.transaction(async (tx) => {
    const from = await storeOf(tx, actor, body.fromStoreId);
    const to = await getStore(tx, body.toStoreId);
    if (from.id === to.id) throw fieldError('toStoreId', 'Choose another store to send the goods to');
    if (!ENDS[body.kind].some(([f, t]) => f === from.kind && t === to.kind))
      throw new ValidationError(kindWords[body.kind], { toStoreId: [kindWords[body.kind]] });
    if (actor.amcosId && body.kind === 'to_store' && to.amcosId !== actor.amcosId)
      throw fieldError('toStoreId', 'An AMCOS moves stock between its own stores, or back to the union');
    if (!to.active) throw fieldError('toStoreId', `Store ${to.name} is closed: it takes no stock`);
    const id = uuidv7();
    const moved = await issueStock(tx, {
      storeId: from.id,
      date: body.dispatchedOn,
      kind: 'transfer_out',
      source: {
        type: 'stock_transfer',
        id,
        no: () => nextDocumentNumber(tx, 'TRF', Number(body.dispatchedOn.slice(0, 4))),
      },
      actorId: actor.userId,
      lines: body.lines,
    });
    const transferNo = moved.no ?? '';
    await tx.insert(stockTransfers).values({
      id,
      transferNo,
      kind: body.kind,
      fromStoreId: from.id,
      toStoreId: to.id,
      fromAmcosId: from.amcosId,
      toAmcosId: to.amcosId,
      dispatchedOn: body.dispatchedOn,
      dispatchedBy: actor.userId,
      vehicle: body.vehicle,
      driverName: body.driverName,
      remarks: body.remarks,
      totalValue: moved.value,
    });
    await tx.insert(stockTransferLines).values(
      // A transfer line has no movement of its own: dispatch and receipt each make one.
      movedDocumentLines(body.lines, moved).map(({ row: { movementId: _movement, ...row } }) => ({
        ...row,
        transferId: id,
      })),
    );
    const saved = await getStockTransfer(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'dispatched',
      entity: 'stock_transfer',
      entityId: id,
      after: {
        transferNo,
        from: from.name,
        to: to.name,
        totalValue: moved.value,
        lines: saved.lines.map(({ itemCode, quantity, value }) => ({ itemCode, quantity, value })),
      },
    });
    return saved;
  });
}
