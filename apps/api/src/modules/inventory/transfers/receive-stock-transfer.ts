import type { ReceiveStockTransferBody, StockTransferDetail } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../../platform/errors.ts';
import { narrate } from '../../accounts/journal/narrations.ts';
import { postBusinessEvent } from '../../accounts/journal/post-business-event.ts';
import { receiveStock } from '../ledgers/move-stock.ts';
import { getStockTransfer } from './queries.ts';
import { stockTransferLines, stockTransfers } from './schema.ts';

/** What arrived of one line: its share of the dispatched value, to the cent. */
function receivedShare(line: { quantity: string; value: string }, received: string) {
  const q = dec(line.quantity);
  const r = dec(received);
  const value = r.eq(q) ? dec(line.value) : dec(line.value).times(r).div(q).toDecimalPlaces(2);
  return { value: value.toFixed(2), variance: dec(line.value).minus(value).toFixed(2) };
}

type Transfer = typeof stockTransfers.$inferSelect;
type Body = ReceiveStockTransferBody & { id: string };

/** The transfer, locked, still in transit, in the actor's society, counted by someone else. */
async function lockTransfer(tx: Tx, actor: Actor, { id, receivedOn }: Body): Promise<Transfer> {
  const [transfer] = await tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update');
  if (!transfer) throw new NotFoundError('Transfer not found');
  assertSociety(actor, transfer.toAmcosId);
  if (transfer.status !== 'in_transit')
    throw new ConflictError(`Transfer ${transfer.transferNo} is already received`);
  if (transfer.dispatchedBy === actor.userId)
    throw new ForbiddenError(
      'Someone other than who dispatched the goods must count them at the receiving store',
    );
  if (receivedOn < transfer.dispatchedOn)
    throw new ValidationError('The goods cannot arrive before they were dispatched', {
      receivedOn: [`Dispatched on ${transfer.dispatchedOn}`],
    });
  return transfer;
}

/**
 * Each line of the transfer with its count and its share of the value; every line counted once,
 * none over what was dispatched, a short one with its reason (all the faults at once).
 */
async function countLines(tx: Tx, body: Body) {
  const lines = await tx.select().from(stockTransferLines).where(eq(stockTransferLines.transferId, body.id));
  const counted = new Map(body.lines.map((l) => [l.lineId, l]));
  const errors: Record<string, string[]> = {};
  if (counted.size !== body.lines.length) errors.lines = ['Each line is counted once'];
  for (const l of body.lines)
    if (!lines.some((x) => x.id === l.lineId)) errors.lines = ['A line is not on this transfer'];
  const results = lines
    .sort((a, b) => a.lineNo - b.lineNo)
    .map((line) => {
      const count = counted.get(line.id);
      const key = `lines.${body.lines.findIndex((l) => l.lineId === line.id)}`;
      if (!count) {
        errors.lines = [`Count line ${line.lineNo}`];
        return null;
      }
      if (dec(count.receivedQuantity).gt(dec(line.quantity))) {
        errors[`${key}.receivedQuantity`] = [
          `Line ${line.lineNo}: more than the ${dec(line.quantity).toString()} dispatched`,
        ];
        return null;
      }
      const short = dec(count.receivedQuantity).lt(dec(line.quantity));
      if (short && !count.varianceReason)
        errors[`${key}.varianceReason`] = [`Line ${line.lineNo}: say why less arrived than was dispatched`];
      return { line, count, short, ...receivedShare(line, count.receivedQuantity) };
    });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ValidationError(first, errors);
  return results.flatMap((r) => (r ? [r] : []));
}
type CountedLine = Awaited<ReturnType<typeof countLines>>[number];

/** The lines that arrived into the receiving store's ledger. */
async function stockIn(tx: Tx, actor: Actor, transfer: Transfer, body: Body, all: CountedLine[]) {
  const arrived = all.filter((r) => dec(r.count.receivedQuantity).gt(0));
  if (arrived.length === 0) return;
  await receiveStock(tx, {
    storeId: transfer.toStoreId,
    date: body.receivedOn,
    kind: 'transfer_in',
    source: { type: 'stock_transfer', id: body.id, no: transfer.transferNo },
    actorId: actor.userId,
    lines: arrived.map((r) => ({
      itemId: r.line.itemId,
      quantity: r.count.receivedQuantity,
      unitCost: r.line.unitCost,
      value: r.value,
      batchNo: r.line.batchNo,
    })),
  });
}

/** The value lost in transit written off (Dr inputs issued / Cr inventory): its entry's id, or null. */
async function postTransitLoss(tx: Tx, actor: Actor, transfer: Transfer, body: Body, lostValue: string) {
  if (!dec(lostValue).gt(0)) return null;
  const entry = await postBusinessEvent(tx, {
    type: 'stock_issue',
    amount: lostValue,
    date: body.receivedOn,
    narration: narrate('transitLoss', { transferNo: transfer.transferNo }),
    reference: transfer.transferNo,
    sourceType: 'stock_transfer',
    sourceId: body.id,
    actorId: actor.userId,
  });
  return entry.id;
}

/** The counts on the lines and the transfer received, with its audit. */
async function writeReceipt(
  tx: Tx,
  actor: Actor,
  transfer: Transfer,
  body: Body,
  all: CountedLine[],
  figures: { receivedValue: string; varianceValue: string; journalEntryId: string | null },
) {
  for (const r of all) {
    await tx
      .update(stockTransferLines)
      .set({
        receivedQuantity: dec(r.count.receivedQuantity).toFixed(3),
        receivedValue: r.value,
        varianceQuantity: dec(r.count.receivedQuantity).minus(dec(r.line.quantity)).toFixed(3),
        varianceValue: dec(r.variance).negated().toFixed(2),
        varianceReason: r.short ? r.count.varianceReason : null,
      })
      .where(eq(stockTransferLines.id, r.line.id));
  }
  const { receivedValue, varianceValue } = figures;
  await tx
    .update(stockTransfers)
    .set({
      status: 'received',
      receivedOn: body.receivedOn,
      receivedAt: new Date(),
      receivedBy: actor.userId,
      receivedValue,
      varianceValue,
      receiveRemarks: body.remarks,
      journalEntryId: figures.journalEntryId,
      updatedAt: new Date(),
    })
    .where(eq(stockTransfers.id, body.id));
  await recordAudit(tx, {
    actorId: actor.userId,
    action: 'received',
    entity: 'stock_transfer',
    entityId: body.id,
    before: { status: 'in_transit', totalValue: transfer.totalValue },
    after: {
      status: 'received',
      receivedValue,
      varianceValue,
      lines: all.map((r) => ({
        lineNo: r.line.lineNo,
        dispatched: r.line.quantity,
        received: r.count.receivedQuantity,
        reason: r.short ? r.count.varianceReason : null,
      })),
    },
  });
}

/**
 * The receiving store counts what arrived: in_transit -> received. Someone other than the
 * dispatcher counts. Each line is received at its share of the dispatched value; a short line
 * needs a reason, and the value lost in transit is written off (Dr inputs issued / Cr inventory).
 * In stages: lock → count → stock in → write-off → lines, transfer and audit.
 */
export async function receiveStockTransfer(db: Db, actor: Actor, body: Body): Promise<StockTransferDetail> {
  await db.transaction(async (tx) => {
    const transfer = await lockTransfer(tx, actor, body);
    const all = await countLines(tx, body);
    await stockIn(tx, actor, transfer, body, all);
    const receivedValue = sum(all.map((r) => r.value)).toFixed(2);
    // What was lost on the road (positive), and the variance as the transfer shows it: received
    // less dispatched, negative for a loss, in the record and its history alike.
    const lostValue = sum(all.map((r) => r.variance)).toFixed(2);
    const varianceValue = dec(lostValue).negated().toFixed(2);
    const journalEntryId = await postTransitLoss(tx, actor, transfer, body, lostValue);
    await writeReceipt(tx, actor, transfer, body, all, { receivedValue, varianceValue, journalEntryId });
  });
  // Read after commit: the write-off's journal entry is numbered at commit.
  return getStockTransfer(db, body.id);
}
