import type { Grn, GrnDetail, Paged, ReceivableOrder, StockMovement } from '@ushirika/contracts';
import { todayInTanzania, yearInTanzania } from '@ushirika/domain';
import { describe, expect, it } from 'vitest';
import { useStarted } from '../../../../test/harness.ts';
import {
  approvedOrder,
  balanceOf,
  directGrn,
  makeItem,
  makeStore,
  mappedBalance,
  startStoresWorld,
  stockValue,
} from '../../../../test/inventory.ts';
import { withLanguage } from '../../../platform/labels.ts';
import { grnDocument } from './grn-pdf.ts';

const ctx = useStarted(startStoresWorld);

describe('direct GRN (grn2)', () => {
  it('receives at the entered cost, recomputes the weighted average and posts Dr inventory / Cr GRNI', async () => {
    const urea = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Urea 50kg fresh' });
    const inventoryBefore = await mappedBalance(ctx.t, 'inventory');
    const grniBefore = await mappedBalance(ctx.t, 'grni');
    // 100 bags x 65,000 = 6,500,000.00
    const first = await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: urea.id, quantity: '100', unitCost: '65000' },
    ]);
    expect(first.status).toBe(201);
    expect(first.body.data.grnNo).toMatch(/^GRN-\d{4}-\d{6}$/);
    expect(first.body.data.totalValue).toBe('6500000.00');
    expect(first.body.data.journalEntryId).not.toBeNull();
    // 50 bags x 68,000 = 3,400,000.00; 150 bags worth 9,900,000.00 -> average 66,000
    const second = await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: urea.id, quantity: '50', unitCost: '68000' },
    ]);
    expect(second.body.data.totalValue).toBe('3400000.00');
    expect(await balanceOf(ctx.t, urea.id, ctx.w.unionStore.id)).toEqual({
      quantity: '150.000',
      value: '9900000.00',
      avg_cost: '66000.000000',
    });
    const { dec } = await import('@ushirika/domain');
    expect(
      dec(await mappedBalance(ctx.t, 'inventory'))
        .minus(inventoryBefore)
        .toFixed(2),
    ).toBe('9900000.00');
    expect(
      dec(await mappedBalance(ctx.t, 'grni'))
        .minus(grniBefore)
        .toFixed(2),
    ).toBe('-9900000.00');
  });

  it('rounds each line to the cent and keeps batch and expiry for a batch-tracked item', async () => {
    // 40 bags x 30,500.505 = 1,220,020.20
    const r = await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      {
        itemId: ctx.w.sulphur.id,
        quantity: '40',
        unitCost: '30500.505',
        batchNo: 'SUL-24-07',
        expiryDate: '2027-06-30',
      },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.data.lines[0]).toMatchObject({
      quantity: '40.000',
      value: '1220020.20',
      batchNo: 'SUL-24-07',
      expiryDate: '2027-06-30',
    });
    const details = await ctx.t.request<{ data: GrnDetail }>('GET', `/inventory/grns/${r.body.data.id}`, {
      token: ctx.w.keeper.access,
    });
    expect(details.body.data.journalEntryNo).toMatch(/^JV-/);
  });

  it('refuses bad lines with a clear message and writes nothing', async () => {
    const before = await stockValue(ctx.t);
    const cases: [Record<string, unknown>[], number, RegExp][] = [
      [
        [{ itemId: '00000000-0000-7000-8000-000000000000', quantity: '5', unitCost: '10' }],
        400,
        /Unknown item/,
      ],
      [[{ itemId: ctx.w.urea.id, quantity: '0', unitCost: '10' }], 400, /more than 0/],
      [[{ itemId: ctx.w.urea.id, quantity: '-3', unitCost: '10' }], 400, /quantity/i],
      [[{ itemId: ctx.w.sulphur.id, quantity: '3', unitCost: '10' }], 400, /batch/],
      [[], 400, /at least one line/],
    ];
    for (const [lines, status, message] of cases) {
      const r = await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, lines);
      expect(r.status, JSON.stringify(r.body)).toBe(status);
      expect((r.body as unknown as { message: string }).message).toMatch(message);
    }
    const service = await makeItem(ctx.t, ctx.w.admin.access, { kind: 'service', name: 'Spraying service' });
    const r = await directGrn(ctx.t, ctx.w.keeper.access, ctx.w.unionStore.id, [
      { itemId: service.id, quantity: '1', unitCost: '5' },
    ]);
    expect(r.status).toBe(400);
    expect((r.body as unknown as { message: string }).message).toMatch(/service/);
    expect(await stockValue(ctx.t)).toEqual(before);
  });

  it('refuses a closed store', async () => {
    const store = await makeStore(ctx.t, ctx.w.admin.access);
    const closed = await ctx.t.request('PATCH', `/inventory/stores/${store.id}`, {
      token: ctx.w.admin.access,
      body: { code: store.code, name: store.name, kind: 'union', active: false },
    });
    expect(closed.status).toBe(200);
    const r = await directGrn(ctx.t, ctx.w.keeper.access, store.id, [
      { itemId: ctx.w.urea.id, quantity: '5', unitCost: '10' },
    ]);
    expect(r.status).toBe(400);
    expect((r.body as unknown as { message: string }).message).toMatch(/closed/);
  });

  it('refuses a date in a locked period and writes nothing', async () => {
    const year = yearInTanzania();
    const manager = await import('../../../../test/harness.ts').then((h) =>
      h.sessionAs(ctx.t, 'Finance Manager'),
    );
    const years = await ctx.t.request<{ data: { id: string }[] }>('GET', '/financial-years?status=open', {
      token: manager.access,
    });
    const lock = await ctx.t.request('PATCH', `/financial-years/${years.body.data[0]?.id}`, {
      token: manager.access,
      body: { operationLockedUntil: `${year}-01-31` },
    });
    expect(lock.status).toBe(200);
    const before = await stockValue(ctx.t);
    const r = await directGrn(
      ctx.t,
      ctx.w.keeper.access,
      ctx.w.unionStore.id,
      [{ itemId: ctx.w.urea.id, quantity: '5', unitCost: '10' }],
      {
        receivedOn: `${year}-01-15`,
      },
    );
    expect(r.status).toBe(400);
    expect((r.body as unknown as { message: string }).message).toMatch(/lock|closed/i);
    expect(await stockValue(ctx.t)).toEqual(before);
  });
});

describe('GRN numbers', () => {
  it('are taken at commit: two GRNs saved at once get consecutive numbers, on the GRN and its ledger lines', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Numbered' });
    const saved = await Promise.all(
      [ctx.w.keeper, ctx.w.keeper2].map((k) =>
        directGrn(ctx.t, k.access, ctx.w.unionStore.id, [{ itemId: item.id, quantity: '1', unitCost: '10' }]),
      ),
    );
    const seq = (no: string) => Number(no.split('-')[2]);
    const numbers = saved.map((r) => r.body.data.grnNo);
    expect(numbers.every((n) => /^GRN-\d{4}-\d{6}$/.test(n))).toBe(true);
    expect(Math.abs(seq(numbers[0] ?? '') - seq(numbers[1] ?? ''))).toBe(1);
    const ledger = await ctx.t.request<Paged<StockMovement>>('GET', `/inventory/ledgers?item_id=${item.id}`, {
      token: ctx.w.keeper.access,
    });
    expect(ledger.body.data.map((m) => m.sourceNo).sort()).toEqual([...numbers].sort());
  });
});

describe('GRN against a purchase order', () => {
  it('receives part then the rest at the order price net of VAT, moving the order to received', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'NPK 50kg' });
    const po = await approvedOrder(ctx.t, [
      { itemId: item.id, quantity: '200', unitPrice: '72000.00', vat: true },
    ]);
    const form = await ctx.t.request<{ data: ReceivableOrder }>(
      'GET',
      `/inventory/grns/orders/${po.orderId}`,
      {
        token: ctx.w.keeper.access,
      },
    );
    expect(form.body.data.lines[0]?.remainingQuantity).toBe('200.000');
    const receive = (quantity: string) =>
      ctx.t.request<{ data: GrnDetail }>('POST', '/inventory/grns', {
        token: ctx.w.keeper.access,
        body: {
          orderId: po.orderId,
          storeId: ctx.w.unionStore.id,
          receivedOn: todayInTanzania(),
          lines: [{ orderLineId: po.lineIds[0], quantity }],
        },
      });
    // 120 x 72,000 = 8,640,000.00
    const part = await receive('120');
    expect(part.status).toBe(201);
    expect(part.body.data).toMatchObject({ kind: 'order', orderNo: po.orderNo, totalValue: '8640000.00' });
    const over = await receive('81');
    expect(over.status).toBe(400);
    expect((over.body as unknown as { message: string }).message).toMatch(
      /Line 1 .*81\.000 is more than the 80\.000/,
    );
    const rest = await receive('80');
    expect(rest.body.data.totalValue).toBe('5760000.00');
    const again = await receive('1');
    expect(again.status).toBe(409);
    expect(await balanceOf(ctx.t, item.id, ctx.w.unionStore.id)).toMatchObject({
      quantity: '200.000',
      value: '14400000.00',
    });
    const listed = await ctx.t.request<Paged<Grn>>('GET', `/inventory/grns?order_id=${po.orderId}`, {
      token: ctx.w.keeper.access,
    });
    expect(listed.body.meta.total).toBe(2);
  });

  it('refuses a cancelled order and an AMCOS user', async () => {
    const po = await approvedOrder(
      ctx.t,
      [{ itemId: ctx.w.urea.id, quantity: '10', unitPrice: '100' }],
      'cancelled',
    );
    const body = {
      orderId: po.orderId,
      storeId: ctx.w.unionStore.id,
      receivedOn: todayInTanzania(),
      lines: [{ orderLineId: po.lineIds[0], quantity: '1' }],
    };
    const r = await ctx.t.request<{ message: string }>('POST', '/inventory/grns', {
      token: ctx.w.keeper.access,
      body,
    });
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/cancelled/);
    const amcos = await ctx.t.request('POST', '/inventory/grns', {
      token: ctx.w.societyA.manager.access,
      body: { ...body, storeId: ctx.w.societyA.store.id },
    });
    expect(amcos.status).toBe(403);
  });
});

describe('GRN tenancy', () => {
  it('an AMCOS manager receives into their own store only, and sees only their GRNs', async () => {
    const own = await directGrn(ctx.t, ctx.w.societyA.manager.access, ctx.w.societyA.store.id, [
      { itemId: ctx.w.urea.id, quantity: '10', unitCost: '60000' },
    ]);
    expect(own.status).toBe(201);
    const other = await directGrn(ctx.t, ctx.w.societyA.manager.access, ctx.w.societyB.store.id, [
      { itemId: ctx.w.urea.id, quantity: '10', unitCost: '60000' },
    ]);
    expect(other.status).toBe(403);
    const union = await directGrn(ctx.t, ctx.w.societyA.manager.access, ctx.w.unionStore.id, [
      { itemId: ctx.w.urea.id, quantity: '10', unitCost: '60000' },
    ]);
    expect(union.status).toBe(403);
    const clerk = await directGrn(ctx.t, ctx.w.societyA.clerk.access, ctx.w.societyA.store.id, [
      { itemId: ctx.w.urea.id, quantity: '1', unitCost: '1' },
    ]);
    expect(clerk.status).toBe(403);
    const bGrn = await directGrn(ctx.t, ctx.w.societyB.manager.access, ctx.w.societyB.store.id, [
      { itemId: ctx.w.urea.id, quantity: '2', unitCost: '60000' },
    ]);
    const list = await ctx.t.request<Paged<Grn>>('GET', '/inventory/grns?per_page=200', {
      token: ctx.w.societyA.clerk.access,
    });
    expect(list.body.data.length).toBeGreaterThan(0);
    expect(list.body.data.every((g) => g.amcosId === ctx.w.societyA.id)).toBe(true);
    const filtered = await ctx.t.request<Paged<Grn>>(`GET`, `/inventory/grns?amcos_id=${ctx.w.societyB.id}`, {
      token: ctx.w.societyA.clerk.access,
    });
    expect(filtered.body.data).toEqual([]);
    const peek = await ctx.t.request('GET', `/inventory/grns/${bGrn.body.data.id}`, {
      token: ctx.w.societyA.clerk.access,
    });
    expect(peek.status).toBe(403);
    const peekPdf = await ctx.t.request('GET', `/inventory/grns/${bGrn.body.data.id}/pdf`, {
      token: ctx.w.societyA.clerk.access,
    });
    expect(peekPdf.status).toBe(403);
    const history = await ctx.t.request('GET', `/audit/grn/${bGrn.body.data.id}`, {
      token: ctx.w.societyA.manager.access,
    });
    expect(history.status).toBe(403);
    const ownHistory = await ctx.t.request('GET', `/audit/grn/${own.body.data.id}`, {
      token: ctx.w.societyA.manager.access,
    });
    expect(ownHistory.status).toBe(200);
  });

  it('prints the GRN for the store keeper: store, supplier, every line with quantity and value, signatures', async () => {
    const item = await makeItem(ctx.t, ctx.w.admin.access, { name: 'Sulphur dust 25 kg', unit: 'bag' });
    const r = await directGrn(
      ctx.t,
      ctx.w.societyA.manager.access,
      ctx.w.societyA.store.id,
      [{ itemId: item.id, quantity: '40', unitCost: '52500.50', batchNo: 'B-0426' }],
      { supplierRef: 'DN-7781', remarks: 'Two bags re-stitched' },
    );
    const g = r.body.data;
    // 40 x 52,500.50 = 2,100,020.00
    expect(grnDocument(g)).toMatchObject({
      title: 'Goods received note',
      number: g.grnNo,
      fields: expect.arrayContaining([
        ['Store', `${g.storeName} (${g.amcosName})`],
        ['Supplier ref', 'DN-7781'],
      ]),
      tables: [
        {
          rows: [['1', `${item.code} ${item.name}`, 'B-0426', '40.000 bags', '52,500.50', '2,100,020.00']],
          totals: ['', 'Total (TZS)', '', '', '', '2,100,020.00'],
        },
      ],
      note: 'Two bags re-stitched',
      signatures: ['Delivered by', 'Received by (name)', 'Checked by'],
    });
    // The unit as a Swahili screen writes it, plural by the quantity (#37).
    expect(withLanguage('sw', () => grnDocument(g)).tables[0]?.rows[0]?.[3]).toBe('40.000 mifuko');
    for (const token of [ctx.w.societyA.clerk.access, ctx.w.keeper.access]) {
      const pdf = await ctx.t.request('GET', `/inventory/grns/${g.id}/pdf`, { token });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(pdf.headers.get('content-disposition')).toBe(`inline; filename="${g.grnNo}.pdf"`);
      expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    }
  });

  it('exports the list as xlsx', async () => {
    const r = await ctx.t.request('GET', '/inventory/grns?format=xlsx', { token: ctx.w.keeper.access });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-disposition')).toMatch(/GRNS_\d{4}-\d{2}-\d{2}\.xlsx/);
  });
});
