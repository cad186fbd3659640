import { randomUUID } from 'node:crypto';
import { api, must } from './support.ts';

/** Purchasing set-up through the API: an item, a union store, a supplier, goods received on an order. */

const tag = () => randomUUID().slice(0, 6).toUpperCase();

export async function makeItem(token: string, name: string, unit = 'bag') {
  return (
    await must(
      api<{ data: { id: string; code: string } }>(
        'POST',
        '/inventory/items',
        { code: `E2E-${tag()}`, name, unit, kind: 'stock' },
        token,
      ),
      'item',
    )
  ).data;
}

export async function makeStore(token: string) {
  return (
    await must(
      api<{ data: { id: string } }>(
        'POST',
        '/inventory/stores',
        { code: `S${tag()}`, name: `Union store ${tag()}`, kind: 'union' },
        token,
      ),
      'store',
    )
  ).data;
}

export async function makeSupplier(token: string, name: string) {
  return (
    await must(
      api<{ data: { id: string; name: string } }>(
        'POST',
        '/purchase/suppliers',
        { name, paymentMethod: 'mobile_money', mobileMoneyNo: '255754000111', paymentTermsDays: 30 },
        token,
      ),
      'supplier',
    )
  ).data;
}

/** A GRN through the inventory API: every line of the order received in full. */
export async function receiveAll(token: string, orderId: string, storeId: string, on: string) {
  const order = (
    await must(
      api<{ data: { lines: { id: string; quantity: string; receivedQuantity: string }[] } }>(
        'GET',
        `/purchase/orders/${orderId}`,
        undefined,
        token,
      ),
      'order',
    )
  ).data;
  return must(
    api(
      'POST',
      '/inventory/grns',
      {
        orderId,
        storeId,
        receivedOn: on,
        lines: order.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity })),
      },
      token,
    ),
    'GRN',
  );
}
