import type { BuyerAgedReport } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { uniq } from '../../../../test/master-data.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { accountId, THIS_YEAR } from '../../accounts/testing.ts';
import { buyers } from '../buyers/schema.ts';
import { buyerStatement } from '../buyers/statement.ts';

const Y = THIS_YEAR;
const HEADER = 'buyer_code,invoice_no,invoice_date,due_date,amount,already_paid';
type Preview = {
  data: { rows: { row: number; fate: string; detail: string | null; debit: string | null }[] };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: {
    agreed: boolean;
    checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
  };
};
type Invoice = { id: string; invoiceNo: string; status: string; total: string; paidAmount: string };

let t: TestApp;
let admin: Session;
let accountant: Session;
let officer: Session;
let bank: string;
let codes: string[];
let buyerIds: string[];
let invoiceRows: string[];
let outstanding: string;

const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Invoices entered again' },
  });
const controlReport = async () =>
  (
    await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      { token: accountant.access },
    )
  ).body.data.checks;
const invoicesOf = async (buyerId: string) => {
  const listed = await t.request<{ data: Invoice[] }>('GET', `/sales/invoices?buyer_id=${buyerId}`, {
    token: officer.access,
  });
  return listed.body.data;
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  accountant = await sessionAs(t, 'Accountant');
  officer = await sessionAs(t, 'Settlement Officer');
  bank = await accountId(t, 'collection', '1101');
  const tag = uniq();
  codes = ['OLAM', 'ETG', 'BUYER3'].map((c) => `${c}${tag}`);
  const made = await t.db
    .insert(buyers)
    .values(
      codes.map((code, i) => ({
        name: `Opening buyer ${i} ${tag}`,
        licenceNo: `LIC-${code}`,
        bidCode: code,
        licenceExpiresOn: '2099-12-31',
      })),
    )
    .returning({ id: buyers.id });
  buyerIds = made.map((b) => b.id);
  // 10 unpaid invoices of the old books over 3 buyers: invoice i of 1,000,000 + 250,000 i, dated
  // in the four months before go-live; invoice 3 and 7 part paid 400,000.
  invoiceRows = Array.from(
    { length: 10 },
    (_, i) =>
      `${codes[i % 3]},OLD-${tag}-${i},${Y}-0${1 + (i % 4)}-1${i},${i === 5 ? '' : `${Y}-0${2 + (i % 4)}-1${i}`},${1_000_000 + 250_000 * i},${i === 3 || i === 7 ? 400_000 : 0}`,
  );
  // sum(1,000,000 + 250,000 i) for i < 10 = 10,000,000 + 11,250,000; less 800,000 paid.
  outstanding = sum([10_000_000, 11_250_000, -800_000]).toFixed(2);
  const openingAccount = await makeOpeningAccount(t, admin, 'collection');
  expect((await goLiveOn(t, accountant, 'collection', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

describe('going live: buyers’ unpaid invoices (#36)', () => {
  it('offers a template that opens as a spreadsheet with the columns in order and an example', async () => {
    const file = await t.request('GET', '/accounts/opening/buyer_invoices/template?format=xlsx', {
      token: accountant.access,
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw);
    const sheet = workbook.worksheets[0];
    expect(((sheet?.getRow(1).values ?? []) as string[]).slice(1).join(',')).toBe(HEADER);
    expect(sheet?.rowCount).toBe(2);
  });

  it('dry-runs each invoice: unknown buyer, twice, a number in use, dates, figures, paid in full', async () => {
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'buyer_invoices', step: 'preview' },
      csvSheet('invoices-bad.csv', HEADER, [
        invoiceRows[0] ?? '',
        `NOBODY,X-1,${Y}-03-01,,1000,0`,
        `${codes[1]},,${Y}-03-01,,1000,0`,
        invoiceRows[0] ?? '',
        `${codes[1]},SI-${Y}-000001,${Y}-03-01,,1000,0`,
        `${codes[1]},X-2,${Y}-02-30,,1000,0`,
        `${codes[1]},X-3,${Y}-04-30,${Y}-04-29,1000,0`,
        `${codes[1]},X-4,${Y}-05-01,,1000,0`,
        `${codes[1]},X-5,${Y}-03-01,,12abc,0`,
        `${codes[1]},X-6,${Y}-03-01,,1000,1500`,
        `${codes[1]},X-7,${Y}-03-01,,1000,1000`,
        `${codes[1]},X-8,${Y}-03-01,soon,1000,0`,
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', null],
      [3, 'unknown_code', 'NOBODY'],
      [4, 'missing', 'invoice_no'],
      [5, 'duplicate', '2'],
      [6, 'number_taken', null],
      [7, 'bad_date', 'invoice_date'],
      [8, 'due_before_invoice', null],
      [9, 'after_opening', null],
      [10, 'not_a_number', 'amount'],
      [11, 'more_than_amount', null],
      [12, 'zero', null],
      [13, 'bad_date', 'due_date'],
    ]);
    expect(r.body.data.rows[0]?.debit).toBe('1000000.00');
    const refused = await sendOpening(
      t,
      accountant,
      { kind: 'buyer_invoices', step: 'import' },
      csvSheet('invoices-bad.csv', HEADER, [invoiceRows[0] ?? '', `NOBODY,X-1,${Y}-03-01,,1000,0`]),
    );
    expect(refused.status).toBe(400);
    expect(await invoicesOf(buyerIds[0] ?? '')).toEqual([]);
  });

  it('imports 10 invoices whole with no posting; reversed before any receipt, they go and come in again', async () => {
    const sheet = csvSheet('invoices.csv', HEADER, invoiceRows);
    const first = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'buyer_invoices', step: 'import' },
      sheet,
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ rows: 10, total: outstanding, entryId: null });
    expect((await sendOpening(t, accountant, { kind: 'buyer_invoices', step: 'import' }, sheet)).status).toBe(
      409,
    );
    expect((await reverse(first.body.data.id)).status).toBe(200);
    expect(await invoicesOf(buyerIds[0] ?? '')).toEqual([]);
    const again = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'buyer_invoices', step: 'import' },
      sheet,
    );
    expect(again.status).toBe(200);
    const olam = await invoicesOf(buyerIds[0] ?? '');
    // Buyer 0 has invoices 0, 3, 6 and 9: 1,000,000, 1,750,000 - 400,000, 2,500,000, 3,250,000.
    expect(olam.map((i) => [i.total, i.paidAmount, i.status]).sort()).toEqual([
      ['1000000.00', '0.00', 'issued'],
      ['1350000.00', '0.00', 'issued'],
      ['2500000.00', '0.00', 'issued'],
      ['3250000.00', '0.00', 'issued'],
    ]);
  });

  it('ties to the opening trial balance; the book goes live with every control account at 0.00', async () => {
    const before = await t.request<Check>('GET', '/accounts/opening/books/collection/check', {
      token: accountant.access,
    });
    expect(before.body.data.checks.find((c) => c.key === 'buyer_receivables')).toMatchObject({
      controlBalance: '0.00',
      subledgerBalance: outstanding,
    });
    const tb = csvSheet('collection-tb.csv', 'account_code,account_name,debit,credit', [
      `1201,Buyer receivables,${outstanding},`,
      `3101,Collection fund balance,,${outstanding}`,
    ]);
    const imported = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'collection' },
      tb,
    );
    expect(imported.status).toBe(200);
    const after = await t.request<Check>('GET', '/accounts/opening/books/collection/check', {
      token: accountant.access,
    });
    expect(after.body.data.checks.find((c) => c.key === 'buyer_receivables')).toMatchObject({
      controlBalance: outstanding,
      subledgerBalance: outstanding,
      difference: '0.00',
    });
    expect(after.body.data.agreed).toBe(true);
    expect(
      (await t.request('PATCH', '/accounts/opening/books/collection/confirm', { token: accountant.access }))
        .status,
    ).toBe(200);
    expect((await controlReport()).filter((c) => c.difference !== '0.00')).toEqual([]);
  });

  it('ages them from their own dates, and a receipt collects them like any invoice; reversal is refused then', async () => {
    const aged = await t.request<{ data: BuyerAgedReport }>(
      'GET',
      `/reports/buyer/aged-details?as_at=${Y}-04-30`,
      { token: accountant.access },
    );
    const mine = aged.body.data.details.filter((d) => d.invoiceNo.startsWith('OLD-'));
    expect(mine).toHaveLength(10);
    expect(sum(mine.map((d) => d.balance)).toFixed(2)).toBe(outstanding);
    // Invoice 0: 10 January, due 10 February; at the opening date it is over 90 days old.
    expect(mine.find((d) => d.invoiceNo.endsWith('-0'))).toMatchObject({
      invoiceDate: `${Y}-01-10`,
      dueDate: `${Y}-02-10`,
      over90: '1000000.00',
    });
    // Invoice 5 gave no due date: the sales setting's 4 days after it.
    expect(mine.find((d) => d.invoiceNo.endsWith('-5'))?.dueDate).toBe(`${Y}-02-19`);

    const buyerId = buyerIds[0];
    // 1,500,000 from buyer 0: oldest first, invoice 0 (10 January) paid and 500,000 of invoice 9 (19 February).
    const receipt = await t.request<{ data: { allocated: string } }>('POST', '/sales/receipts', {
      token: officer.access,
      body: { buyerId, bankAccountId: bank, receiptDate: `${Y}-06-30`, amount: '1500000' },
    });
    expect(receipt.status).toBe(201);
    expect(receipt.body.data.allocated).toBe('1500000.00');
    const olam = await invoicesOf(buyerIds[0] ?? '');
    expect(olam.map((i) => [i.invoiceNo.slice(-1), i.status, i.paidAmount]).sort()).toEqual([
      ['0', 'paid', '1000000.00'],
      ['3', 'issued', '0.00'],
      ['6', 'issued', '0.00'],
      ['9', 'part_paid', '500000.00'],
    ]);
    expect((await controlReport()).filter((c) => c.difference !== '0.00')).toEqual([]);
    const statement = await buyerStatement(t.db, buyerId ?? '', `${Y}-01-01`, `${Y}-12-31`);
    expect(statement.lines.filter((l) => l.description === 'Opening invoice')).toHaveLength(4);
    expect(statement.closing).toBe('6600000.00');

    const open = olam.find((i) => i.status === 'issued');
    const cancel = await t.request<{ message: string }>('PATCH', `/sales/invoices/${open?.id}/cancel`, {
      token: admin.access,
      body: { reason: 'Not owed' },
    });
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('An opening invoice is taken out by reversing its opening import');

    const overview = await t.request<{ data: { imports: { id: string; kind: string; status: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    const standing = overview.body.data.imports.find(
      (i) => i.kind === 'buyer_invoices' && i.status === 'imported',
    );
    const refused = await reverse(standing?.id ?? '');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^BR-.+ is against opening invoice OLD-.+-0: the opening invoices can no longer be reversed$/,
    );
  });

  it('is for accountants of the union: a settlement officer and an AMCOS manager are refused', async () => {
    const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
    const sheet = csvSheet('invoices-x.csv', HEADER, invoiceRows.slice(0, 1));
    for (const session of [officer, manager])
      for (const step of ['preview', 'import'] as const)
        expect((await sendOpening(t, session, { kind: 'buyer_invoices', step }, sheet)).status).toBe(403);
  });
});
