import type { createPurchaseInvoiceBody, PurchaseInvoiceDetail } from '@ushirika/contracts';
import { dec, priceLine, round, sum } from '@ushirika/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { explainConstraints } from '../../../platform/constraints.ts';
import { ConflictError, fieldError, NotFoundError } from '../../../platform/errors.ts';
import { nextDocumentNumber } from '../../../platform/numbering.ts';
import { items } from '../../inventory/items/schema.ts';
import { addDays } from '../../sales/invoices/issue-invoice.ts';
import { purchaseOrderLines, purchaseOrders } from '../orders/schema.ts';
import { getPurchaseSettings } from '../orders/settings.ts';
import { suppliers } from '../suppliers/schema.ts';
import { matchLine } from './match.ts';
import { postPurchaseInvoice } from './post-invoice.ts';
import { getPurchaseInvoice } from './queries.ts';
import { purchaseInvoiceLines, purchaseInvoices } from './schema.ts';

const INVOICEABLE = new Set(['approved', 'partly_received', 'received']);

type Body = z.infer<typeof createPurchaseInvoiceBody>;
type Order = typeof purchaseOrders.$inferSelect;

/** Stage 1: the order locked, invoiceable, with its supplier and the invoice's due date. */
async function lockOrder(tx: Tx, body: Body) {
  const [order] = await tx
    .select()
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, body.orderId))
    .for('update');
  if (!order) throw new NotFoundError('Purchase order not found');
  if (!INVOICEABLE.has(order.status))
    throw new ConflictError(
      order.status === 'cancelled'
        ? `Purchase order ${order.orderNo} is cancelled: it cannot be invoiced`
        : `Purchase order ${order.orderNo} is not approved: it cannot be invoiced`,
    );
  const [supplier] = await tx.select().from(suppliers).where(eq(suppliers.id, order.supplierId));
  if (!supplier) throw new Error('Supplier of the order is missing');
  const dueDate = body.dueDate ?? addDays(body.invoiceDate, supplier.paymentTermsDays);
  if (dueDate < body.invoiceDate)
    throw fieldError('dueDate', 'The due date cannot be before the invoice date');
  if (body.invoiceDate < order.orderDate)
    throw fieldError('invoiceDate', `The invoice date cannot be before the order date (${order.orderDate})`);
  return { order, supplier, dueDate };
}

/**
 * Stage 2: each invoice line against its order line, once: priced with the order's VAT, and
 * matched (price and quantity within the tolerances) against what was received and not yet
 * invoiced; a service, never received by a GRN, against what was ordered.
 */
async function matchedLines(tx: Tx, order: Order, body: Body) {
  const orderLines = await tx
    .select({ line: purchaseOrderLines, kind: items.kind })
    .from(purchaseOrderLines)
    .innerJoin(items, eq(items.id, purchaseOrderLines.itemId))
    .where(eq(purchaseOrderLines.orderId, order.id))
    .orderBy(asc(purchaseOrderLines.lineNo));
  const byId = new Map(orderLines.map((l) => [l.line.id, l]));
  const settings = await getPurchaseSettings(tx);
  const seen = new Set<string>();
  return body.lines.map((input, i) => {
    const found = byId.get(input.orderLineId);
    if (!found)
      throw fieldError(`lines.${i}.orderLineId`, `This line is not on purchase order ${order.orderNo}`);
    if (seen.has(found.line.id))
      throw fieldError(`lines.${i}.orderLineId`, `Line ${found.line.lineNo} is listed twice`);
    seen.add(found.line.id);
    const { line } = found;
    const quantity = round(dec(input.quantity), 3);
    if (quantity.lte(0))
      throw fieldError(
        `lines.${i}.quantity`,
        `Line ${line.lineNo} (${line.description}): the quantity must be above zero`,
      );
    const unitPrice = round(dec(input.unitPrice), 2);
    const basis = found.kind === 'service' ? line.quantity : line.receivedQuantity;
    const receivedOpen = dec(basis).minus(dec(line.invoicedQuantity));
    const match = matchLine({
      quantity,
      unitPrice,
      orderedPrice: dec(line.unitPrice),
      receivedOpen,
      priceTolerancePercent: settings.priceTolerancePercent,
      quantityTolerancePercent: settings.quantityTolerancePercent,
    });
    const { amount, vatAmount } = priceLine({ quantity, unitPrice, vat: line.vat }, order.vatRate);
    return {
      lineNo: i + 1,
      orderLineId: line.id,
      itemId: line.itemId,
      description: line.description,
      quantity: quantity.toFixed(3),
      unitPrice: unitPrice.toFixed(2),
      vat: line.vat,
      amount: amount.toFixed(2),
      vatAmount: vatAmount.toFixed(2),
      orderedPrice: line.unitPrice,
      receivedOpen: receivedOpen.toFixed(3),
      withinTolerance: match.withinTolerance,
    };
  });
}

/**
 * Enters a supplier's invoice against an approved order. Each line is matched (match.ts); when
 * every line is within tolerance the invoice posts at once and is open for payment, otherwise it
 * waits for an approval with a reason. Either way the order lines' invoiced quantities grow now,
 * so a second invoice cannot bill the same goods. One transaction; the order row is locked.
 */
export async function createPurchaseInvoice(
  db: Db,
  actor: Actor,
  body: Body,
): Promise<PurchaseInvoiceDetail> {
  return explainConstraints(
    {
      purchase_invoices_supplier_no_unique: {
        field: 'supplierInvoiceNo',
        message: 'This supplier invoice number is already entered',
      },
    },
    () =>
      db.transaction(async (tx) => {
        const { order, supplier, dueDate } = await lockOrder(tx, body);
        const lines = await matchedLines(tx, order, body);
        const subtotal = sum(lines.map((l) => l.amount));
        const vatTotal = sum(lines.map((l) => l.vatAmount));
        const total = subtotal.plus(vatTotal);
        if (total.lte(0)) throw fieldError('lines', 'An invoice of nothing cannot be entered');
        const mismatch = lines.some((l) => !l.withinTolerance);

        const invoiceNo = await nextDocumentNumber(tx, 'PINV', Number(body.invoiceDate.slice(0, 4)));
        const [row] = await tx
          .insert(purchaseInvoices)
          .values({
            invoiceNo,
            supplierInvoiceNo: body.supplierInvoiceNo,
            supplierId: supplier.id,
            orderId: order.id,
            invoiceDate: body.invoiceDate,
            dueDate,
            status: mismatch ? 'awaiting_approval' : 'open',
            mismatch,
            subtotal: subtotal.toFixed(2),
            vatTotal: vatTotal.toFixed(2),
            total: total.toFixed(2),
            createdBy: actor.userId,
          })
          .returning({ id: purchaseInvoices.id });
        if (!row) throw new Error('Purchase invoice insert returned nothing');
        await tx.insert(purchaseInvoiceLines).values(lines.map((l) => ({ ...l, invoiceId: row.id })));
        for (const l of lines)
          await tx
            .update(purchaseOrderLines)
            .set({ invoicedQuantity: sql`${purchaseOrderLines.invoicedQuantity} + ${l.quantity}::numeric` })
            .where(eq(purchaseOrderLines.id, l.orderLineId));
        if (!mismatch) await postPurchaseInvoice(tx, row.id, actor.userId);
        const after = await getPurchaseInvoice(tx, row.id);
        await recordAudit(tx, {
          actorId: actor.userId,
          action: 'created',
          entity: 'purchase_invoice',
          entityId: row.id,
          after,
        });
        return after;
      }),
  );
}
