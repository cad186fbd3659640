import { randomUUID } from 'node:crypto';
import { dec } from '@ushirika/domain';
import type { Session, TestApp } from '../../../test/harness.ts';
import { postBusinessEvent } from '../accounts/journal/post-business-event.ts';
import { items } from '../inventory/items/schema.ts';
import { recordOrderReceipt } from './orders/receipt.ts';

/** Test helpers for purchasing: items, suppliers and orders over HTTP, goods received. */

const unique = () => randomUUID().slice(0, 6).toUpperCase();

export async function makeItem(t: TestApp, name: string, unit = 'bag', kind: 'stock' | 'service' = 'stock') {
  const [row] = await t.db
    .insert(items)
    .values({ code: `IT-${unique()}`, name, unit, kind })
    .returning({ id: items.id, code: items.code, name: items.name });
  if (!row) throw new Error('item insert returned nothing');
  return row;
}

export async function makeSupplier(t: TestApp, s: Session, extra: Record<string, unknown> = {}) {
  const r = await t.request<{ data: { id: string; name: string } }>('POST', '/purchase/suppliers', {
    token: s.access,
    body: {
      name: `Supplier ${unique()}`,
      tin: `1${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      paymentMethod: 'mobile_money',
      mobileMoneyNo: '255712345678',
      paymentTermsDays: 30,
      ...extra,
    },
  });
  if (r.status !== 201) throw new Error(`supplier failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

export type OrderReply = {
  id: string;
  orderNo: string;
  status: string;
  subtotal: string;
  vatTotal: string;
  total: string;
  lines: {
    id: string;
    lineNo: number;
    quantity: string;
    unitPrice: string;
    receivedQuantity: string;
    invoicedQuantity: string;
    amount: string;
    vatAmount: string;
  }[];
};

export async function draftOrder(
  t: TestApp,
  maker: Session,
  body: {
    supplierId: string;
    orderDate: string;
    lines: { itemId: string; quantity: string; unitPrice: string; vat?: boolean }[];
  },
) {
  const r = await t.request<{ data: OrderReply; message: string }>('POST', '/purchase/orders', {
    token: maker.access,
    body,
  });
  if (r.status !== 201) throw new Error(`order failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}

/** Draft by `maker`, submitted, approved by `checker`. */
export async function approvedOrder(
  t: TestApp,
  maker: Session,
  checker: Session,
  body: Parameters<typeof draftOrder>[2],
) {
  const order = await draftOrder(t, maker, body);
  const submitted = await t.request('PATCH', `/purchase/orders/${order.id}/submit`, { token: maker.access });
  if (submitted.status !== 200) throw new Error(`submit failed: ${JSON.stringify(submitted.body)}`);
  const approved = await t.request<{ data: OrderReply }>('PATCH', `/purchase/orders/${order.id}/approve`, {
    token: checker.access,
  });
  if (approved.status !== 200) throw new Error(`approve failed: ${JSON.stringify(approved.body)}`);
  return approved.body.data;
}

/**
 * Goods received against an order, the purchasing side of a GRN: the order lines' received
 * quantities (recordOrderReceipt, what the inventory GRN calls) and the GRN's posting, Dr inventory
 * / Cr goods received not invoiced at the order price, in one transaction.
 */
export async function receiveGoods(
  t: TestApp,
  orderId: string,
  lines: { orderLineId: string; quantity: string }[],
  on: string,
) {
  return t.db.transaction(async (tx) => {
    const order = await recordOrderReceipt(tx, orderId, lines);
    const value = lines.reduce((acc, l) => {
      const line = order.lines.find((o) => o.id === l.orderLineId);
      return acc.plus(
        dec(l.quantity)
          .times(dec(line?.unitPrice ?? '0'))
          .toDecimalPlaces(2),
      );
    }, dec(0));
    await postBusinessEvent(tx, {
      type: 'goods_received',
      amount: value,
      date: on,
      narration: `Goods received on ${order.orderNo}`,
      sourceType: 'test_grn',
      sourceId: randomUUID(),
      actorId: null,
    });
    return order;
  });
}

/** Debit minus credit of an Operation-book account as at a date, from the trial balance. */
export async function balanceOf(t: TestApp, s: Session, code: string, asAt: string): Promise<string> {
  const r = await t.request<{
    data: { rows: { code: string; closingDebit: string; closingCredit: string }[] };
  }>('GET', `/reports/trial-balance?book=operation&as_at=${asAt}`, { token: s.access });
  const row = r.body.data.rows.find((x) => x.code === code);
  return row ? dec(row.closingDebit).minus(dec(row.closingCredit)).toFixed(2) : '0.00';
}
