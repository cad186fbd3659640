import type { createPurchaseOrderBody } from '@ushirika/contracts';
import { dec, priceLine, round, sum } from '@ushirika/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../../db/client.ts';
import { fieldError, NotFoundError } from '../../../platform/errors.ts';
import { items } from '../../inventory/items/schema.ts';
import { suppliers } from '../suppliers/schema.ts';

export type Body = z.infer<typeof createPurchaseOrderBody>;

/**
 * The order's priced lines: amount = quantity x unit price, VAT = amount x rate / 100 on VAT lines,
 * each rounded half-up to the cent; the totals are the sums of the rounded lines.
 */
export async function pricedLines(tx: Tx, body: Body, vatRate: string) {
  if (body.expectedDate && body.expectedDate < body.orderDate)
    throw fieldError('expectedDate', 'The expected date cannot be before the order date');
  const [supplier] = await tx
    .select({ id: suppliers.id, active: suppliers.active, name: suppliers.name })
    .from(suppliers)
    .where(eq(suppliers.id, body.supplierId));
  if (!supplier) throw new NotFoundError('Supplier not found');
  if (!supplier.active) throw fieldError('supplierId', `Supplier ${supplier.name} is inactive`);
  const itemIds = [...new Set(body.lines.map((l) => l.itemId))];
  const found = await tx
    .select({ id: items.id, name: items.name, active: items.active })
    .from(items)
    .where(and(inArray(items.id, itemIds)));
  const byId = new Map(found.map((i) => [i.id, i]));
  const lines = body.lines.map((line, i) => {
    const item = byId.get(line.itemId);
    if (!item) throw fieldError(`lines.${i}.itemId`, 'Unknown item: choose one from the item list');
    if (!item.active) throw fieldError(`lines.${i}.itemId`, `Item ${item.name} is inactive`);
    const quantity = round(dec(line.quantity), 3);
    if (quantity.lte(0)) throw fieldError(`lines.${i}.quantity`, 'The quantity must be above zero');
    const unitPrice = round(dec(line.unitPrice), 2);
    const { amount, vatAmount } = priceLine({ quantity, unitPrice, vat: line.vat }, vatRate);
    return {
      lineNo: i + 1,
      itemId: item.id,
      description: line.description ?? item.name,
      quantity: quantity.toFixed(3),
      unitPrice: unitPrice.toFixed(2),
      vat: line.vat,
      amount: amount.toFixed(2),
      vatAmount: vatAmount.toFixed(2),
    };
  });
  const subtotal = sum(lines.map((l) => l.amount));
  const vatTotal = sum(lines.map((l) => l.vatAmount));
  return {
    lines,
    totals: {
      vatRate,
      subtotal: subtotal.toFixed(2),
      vatTotal: vatTotal.toFixed(2),
      total: subtotal.plus(vatTotal).toFixed(2),
    },
  };
}
