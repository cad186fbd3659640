import type { InboxCounts, InboxItem } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import type { Listed } from '../../../test/master-data.ts';
import { accountId, draftEntry, TODAY } from '../accounts/testing.ts';
import { type InputsWorld, makeInputsWorld } from '../inputs/testing.ts';
import { draftOrder, makeItem, makeSupplier } from '../purchase/testing.ts';

/**
 * "Waiting for me" (#27) over one world: what each role may act on appears in its own inbox and
 * nobody else's, never the actor's own drafts as approvable, an AMCOS user only their society's,
 * oldest first; the counts are the list's.
 */

let t: TestApp;
let w: InputsWorld;
let admin: Session;
let finance: Session;
let procurement: Session;
let accountant: Session;
let keeper: Session;
let auditor: Session;

const counts = async (s: Session) => {
  const r = await t.request<{ data: InboxCounts }>('GET', '/inbox/counts', { token: s.access });
  expect(r.status).toBe(200);
  return r.body.data;
};
const list = async (s: Session, query = '') => {
  const r = await t.request<Listed<InboxItem>>('GET', `/inbox${query}`, { token: s.access });
  expect(r.status).toBe(200);
  return r.body;
};
const numbers = async (s: Session, query = '') =>
  (await list(s, query)).data.map((i) => `${i.source} ${i.number}`);

async function submittedOrder(maker: Session) {
  const supplier = await makeSupplier(t, maker);
  const item = await makeItem(t, 'Jute bags');
  const order = await draftOrder(t, maker, {
    supplierId: supplier.id,
    orderDate: TODAY,
    lines: [{ itemId: item.id, quantity: '100', unitPrice: '2500' }],
  });
  const r = await t.request('PATCH', `/purchase/orders/${order.id}/submit`, { token: maker.access });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
  return { ...order, supplier: supplier.name };
}

beforeAll(async () => {
  t = await startTestApp();
  w = await makeInputsWorld(t, 2);
  admin = await sessionAs(t, 'Administrator');
  finance = await sessionAs(t, 'Finance Manager');
  procurement = await sessionAs(t, 'Procurement Officer');
  accountant = await sessionAs(t, 'Accountant');
  keeper = await sessionAs(t, 'Store Keeper');
  auditor = await sessionAs(t, 'Auditor');
});
afterAll(() => t.close());

describe('waiting for me', () => {
  it('a submitted purchase order waits for its approvers, not its maker; approving it takes it off', async () => {
    const order = await submittedOrder(procurement);
    const mine = await submittedOrder(admin);
    const seen = await list(finance, '?source=purchase_orders');
    expect(seen.data.map((i) => i.number)).toEqual([order.orderNo, mine.orderNo]);
    expect(seen.data[0]).toMatchObject({
      source: 'purchase_orders',
      id: order.id,
      party: order.supplier,
      amount: '250000.00',
      status: 'submitted',
      parentId: null,
    });
    // The administrator may approve orders, but not the one they made.
    expect(await numbers(admin, '?source=purchase_orders')).toEqual([`purchase_orders ${order.orderNo}`]);
    expect((await counts(procurement)).sources.purchase_orders).toBeUndefined();
    const before = await counts(finance);
    expect(before.sources.purchase_orders).toBe(2);
    const approved = await t.request('PATCH', `/purchase/orders/${order.id}/approve`, {
      token: finance.access,
    });
    expect(approved.status).toBe(200);
    const after = await counts(finance);
    expect(after.sources.purchase_orders).toBe(1);
    expect(after.total).toBe(before.total - 1);
  });

  it('a draft journal entry waits for the finance manager, never for the accountant who wrote it', async () => {
    const bank = await accountId(t, 'operation', '1101');
    const rent = await accountId(t, 'operation', '1102');
    const entry = await draftEntry(t, accountant, [
      { accountId: rent, debit: '40000' },
      { accountId: bank, credit: '40000' },
    ]);
    expect(entry.status).toBe(201);
    const item = (await list(finance, '?source=journal_entries')).data.find(
      (i) => i.id === entry.body.data.id,
    );
    expect(item).toMatchObject({ number: entry.body.data.number, amount: '40000.00', book: 'operation' });
    expect((await counts(accountant)).sources.journal_entries).toBeUndefined();
    expect((await counts(auditor)).total).toBe(0);
  });

  it('an input request waits at each level in turn: its AMCOS manager, the union, then its society to issue it', async () => {
    const made = await t.request<{ data: { id: string; requestNo: string } }>(
      'POST',
      '/collections/farmer-requests',
      {
        token: w.clerk.access,
        body: {
          farmerId: w.farmers[0]?.id,
          seasonCropId: w.seasonCropId,
          lines: [{ itemId: w.sulphurId, quantity: '2' }],
        },
      },
    );
    expect(made.status).toBe(201);
    const no = `input_requests ${made.body.data.requestNo}`;
    expect(await numbers(w.manager)).toContain(no);
    expect(await numbers(w.otherClerk)).not.toContain(no);
    expect(await numbers(w.officer)).not.toContain(no);
    // The clerk who recorded it cannot approve requests at all.
    expect((await counts(w.clerk)).sources.input_requests).toBeUndefined();
    await t.request('PATCH', `/collections/farmer-requests/${made.body.data.id}/approve`, {
      token: w.manager.access,
    });
    expect(await numbers(w.manager)).not.toContain(no);
    const union = (await list(w.officer, '?source=input_requests')).data.find(
      (i) => i.id === made.body.data.id,
    );
    expect(union).toMatchObject({ status: 'amcos_approved', amount: '130000.00' });
    expect(union?.party).toContain(w.farmers[0]?.farmerNo);
    // Approved by the union, the inputs wait at the society's store to be issued, until they are.
    const approved = await t.request('PATCH', `/collections/farmer-requests/${made.body.data.id}/approve`, {
      token: w.officer.access,
    });
    expect(approved.status).toBe(200);
    expect(await numbers(w.officer)).not.toContain(no);
    const issue = `requests_to_issue ${made.body.data.requestNo}`;
    expect(await numbers(w.clerk)).toContain(issue);
    expect(await numbers(w.manager)).toContain(issue);
    expect(await numbers(w.otherClerk)).not.toContain(issue);
    expect((await counts(w.officer)).sources.requests_to_issue).toBeUndefined();
    const issued = await t.request('POST', '/collections/distributions', {
      token: w.clerk.access,
      body: { requestId: made.body.data.id, storeId: w.storeId, kind: 'credit' },
    });
    expect(issued.status, JSON.stringify(issued.body)).toBe(201);
    expect(await numbers(w.clerk)).not.toContain(issue);
  });

  it('stock on its way is counted at the receiving store: that AMCOS, never the dispatcher', async () => {
    const union = await t.request<{ data: { id: string } }>('POST', '/inventory/stores', {
      token: admin.access,
      body: { code: `UN${Date.now() % 100000}`, name: 'Union depot', kind: 'union' },
    });
    const item = await makeItem(t, 'Sulphur for transfer');
    const grn = await t.request('POST', '/inventory/grns/direct', {
      token: keeper.access,
      body: {
        storeId: union.body.data.id,
        receivedOn: TODAY,
        lines: [{ itemId: item.id, quantity: '10', unitCost: '50000' }],
      },
    });
    expect(grn.status).toBe(201);
    const sent = await t.request<{ data: { id: string; transferNo: string } }>(
      'POST',
      '/inventory/transfers',
      {
        token: keeper.access,
        body: {
          kind: 'to_amcos',
          fromStoreId: union.body.data.id,
          toStoreId: w.storeId,
          dispatchedOn: TODAY,
          lines: [{ itemId: item.id, quantity: '4' }],
        },
      },
    );
    expect(sent.status).toBe(201);
    const no = `stock_transfers ${sent.body.data.transferNo}`;
    expect(await numbers(w.manager)).toContain(no);
    expect(await numbers(w.otherClerk)).not.toContain(no);
    expect(await numbers(keeper)).not.toContain(no);
    expect(await numbers(admin)).not.toContain(no);
  });

  it('a circular waits for each reader of the society until they read it', async () => {
    const r = await t.request<{ data: { id: string; title: string } }>('POST', '/circulars', {
      token: admin.access,
      body: {
        title: 'Weighing starts Monday',
        body: 'Bring your card.',
        audience: 'chosen',
        amcosIds: [w.amcosId],
      },
    });
    expect(r.status).toBe(201);
    const no = 'circulars Weighing starts Monday';
    expect(await numbers(w.clerk)).toContain(no);
    expect(await numbers(w.manager)).toContain(no);
    expect(await numbers(w.otherClerk)).not.toContain(no);
    await t.request('POST', `/circulars/${r.body.data.id}/read`, { token: w.clerk.access });
    expect(await numbers(w.clerk)).not.toContain(no);
    expect(await numbers(w.manager)).toContain(no);
  });

  it('a cash advance waits for an approver other than whoever entered it', async () => {
    const officer = await sessionAs(t, 'Settlement Officer');
    const r = await t.request<{ data: { loanNo: string } }>('POST', '/payments/loans', {
      token: officer.access,
      body: {
        farmerId: w.farmers[1]?.id,
        issuedOn: TODAY,
        amount: '70000',
        reason: 'Transport to the clinic',
        bankAccountId: await accountId(t, 'collection', '1101'),
      },
    });
    expect(r.status).toBe(201);
    expect(await numbers(finance, '?source=farmer_loans')).toEqual([`farmer_loans ${r.body.data.loanNo}`]);
    expect((await counts(officer)).sources.farmer_loans).toBeUndefined();
  });

  it('lists oldest first, a page at a time, searched, and its counts are the list’s', async () => {
    const all = await list(finance, '?per_page=200');
    const since = all.data.map((i) => i.waitingSince);
    expect(since).toEqual([...since].sort());
    const c = await counts(finance);
    expect(all.meta.total).toBe(c.total);
    for (const [source, n] of Object.entries(c.sources))
      expect((await list(finance, `?source=${source}`)).meta.total, source).toBe(n);
    const paged = await list(finance, '?per_page=1&page=2');
    expect(paged.data.map((i) => i.id)).toEqual([all.data[1]?.id]);
    const first = all.data[0];
    expect((await list(finance, `?search=${encodeURIComponent(first?.number ?? '')}`)).data[0]?.id).toBe(
      first?.id,
    );
    expect((await list(finance, '?search=%25')).data).toEqual([]);
    // Every source's columns read, for a user holding every permission (the administrator).
    const everything = await list(admin, '?per_page=200');
    expect(everything.meta.total).toBe((await counts(admin)).total);
  });

  it('refuses a malformed query with a message and a stranger with 401', async () => {
    for (const query of ['?source=everything', '?page=0', '?per_page=1000', '?per_page=x']) {
      const r = await t.request<{ message: string }>('GET', `/inbox${query}`, { token: finance.access });
      expect(r.status, query).toBe(400);
      expect(r.body.message).toBeTruthy();
    }
    expect((await t.request('GET', '/inbox/counts')).status).toBe(401);
    expect((await t.request('GET', '/inbox')).status).toBe(401);
  });
});
