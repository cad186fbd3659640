import { dec, yearInTanzania } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { makeBuyer, makeLot, makeSalesSetup } from '../../../test/sales-lots.ts';
import { accountId } from '../accounts/testing.ts';
import { lots } from '../crop-flow/schema.ts';
import { addDays } from './invoices/issue-invoice.ts';
import { SALES_SETTINGS_AUDIT_ID } from './invoices/settings.ts';

type Invoice = {
  id: string;
  invoiceNo: string;
  status: string;
  total: string;
  paidAmount: string;
  balance: string;
  dueDate: string;
  journalEntryId: string;
  reversalEntryId: string | null;
  lines: { lotId: string | null; amount: string }[];
  allocations: { receiptNo: string; amount: string }[];
};
type Receipt = {
  id: string;
  receiptNo: string;
  amount: string;
  allocated: string;
  unallocated: string;
  allocations: { invoiceId: string; invoiceNo: string; amount: string }[];
};
type Buyer = { id: string; name: string; balance: string; credit: string };

let t: TestApp;
let admin: Session;
let officer: Session;
let amcosUser: Session;
let bank: string;
let opBank: string;
// Fixed dates inside the current financial year (the test app opens the calendar year of today).
const YEAR = yearInTanzania();
const TODAY = `${YEAR}-06-30`;
const END = `${YEAR}-12-31`;
const daysAgo = (n: number) => addDays(TODAY, -n);

beforeAll(async () => {
  t = await startTestApp();
  [admin, officer] = await Promise.all([sessionAs(t, 'Administrator'), sessionAs(t, 'Settlement Officer')]);
  amcosUser = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
  bank = await accountId(t, 'collection', '1101');
  opBank = await accountId(t, 'operation', '1101');
});
afterAll(() => t.close());

async function invoice(
  buyerId: string,
  invoiceDate: string,
  lines: { description: string; kg: string; pricePerKg: string }[],
) {
  const r = await t.request<{ message: string; data: Invoice }>('POST', '/sales/invoices', {
    token: officer.access,
    body: { buyerId, invoiceDate, lines },
  });
  if (r.status !== 201) throw new Error(`invoice failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data;
}
async function receipt(body: Record<string, unknown>) {
  return t.request<{ message: string; data: Receipt; errors?: Record<string, string[]> }>(
    'POST',
    '/sales/receipts',
    {
      token: officer.access,
      body: { bankAccountId: bank, receiptDate: TODAY, ...body },
    },
  );
}
const getInvoice = async (id: string) =>
  (await t.request<{ data: Invoice }>('GET', `/sales/invoices/${id}`, { token: officer.access })).body.data;
const getBuyer = async (id: string) =>
  (await t.request<{ data: Buyer }>('GET', `/sales/buyers/${id}`, { token: officer.access })).body.data;

async function receivableInTrialBalance(asAt: string): Promise<string> {
  const r = await t.request<{
    data: { rows: { code: string; closingDebit: string; closingCredit: string }[] };
  }>('GET', `/reports/trial-balance?book=collection&as_at=${asAt}`, { token: admin.access });
  expect(r.status).toBe(200);
  const row = r.body.data.rows.find((x) => x.code === '1201');
  return row ? dec(row.closingDebit).minus(dec(row.closingCredit)).toFixed(2) : '0.00';
}

describe('buyers', () => {
  it('creates, lists and reads a buyer; refuses a duplicate bid code; AMCOS users get 403', async () => {
    const r = await t.request<{ message: string; data: Buyer }>('POST', '/sales/buyers', {
      token: admin.access,
      body: {
        name: 'Export Trading Co',
        licenceNo: 'CBT/2026/011',
        licenceExpiresOn: '2027-06-30',
        bidCode: 'etc01',
        phone: '0754 123456',
        bidSecurity: '5000000',
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Buyer created successfully');
    expect(r.body.data).toMatchObject({
      bidCode: 'ETC01',
      phone: '255754123456',
      balance: '0.00',
      credit: '0.00',
    });
    const dup = await t.request<{ errors: Record<string, string[]> }>('POST', '/sales/buyers', {
      token: admin.access,
      body: { name: 'Other', licenceNo: 'CBT/2026/012', bidCode: 'ETC01' },
    });
    expect(dup.status).toBe(409);
    const list = await t.request<{ data: Buyer[] }>('GET', '/sales/buyers?search=export', {
      token: officer.access,
    });
    expect(list.body.data.map((b) => b.name)).toContain('Export Trading Co');
    for (const path of [
      '/sales/buyers',
      `/sales/buyers/${r.body.data.id}`,
      '/sales/invoices',
      '/sales/receipts',
    ]) {
      expect((await t.request('GET', path, { token: amcosUser.access })).status).toBe(403);
    }
    // Every sales endpoint is union business: an AMCOS user gets 403 whatever the id.
    const id = r.body.data.id;
    const endpoints: [string, string, unknown?][] = [
      ['PATCH', `/sales/buyers/${id}`, { name: 'X' }],
      ['POST', '/sales/buyers', { name: 'X', licenceNo: 'X', bidCode: 'X' }],
      ['GET', `/sales/buyers/${id}/statement`],
      ['GET', '/sales/settings'],
      ['PUT', '/sales/settings', { invoiceDueDays: 5 }],
      ['GET', `/sales/invoices/${id}`],
      ['GET', `/sales/invoices/${id}/pdf`],
      [
        'POST',
        '/sales/invoices',
        { buyerId: id, invoiceDate: TODAY, lines: [{ description: 'x', kg: '1', pricePerKg: '1' }] },
      ],
      ['PATCH', `/sales/invoices/${id}/cancel`, { reason: 'x' }],
      ['GET', '/sales/group-invoices'],
      ['GET', `/sales/group-invoices/${id}`],
      ['GET', `/sales/group-invoices/${id}/pdf`],
      ['POST', '/sales/group-invoices', { buyerId: id, groupDate: TODAY, invoiceIds: [id] }],
      ['GET', `/sales/receipts/${id}`],
      ['POST', '/sales/receipts', { buyerId: id, receiptDate: TODAY, bankAccountId: bank, amount: '1' }],
      ['POST', `/sales/receipts/${id}/allocate`, {}],
      ['GET', '/sales/release-notes'],
      ['GET', `/sales/release-notes/releasable?buyer_id=${id}`],
      ['GET', `/sales/release-notes/${id}/pdf`],
      ['POST', '/sales/release-notes', { buyerId: id, releaseDate: TODAY, lotIds: [id] }],
      ['GET', '/reports/buyer/aged-summary'],
      ['GET', '/reports/buyer/aged-details?format=xlsx'],
    ];
    for (const [method, path, body] of endpoints) {
      const reply = await t.request(method, path, { token: amcosUser.access, ...(body ? { body } : {}) });
      expect([method, path, reply.status]).toEqual([method, path, 403]);
    }
  });
});

describe('invoices', () => {
  it('issues a manual invoice due after the setting days, prints it, cancels it with a reversal', async () => {
    const buyer = await makeBuyer(t.db);
    const inv = await invoice(buyer.id, TODAY, [
      { description: 'Rejected nuts', kg: '1250.5', pricePerKg: '1100.33' },
      { description: 'Empty bags', kg: '100', pricePerKg: '250' },
    ]);
    // 1250.5 x 1100.33 = 1,375,962.665 -> 1,375,962.67; + 25,000.00.
    expect(inv).toMatchObject({
      status: 'issued',
      total: '1400962.67',
      balance: '1400962.67',
      dueDate: addDays(TODAY, 4),
    });
    expect(inv.lines.map((l) => l.amount)).toEqual(['1375962.67', '25000.00']);
    const pdf = await t.request('GET', `/sales/invoices/${inv.id}/pdf`, { token: officer.access });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    expect(await receivableInTrialBalance(END)).toBe('1400962.67');

    const noReason = await t.request('PATCH', `/sales/invoices/${inv.id}/cancel`, {
      token: officer.access,
      body: { reason: ' ' },
    });
    expect(noReason.status).toBe(400);
    const c = await t.request<{ message: string; data: Invoice }>(
      'PATCH',
      `/sales/invoices/${inv.id}/cancel`,
      {
        token: officer.access,
        body: { reason: 'Issued to the wrong buyer' },
      },
    );
    expect(c.status).toBe(200);
    expect(c.body.message).toBe('Invoice cancelled successfully');
    expect(c.body.data).toMatchObject({
      status: 'cancelled',
      balance: '0.00',
      cancelReason: 'Issued to the wrong buyer',
    });
    expect(c.body.data.reversalEntryId).toBeTruthy();
    expect(await receivableInTrialBalance(END)).toBe('0.00');
    const again = await t.request('PATCH', `/sales/invoices/${inv.id}/cancel`, {
      token: officer.access,
      body: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);
  });

  it('reads the sales settings for invoice readers; only settings editors change them, within 0-365 days', async () => {
    const crop = await sessionAs(t, 'Crop Officer');
    const read = await t.request<{ data: { invoiceDueDays: number } }>('GET', '/sales/settings', {
      token: officer.access,
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ invoiceDueDays: 4 });
    // The settlement officer issues invoices but does not hold settings.collection.update.
    const put = (token: string, body: unknown) =>
      t.request<{ data: { invoiceDueDays: number }; errors?: Record<string, string[]> }>(
        'PUT',
        '/sales/settings',
        {
          token,
          body,
        },
      );
    expect((await put(officer.access, { invoiceDueDays: 10 })).status).toBe(403);
    for (const bad of [366, -1, 2.5]) {
      const r = await put(crop.access, { invoiceDueDays: bad });
      expect(r.status).toBe(400);
      expect(Object.keys(r.body.errors ?? {})).toEqual(['invoiceDueDays']);
    }
    const saved = await put(crop.access, { invoiceDueDays: 30 });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ invoiceDueDays: 30 });
    const buyer = await makeBuyer(t.db);
    const inv = await invoice(buyer.id, TODAY, [{ description: 'Bags', kg: '1', pricePerKg: '1' }]);
    expect(inv.dueDate).toBe(addDays(TODAY, 30));
    const history = await t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/sales_settings/${SALES_SETTINGS_AUDIT_ID}`,
      { token: admin.access },
    );
    expect(history.body.data.map((h) => h.action)).toContain('updated');
    expect((await put(crop.access, { invoiceDueDays: 4 })).status).toBe(200);
  });

  it('refuses to cancel a part-paid or paid invoice', async () => {
    const buyer = await makeBuyer(t.db);
    const a = await invoice(buyer.id, TODAY, [{ description: 'Sale A', kg: '10', pricePerKg: '100' }]);
    const b = await invoice(buyer.id, TODAY, [{ description: 'Sale B', kg: '10', pricePerKg: '100' }]);
    expect((await receipt({ buyerId: buyer.id, amount: '1500' })).status).toBe(201);
    expect((await getInvoice(a.id)).status).toBe('paid');
    expect((await getInvoice(b.id)).status).toBe('part_paid');
    for (const id of [a.id, b.id]) {
      const r = await t.request<{ message: string }>('PATCH', `/sales/invoices/${id}/cancel`, {
        token: officer.access,
        body: { reason: 'Try' },
      });
      expect(r.status).toBe(409);
      expect(r.body.message).toMatch(/payments allocated/);
    }
  });

  it('groups open invoices of one buyer and refuses another buyer or a paid invoice', async () => {
    const buyer = await makeBuyer(t.db);
    const other = await makeBuyer(t.db);
    const a = await invoice(buyer.id, daysAgo(3), [{ description: 'A', kg: '10', pricePerKg: '100' }]);
    const b = await invoice(buyer.id, TODAY, [{ description: 'B', kg: '20', pricePerKg: '100' }]);
    const x = await invoice(other.id, TODAY, [{ description: 'X', kg: '1', pricePerKg: '100' }]);
    const bad = await t.request('POST', '/sales/group-invoices', {
      token: officer.access,
      body: { buyerId: buyer.id, groupDate: TODAY, invoiceIds: [a.id, x.id] },
    });
    expect(bad.status).toBe(400);
    const g = await t.request<{ data: { id: string; total: string; invoiceCount: number; dueDate: string } }>(
      'POST',
      '/sales/group-invoices',
      { token: officer.access, body: { buyerId: buyer.id, groupDate: TODAY, invoiceIds: [a.id, b.id] } },
    );
    expect(g.status).toBe(201);
    expect(g.body.data).toMatchObject({ total: '3000.00', invoiceCount: 2, dueDate: addDays(TODAY, 4) });
    const pdf = await t.request('GET', `/sales/group-invoices/${g.body.data.id}/pdf`, {
      token: officer.access,
    });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    await receipt({ buyerId: buyer.id, amount: '1000' });
    const paid = await t.request('POST', '/sales/group-invoices', {
      token: officer.access,
      body: { buyerId: buyer.id, groupDate: TODAY, invoiceIds: [a.id] },
    });
    expect(paid.status).toBe(400);
  });
});

describe('receipts', () => {
  it('allocates oldest first, keeps the over-payment as credit, and allocates the credit later', async () => {
    const buyer = await makeBuyer(t.db);
    const older = await invoice(buyer.id, daysAgo(10), [
      { description: 'Old', kg: '100', pricePerKg: '1000' },
    ]);
    const newer = await invoice(buyer.id, daysAgo(2), [{ description: 'New', kg: '100', pricePerKg: '500' }]);
    const r = await receipt({ buyerId: buyer.id, amount: '120000', reference: 'CRDB TT 001' });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Receipt created successfully');
    expect(r.body.data).toMatchObject({ allocated: '120000.00', unallocated: '0.00' });
    expect(r.body.data.allocations.map((a) => [a.invoiceId, a.amount])).toEqual([
      [older.id, '100000.00'],
      [newer.id, '20000.00'],
    ]);
    expect(await getInvoice(older.id)).toMatchObject({ status: 'paid', balance: '0.00' });
    expect(await getInvoice(newer.id)).toMatchObject({ status: 'part_paid', balance: '30000.00' });

    const over = await receipt({ buyerId: buyer.id, amount: '50000' });
    expect(over.body.data).toMatchObject({ allocated: '30000.00', unallocated: '20000.00' });
    expect(await getBuyer(buyer.id)).toMatchObject({ balance: '0.00', credit: '20000.00' });

    const third = await invoice(buyer.id, TODAY, [{ description: 'Third', kg: '10', pricePerKg: '2500' }]);
    const later = await t.request<{ data: Receipt }>(
      'POST',
      `/sales/receipts/${over.body.data.id}/allocate`,
      {
        token: officer.access,
        body: {},
      },
    );
    expect(later.status).toBe(200);
    expect(later.body.data).toMatchObject({ allocated: '50000.00', unallocated: '0.00' });
    expect(await getInvoice(third.id)).toMatchObject({ status: 'part_paid', balance: '5000.00' });
    expect(await getBuyer(buyer.id)).toMatchObject({ balance: '5000.00', credit: '0.00' });
    const nothing = await t.request('POST', `/sales/receipts/${over.body.data.id}/allocate`, {
      token: officer.access,
      body: {},
    });
    expect(nothing.status).toBe(400);
  });

  it("refuses an allocation above the balance, another buyer's invoice, more than the receipt, a non-collection bank", async () => {
    const buyer = await makeBuyer(t.db);
    const other = await makeBuyer(t.db);
    const mine = await invoice(buyer.id, TODAY, [{ description: 'Mine', kg: '10', pricePerKg: '100' }]);
    const theirs = await invoice(other.id, TODAY, [{ description: 'Theirs', kg: '10', pricePerKg: '100' }]);
    const above = await receipt({
      buyerId: buyer.id,
      amount: '2000',
      allocations: [{ invoiceId: mine.id, amount: '1000.01' }],
    });
    expect(above.status).toBe(400);
    expect(above.body.errors?.['allocations.0.amount']?.[0]).toMatch(/more than the balance/);
    const foreign = await receipt({
      buyerId: buyer.id,
      amount: '500',
      allocations: [{ invoiceId: theirs.id, amount: '500' }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors?.['allocations.0.invoiceId']?.[0]).toMatch(/another buyer/);
    const tooMuch = await receipt({
      buyerId: buyer.id,
      amount: '100',
      allocations: [{ invoiceId: mine.id, amount: '200' }],
    });
    expect(tooMuch.status).toBe(400);
    const wrongBank = await receipt({ buyerId: buyer.id, amount: '100', bankAccountId: opBank });
    expect(wrongBank.status).toBe(400);
    // Nothing of the refused ones was kept.
    expect(await getInvoice(mine.id)).toMatchObject({ status: 'issued', paidAmount: '0.00' });
    expect(await getBuyer(buyer.id)).toMatchObject({ balance: '1000.00', credit: '0.00' });
    // Editable allocation: part of it, the rest stays credit.
    const part = await receipt({
      buyerId: buyer.id,
      amount: '700',
      allocations: [{ invoiceId: mine.id, amount: '400' }],
    });
    expect(part.status).toBe(201);
    expect(part.body.data).toMatchObject({ allocated: '400.00', unallocated: '300.00' });
    const list = await t.request<{ data: Receipt[] }>('GET', `/sales/receipts?buyer_id=${buyer.id}`, {
      token: officer.access,
    });
    expect(list.body.data.map((r) => r.receiptNo)).toEqual([part.body.data.receiptNo]);
  });

  it('two receipts allocating to the same invoice at once cannot overpay it', async () => {
    const buyer = await makeBuyer(t.db);
    const inv = await invoice(buyer.id, TODAY, [{ description: 'Race', kg: '10', pricePerKg: '100' }]);
    const [a, b] = await Promise.all([
      receipt({ buyerId: buyer.id, amount: '800', allocations: [{ invoiceId: inv.id, amount: '800' }] }),
      receipt({ buyerId: buyer.id, amount: '800', allocations: [{ invoiceId: inv.id, amount: '800' }] }),
    ]);
    expect([a.status, b.status].sort()).toEqual([201, 400]);
    expect(await getInvoice(inv.id)).toMatchObject({ paidAmount: '800.00', status: 'part_paid' });
  });
});

describe('release notes', () => {
  it('releases only lots whose invoice is fully paid; the lot becomes released once', async () => {
    const setup = await makeSalesSetup(t.db);
    const buyer = await makeBuyer(t.db);
    const lotA = await makeLot(t.db, setup, { netKg: '1000.000', status: 'sold' });
    const lotB = await makeLot(t.db, setup, { netKg: '500.000', status: 'sold' });
    const { issueInvoice } = await import('./invoices/issue-invoice.ts');
    const invA = await t.db.transaction((tx) =>
      issueInvoice(tx, {
        buyerId: buyer.id,
        auctionId: null,
        invoiceDate: TODAY,
        lines: [{ lotId: lotA.id, description: `Lot ${lotA.lotNo}`, kg: lotA.netKg, pricePerKg: '2000' }],
        actorId: admin.userId,
      }),
    );
    const invB = await t.db.transaction((tx) =>
      issueInvoice(tx, {
        buyerId: buyer.id,
        auctionId: null,
        invoiceDate: TODAY,
        lines: [{ lotId: lotB.id, description: `Lot ${lotB.lotNo}`, kg: lotB.netKg, pricePerKg: '2000' }],
        actorId: admin.userId,
      }),
    );
    await receipt({
      buyerId: buyer.id,
      amount: '2500000',
      allocations: [
        { invoiceId: invA.id, amount: '2000000' },
        { invoiceId: invB.id, amount: '500000' },
      ],
    });
    const releasable = await t.request<{ data: { lotId: string }[] }>(
      'GET',
      `/sales/release-notes/releasable?buyer_id=${buyer.id}`,
      { token: officer.access },
    );
    expect(releasable.body.data.map((l) => l.lotId)).toEqual([lotA.id]);
    const unpaid = await t.request<{ errors: Record<string, string[]> }>('POST', '/sales/release-notes', {
      token: officer.access,
      body: { buyerId: buyer.id, releaseDate: TODAY, lotIds: [lotA.id, lotB.id] },
    });
    expect(unpaid.status).toBe(400);
    expect(unpaid.body.errors.lotIds?.[0]).toMatch(/not fully paid/);
    const [stillSold] = await t.db.select({ status: lots.status }).from(lots).where(eq(lots.id, lotA.id));
    expect(stillSold?.status).toBe('sold');

    const ok = await t.request<{ message: string; data: { id: string; lotCount: number; totalKg: string } }>(
      'POST',
      '/sales/release-notes',
      {
        token: officer.access,
        body: {
          buyerId: buyer.id,
          releaseDate: TODAY,
          lotIds: [lotA.id],
          collectorName: 'J. Mushi',
          vehiclePlate: 'T 123 ABC',
        },
      },
    );
    expect(ok.status).toBe(201);
    expect(ok.body.message).toBe('Release note created successfully');
    expect(ok.body.data).toMatchObject({ lotCount: 1, totalKg: '1000.000' });
    const [released] = await t.db.select({ status: lots.status }).from(lots).where(eq(lots.id, lotA.id));
    expect(released?.status).toBe('released');
    const twice = await t.request('POST', '/sales/release-notes', {
      token: officer.access,
      body: { buyerId: buyer.id, releaseDate: TODAY, lotIds: [lotA.id] },
    });
    expect(twice.status).toBe(409);
    const other = await makeBuyer(t.db);
    const foreign = await t.request('POST', '/sales/release-notes', {
      token: officer.access,
      body: { buyerId: other.id, releaseDate: TODAY, lotIds: [lotB.id] },
    });
    expect(foreign.status).toBe(400);
    const pdf = await t.request('GET', `/sales/release-notes/${ok.body.data.id}/pdf`, {
      token: officer.access,
    });
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
    expect(
      (await t.request('GET', `/sales/release-notes/${ok.body.data.id}`, { token: amcosUser.access })).status,
    ).toBe(403);
  });
});

describe('buyer aged report', () => {
  it('buckets by days since the invoice date, subtracts credit, and equals the receivable control account', async () => {
    const buyer = await makeBuyer(t.db, 'Aged Buyer');
    await invoice(buyer.id, daysAgo(5), [{ description: 'a', kg: '1', pricePerKg: '1000' }]);
    await invoice(buyer.id, daysAgo(30), [{ description: 'b', kg: '1', pricePerKg: '2000' }]);
    await invoice(buyer.id, daysAgo(31), [{ description: 'c', kg: '1', pricePerKg: '4000' }]);
    await invoice(buyer.id, daysAgo(75), [{ description: 'd', kg: '1', pricePerKg: '8000' }]);
    await invoice(buyer.id, daysAgo(91), [{ description: 'e', kg: '1', pricePerKg: '16000' }]);
    // Pays 10,000 (oldest first: all of e's 16,000 is not covered) and later 500 of credit on another buyer.
    await receipt({ buyerId: buyer.id, amount: '10000', receiptDate: daysAgo(1) });
    const creditor = await makeBuyer(t.db, 'Aged Creditor');
    await receipt({ buyerId: creditor.id, amount: '500' });

    const r = await t.request<{
      data: {
        summary: {
          buyerId: string;
          current: string;
          d31to60: string;
          d61to90: string;
          over90: string;
          credit: string;
          balance: string;
        }[];
        totals: { balance: string };
      };
    }>('GET', `/reports/buyer/aged-summary?as_at=${TODAY}`, { token: admin.access });
    expect(r.status).toBe(200);
    const mine = r.body.data.summary.find((s) => s.buyerId === buyer.id);
    expect(mine).toMatchObject({
      current: '3000.00',
      d31to60: '4000.00',
      d61to90: '8000.00',
      over90: '6000.00',
      credit: '0.00',
      balance: '21000.00',
    });
    expect(r.body.data.summary.find((s) => s.buyerId === creditor.id)).toMatchObject({
      credit: '500.00',
      balance: '-500.00',
    });
    expect(r.body.data.totals.balance).toBe(await receivableInTrialBalance(TODAY));

    // As at an earlier date: the receipt of yesterday is not there yet.
    const before = await t.request<{
      data: {
        summary: { buyerId: string; balance: string; d61to90: string; over90: string }[];
        totals: { balance: string };
      };
    }>('GET', `/reports/buyer/aged-summary?as_at=${daysAgo(2)}`, { token: admin.access });
    expect(before.body.data.summary.find((s) => s.buyerId === buyer.id)).toMatchObject({
      balance: '31000.00',
      // Two days earlier the 91-day invoice was 89 days old.
      d61to90: '24000.00',
      over90: '0.00',
    });
    expect(before.body.data.totals.balance).toBe(await receivableInTrialBalance(daysAgo(2)));

    const details = await t.request<{
      data: { details: { buyerId: string; invoiceNo: string; days: number; balance: string }[] };
    }>('GET', `/reports/buyer/aged-details?as_at=${TODAY}&buyer_id=${buyer.id}`, { token: admin.access });
    expect(details.body.data.details.map((d) => [d.days, d.balance])).toEqual([
      [91, '6000.00'],
      [75, '8000.00'],
      [31, '4000.00'],
      [30, '2000.00'],
      [5, '1000.00'],
    ]);
    for (const [view, type] of [
      ['summary', 'pdf'],
      ['details', 'pdf'],
      ['details', 'xlsx'],
    ]) {
      const f = await t.request('GET', `/reports/buyer/aged-${view}?as_at=${TODAY}&format=${type}`, {
        token: admin.access,
      });
      expect(f.status).toBe(200);
      expect(f.headers.get('content-disposition')).toContain(`.${type}`);
    }
    const statement = await t.request(
      'GET',
      `/sales/buyers/${buyer.id}/statement?from=${daysAgo(100)}&to=${TODAY}`,
      {
        token: officer.access,
      },
    );
    expect(statement.headers.get('content-type')).toContain('application/pdf');
  });
});
