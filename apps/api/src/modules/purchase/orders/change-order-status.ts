import type { PurchaseOrderDetail } from '@ushirika/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, ForbiddenError, NotFoundError } from '../../../platform/errors.ts';
import { getPurchaseOrder } from './queries.ts';
import { type PURCHASE_ORDER_STATUSES, purchaseOrders } from './schema.ts';

type Status = (typeof PURCHASE_ORDER_STATUSES)[number];

const STATE_WORDS: Record<Status, string> = {
  draft: 'a draft',
  submitted: 'submitted',
  approved: 'already approved',
  partly_received: 'partly received',
  received: 'received',
  cancelled: 'cancelled',
  rejected: 'rejected',
};

/**
 * Moves an order from one of `from` to `to` with one conditional UPDATE (the claim): of two
 * concurrent requests exactly one matches the row, the other gets 409. Audited in the same
 * transaction.
 */
export async function moveOrder(
  db: Db,
  actor: Actor,
  {
    id,
    from,
    to,
    action,
    set,
    check,
  }: {
    id: string;
    from: Status[];
    to: Status;
    action: string;
    set: Partial<typeof purchaseOrders.$inferInsert>;
    check?: (order: typeof purchaseOrders.$inferSelect) => void;
  },
): Promise<PurchaseOrderDetail> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
    if (!order) throw new NotFoundError('Purchase order not found');
    const refusal = () =>
      new ConflictError(
        `Purchase order ${order.orderNo} is ${STATE_WORDS[order.status]}: it cannot be ${action}`,
      );
    if (!from.includes(order.status)) throw refusal();
    check?.(order);
    const [claimed] = await tx
      .update(purchaseOrders)
      .set({ ...set, status: to, updatedAt: new Date() })
      .where(and(eq(purchaseOrders.id, id), inArray(purchaseOrders.status, from)))
      .returning({ id: purchaseOrders.id });
    if (!claimed) {
      const [now] = await tx
        .select({ status: purchaseOrders.status })
        .from(purchaseOrders)
        .where(eq(purchaseOrders.id, id));
      throw new ConflictError(
        `Purchase order ${order.orderNo} is ${STATE_WORDS[now?.status ?? order.status]}: it cannot be ${action}`,
      );
    }
    const after = await getPurchaseOrder(tx, id);
    await recordAudit(tx, {
      actorId: actor.userId,
      action,
      entity: 'purchase_order',
      entityId: id,
      before: { status: order.status },
      after: { status: to, ...set },
    });
    return after;
  });
}

/** draft -> submitted: the maker hands the order over for approval. */
export const submitPurchaseOrder = (db: Db, actor: Actor, { id }: { id: string }) =>
  moveOrder(db, actor, {
    id,
    from: ['draft'],
    to: 'submitted',
    action: 'submitted',
    set: { submittedAt: new Date(), submittedBy: actor.userId },
  });

/** submitted -> approved, by someone other than whoever created the order. */
export const approvePurchaseOrder = (db: Db, actor: Actor, { id }: { id: string }) =>
  moveOrder(db, actor, {
    id,
    from: ['submitted'],
    to: 'approved',
    action: 'approved',
    set: { approvedAt: new Date(), approvedBy: actor.userId },
    check: (order) => {
      if (order.createdBy === actor.userId)
        throw new ForbiddenError('You created this purchase order, so another person must approve it');
    },
  });

/** Cancelled before any goods were received against it; the reason stays on the order. */
export const cancelPurchaseOrder = (db: Db, actor: Actor, { id, reason }: { id: string; reason: string }) =>
  moveOrder(db, actor, {
    id,
    from: ['draft', 'submitted', 'approved'],
    to: 'cancelled',
    action: 'cancelled',
    set: { cancelledAt: new Date(), cancelledBy: actor.userId, cancelReason: reason },
  });

/** submitted -> rejected by the approver (issue 37), with the reason; the order ends there. */
export const rejectPurchaseOrder = (db: Db, actor: Actor, { id, reason }: { id: string; reason: string }) =>
  moveOrder(db, actor, {
    id,
    from: ['submitted'],
    to: 'rejected',
    action: 'rejected',
    set: { rejectedAt: new Date(), rejectedBy: actor.userId, rejectReason: reason },
  });
