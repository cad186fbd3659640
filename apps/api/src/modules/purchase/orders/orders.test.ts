import { describe, expect, it } from 'vitest';
import { sessionAs } from '../../../../test/harness.ts';
import { buyer, D, line, manager, t, urea, ureaAndSprayers, usePurchaseScenario, YEAR } from '../scenario.ts';
import { approvedOrder, draftOrder, makeSupplier, type OrderReply, receiveGoods } from '../testing.ts';

usePurchaseScenario();

describe('purchase orders', () => {
  it('prices lines and VAT: 100 bags x 65,000 = 6,500,000 + 18% VAT 1,170,000; 10 sprayers x 85,000.50 = 850,005.00', async () => {
    const s = await makeSupplier(t, buyer);
    const o = await draftOrder(t, buyer, ureaAndSprayers(s.id));
    expect(o.orderNo).toMatch(new RegExp(`^PO-${YEAR}-\\d{6}$`));
    expect(o.status).toBe('draft');
    expect([line(o, 1).amount, line(o, 1).vatAmount, line(o, 2).amount, line(o, 2).vatAmount]).toEqual([
      '6500000.00',
      '1170000.00',
      '850005.00',
      '0.00',
    ]);
    expect([o.subtotal, o.vatTotal, o.total]).toEqual(['7350005.00', '1170000.00', '8520005.00']);
    const unknown = await t.request<{ errors: Record<string, string[]> }>('POST', '/purchase/orders', {
      token: buyer.access,
      body: { ...ureaAndSprayers(s.id), lines: [{ itemId: s.id, quantity: '1', unitPrice: '1' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors['lines.0.itemId']).toEqual(['Unknown item: choose one from the item list']);
    const zero = await t.request('POST', '/purchase/orders', {
      token: buyer.access,
      body: { ...ureaAndSprayers(s.id), lines: [{ itemId: urea.id, quantity: '0', unitPrice: '1' }] },
    });
    expect(zero.status).toBe(400);
  });

  it('goes draft -> submitted -> approved by someone else; the maker cannot approve; two approvers: one wins', async () => {
    const s = await makeSupplier(t, buyer);
    const o = await draftOrder(t, buyer, ureaAndSprayers(s.id));
    const early = await t.request<{ message: string }>('PATCH', `/purchase/orders/${o.id}/approve`, {
      token: manager.access,
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(`Purchase order ${o.orderNo} is a draft: it cannot be approved`);
    const draftPdf = await t.request('GET', `/purchase/orders/${o.id}/pdf`, { token: buyer.access });
    expect(draftPdf.status).toBe(409);
    expect(
      (await t.request('PATCH', `/purchase/orders/${o.id}/submit`, { token: buyer.access })).status,
    ).toBe(200);
    // The Administrator may approve, but not an order they made: here the maker is the buyer.
    const own = await sessionAs(t, 'Administrator');
    const mine = await draftOrder(t, own, ureaAndSprayers(s.id));
    await t.request('PATCH', `/purchase/orders/${mine.id}/submit`, { token: own.access });
    const self = await t.request<{ message: string }>('PATCH', `/purchase/orders/${mine.id}/approve`, {
      token: own.access,
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You created this purchase order, so another person must approve it');
    const other = await sessionAs(t, 'Finance Manager');
    const race = await Promise.all([
      t.request('PATCH', `/purchase/orders/${o.id}/approve`, { token: manager.access }),
      t.request('PATCH', `/purchase/orders/${o.id}/approve`, { token: other.access }),
    ]);
    expect(race.map((r) => r.status).sort()).toEqual([200, 409]);
    const pdf = await t.request('GET', `/purchase/orders/${o.id}/pdf`, { token: buyer.access });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/purchase_order/${o.id}`, {
      token: manager.access,
    });
    expect(history.body.data.map((h) => h.action).sort()).toEqual(['approved', 'created', 'submitted']);
  });

  it('the approver rejects a submitted order with a reason (issue 37): not without one, not twice, not by the buyer; it leaves the inbox', async () => {
    const s = await makeSupplier(t, buyer);
    const o = await draftOrder(t, buyer, ureaAndSprayers(s.id));
    const reject = (token: string, body: Record<string, unknown>) =>
      t.request<{ message: string; data: OrderReply }>('PATCH', `/purchase/orders/${o.id}/reject`, {
        token,
        body,
      });
    const draft = await reject(manager.access, { reason: 'Wrong supplier' });
    expect(draft.status).toBe(409);
    expect(draft.body.message).toBe(`Purchase order ${o.orderNo} is a draft: it cannot be rejected`);
    await t.request('PATCH', `/purchase/orders/${o.id}/submit`, { token: buyer.access });
    const inbox = async () =>
      (
        await t.request<{ data: { number: string }[] }>('GET', '/inbox?source=purchase_orders', {
          token: manager.access,
        })
      ).body.data.map((r) => r.number);
    expect(await inbox()).toContain(o.orderNo);
    expect((await reject(manager.access, { reason: '  ' })).status).toBe(400);
    expect((await reject(buyer.access, { reason: 'Too dear' })).status).toBe(403);
    const done = await reject(manager.access, { reason: 'Too dear: ask two more suppliers' });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe('Purchase order rejected successfully');
    expect(done.body.data).toMatchObject({
      status: 'rejected',
      rejectReason: 'Too dear: ask two more suppliers',
      rejectedByName: expect.any(String),
      rejectedAt: expect.any(String),
    });
    const twice = await reject(manager.access, { reason: 'Again' });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(`Purchase order ${o.orderNo} is rejected: it cannot be rejected`);
    expect(
      (await t.request('PATCH', `/purchase/orders/${o.id}/approve`, { token: manager.access })).status,
    ).toBe(409);
    expect(await inbox()).not.toContain(o.orderNo);
    const history = await t.request<{ data: { action: string }[] }>('GET', `/audit/purchase_order/${o.id}`, {
      token: manager.access,
    });
    expect(history.body.data.map((h) => h.action).sort()).toEqual(['created', 'rejected', 'submitted']);
  });

  it('records receipts: partial, then full; refuses over-receipt naming the line, unapproved and cancelled orders', async () => {
    const s = await makeSupplier(t, buyer);
    const o = await approvedOrder(t, buyer, manager, ureaAndSprayers(s.id));
    const over = receiveGoods(t, o.id, [{ orderLineId: line(o, 1).id, quantity: '100.001' }], D('03-05'));
    await expect(over).rejects.toThrow(
      `Line 1 (Urea 50 kg): 100.001 is more than the 100.000 still to receive on ${o.orderNo}`,
    );
    const part = await receiveGoods(t, o.id, [{ orderLineId: line(o, 1).id, quantity: '60' }], D('03-05'));
    expect(part.status).toBe('partly_received');
    const again = receiveGoods(t, o.id, [{ orderLineId: line(o, 1).id, quantity: '41' }], D('03-06'));
    await expect(again).rejects.toThrow(
      'Line 1 (Urea 50 kg): 41.000 is more than the 40.000 still to receive',
    );
    const full = await receiveGoods(
      t,
      o.id,
      [
        { orderLineId: line(o, 1).id, quantity: '40' },
        { orderLineId: line(o, 2).id, quantity: '10' },
      ],
      D('03-06'),
    );
    expect(full.status).toBe('received');
    const done = receiveGoods(t, o.id, [{ orderLineId: line(o, 2).id, quantity: '1' }], D('03-07'));
    await expect(done).rejects.toThrow(
      `Purchase order ${o.orderNo} is fully received: goods cannot be received against it`,
    );

    const draft = await draftOrder(t, buyer, ureaAndSprayers(s.id));
    await expect(
      receiveGoods(t, draft.id, [{ orderLineId: line(draft, 1).id, quantity: '1' }], D('03-07')),
    ).rejects.toThrow(
      `Purchase order ${draft.orderNo} is still a draft: goods cannot be received against it`,
    );
    const cancelled = await approvedOrder(t, buyer, manager, ureaAndSprayers(s.id));
    const cancel = await t.request<{ data: { status: string } }>(
      'PATCH',
      `/purchase/orders/${cancelled.id}/cancel`,
      {
        token: buyer.access,
        body: { reason: 'Supplier out of stock' },
      },
    );
    expect(cancel.body.data.status).toBe('cancelled');
    await expect(
      receiveGoods(t, cancelled.id, [{ orderLineId: line(cancelled, 1).id, quantity: '1' }], D('03-07')),
    ).rejects.toThrow(
      `Purchase order ${cancelled.orderNo} is cancelled: goods cannot be received against it`,
    );
    const cannot = await t.request<{ message: string }>('PATCH', `/purchase/orders/${o.id}/cancel`, {
      token: buyer.access,
      body: { reason: 'Too late' },
    });
    expect(cannot.status).toBe(409);
    expect(cannot.body.message).toBe(`Purchase order ${o.orderNo} is received: it cannot be cancelled`);
  });

  it('edits a draft whole, re-priced; a submitted order is not edited', async () => {
    const s = await makeSupplier(t, buyer);
    const o = await draftOrder(t, buyer, ureaAndSprayers(s.id));
    const body = {
      supplierId: s.id,
      orderDate: D('03-02'),
      lines: [{ itemId: urea.id, quantity: '30', unitPrice: '64000', vat: true }],
    };
    const r = await t.request<{ data: OrderReply }>('PUT', `/purchase/orders/${o.id}`, {
      token: buyer.access,
      body,
    });
    expect(r.status).toBe(200);
    // 30 x 64,000 = 1,920,000 + 18% VAT 345,600 = 2,265,600.00; the number stays.
    const d = r.body.data;
    expect([d.orderNo, d.lines.length, d.subtotal, d.vatTotal, d.total]).toEqual([
      o.orderNo,
      1,
      '1920000.00',
      '345600.00',
      '2265600.00',
    ]);
    await t.request('PATCH', `/purchase/orders/${o.id}/submit`, { token: buyer.access });
    const late = await t.request<{ message: string }>('PUT', `/purchase/orders/${o.id}`, {
      token: buyer.access,
      body,
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(`Purchase order ${o.orderNo} is no longer a draft`);
  });

  it('prices new orders at the VAT rate of the settings, half-up to the cent', async () => {
    const admin = await sessionAs(t, 'Administrator');
    const settings = (vatRate: string) =>
      t.request('PUT', '/purchase/settings', {
        token: admin.access,
        body: { vatRate, priceTolerancePercent: '0', quantityTolerancePercent: '0' },
      });
    expect((await settings('15')).status).toBe(200);
    const s = await makeSupplier(t, buyer);
    const o = await draftOrder(t, buyer, {
      supplierId: s.id,
      orderDate: D('03-03'),
      lines: [{ itemId: urea.id, quantity: '10', unitPrice: '1000.05', vat: true }],
    });
    // 10 x 1,000.05 = 10,000.50; 15% of it = 1,500.075 -> 1,500.08.
    expect([o.subtotal, o.vatTotal, o.total]).toEqual(['10000.50', '1500.08', '11500.58']);
    const refused = await t.request('PUT', '/purchase/settings', {
      token: buyer.access,
      body: { vatRate: '18', priceTolerancePercent: '0', quantityTolerancePercent: '0' },
    });
    expect(refused.status).toBe(403);
    await settings('18');
  });
});
