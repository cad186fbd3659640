import type { BuyerReceiptDetail } from '@ushirika/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { uniq } from '../../../../test/master-data.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';
import { buyers } from '../buyers/schema.ts';
import { buyerStatement } from '../buyers/statement.ts';

const Y = THIS_YEAR;
const HEADER = 'buyer_code,reference,date_received,amount,already_allocated,bank_account_code';
const INVOICES = 'buyer_code,invoice_no,invoice_date,due_date,amount,already_paid';
type Preview = {
  data: {
    rows: { row: number; fate: string; detail: string | null; credit: string | null }[];
    totalCredit: string;
  };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: {
    agreed: boolean;
    checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
  };
};
type Receipt = BuyerReceiptDetail;
type Invoice = { id: string; invoiceNo: string; status: string; total: string; paidAmount: string };

let t: TestApp;
let admin: Session;
let accountant: Session;
let officer: Session;
let codes: string[];
let buyerIds: string[];
let tag: string;

const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Credits entered again' },
  });
const check = async () =>
  (await t.request<Check>('GET', '/accounts/opening/books/collection/check', { token: accountant.access }))
    .body.data;
const receiptsOf = async (buyerId: string) =>
  (
    await t.request<{ data: Receipt[] }>('GET', `/sales/receipts?buyer_id=${buyerId}`, {
      token: officer.access,
    })
  ).body.data;
const creditRows = () => [
  `${codes[0]},OLD-RC-${tag}-1,${Y}-04-02,3000000,1000000,1101`,
  `${codes[1]},OLD-RC-${tag}-2,${Y}-03-15,500000,0,1101`,
];

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  accountant = await sessionAs(t, 'Accountant');
  officer = await sessionAs(t, 'Settlement Officer');
  tag = uniq();
  codes = ['OLAM', 'ETG'].map((c) => `${c}${tag}`);
  const made = await t.db
    .insert(buyers)
    .values(
      codes.map((code, i) => ({
        name: `Credit buyer ${i} ${tag}`,
        licenceNo: `LIC-${code}`,
        bidCode: code,
        licenceExpiresOn: '2099-12-31',
      })),
    )
    .returning({ id: buyers.id });
  buyerIds = made.map((b) => b.id);
  const openingAccount = await makeOpeningAccount(t, admin, 'collection');
  expect((await goLiveOn(t, accountant, 'collection', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

describe('going live: buyers’ unallocated credits (#36)', () => {
  it('dry-runs each credit: unknown buyer or bank, not a bank account, dates, the same reference twice, figures, allocated in full', async () => {
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'buyer_credits', step: 'preview' },
      csvSheet('credits-bad.csv', HEADER, [
        creditRows()[0] ?? '',
        `NOBODY,X-1,${Y}-03-01,1000,0,1101`,
        `${codes[1]},X-2,${Y}-03-01,1000,0,9999`,
        `${codes[1]},X-3,${Y}-03-01,1000,0,1401`,
        `${codes[1]},X-4,${Y}-02-30,1000,0,1101`,
        `${codes[1]},X-5,${Y}-05-01,1000,0,1101`,
        creditRows()[0] ?? '',
        `${codes[1]},X-6,${Y}-03-01,12abc,0,1101`,
        `${codes[1]},X-7,${Y}-03-01,1000,1500,1101`,
        `${codes[1]},X-8,${Y}-03-01,1000,1000,1101`,
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail, x.credit])).toEqual([
      [2, 'ok', null, '2000000.00'],
      [3, 'unknown_code', 'buyer_code', null],
      [4, 'unknown_code', 'bank_account_code', null],
      [5, 'not_bank', null, null],
      [6, 'bad_date', 'date_received', null],
      [7, 'after_opening', null, null],
      [8, 'duplicate', '2', null],
      [9, 'not_a_number', 'amount', null],
      [10, 'more_than_amount', null, '-500.00'],
      [11, 'zero', null, '0.00'],
    ]);
    expect(r.body.data.totalCredit).toBe('2000000.00');
    expect(await receiptsOf(buyerIds[0] ?? '')).toEqual([]);
  });

  it('imports the credits whole as unallocated receipts, nothing posted; with the open invoices they tie to the trial balance at 0.00', async () => {
    const sheet = csvSheet('credits.csv', HEADER, creditRows());
    const r = await sendOpening<Imported>(t, accountant, { kind: 'buyer_credits', step: 'import' }, sheet);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 2, total: '2500000.00', entryId: null });
    expect((await sendOpening(t, accountant, { kind: 'buyer_credits', step: 'import' }, sheet)).status).toBe(
      409,
    );
    const [credit] = await receiptsOf(buyerIds[0] ?? '');
    expect(credit).toMatchObject({
      receiptDate: `${Y}-04-02`,
      amount: '2000000.00',
      allocated: '0.00',
      unallocated: '2000000.00',
      reference: `OLD-RC-${tag}-1`,
      journalEntryId: null,
    });
    expect(credit?.receiptNo).toMatch(new RegExp(`^BR-${Y}-`));

    // Buyer 0 also owes an old invoice of 5,000,000: the receivable is 5,000,000 - 2,500,000.
    expect(
      (
        await sendOpening(
          t,
          accountant,
          { kind: 'buyer_invoices', step: 'import' },
          csvSheet('invoices.csv', INVOICES, [`${codes[0]},OLD-INV-${tag},${Y}-03-01,,5000000,0`]),
        )
      ).status,
    ).toBe(200);
    const before = await check();
    expect(before.checks.find((c) => c.key === 'buyer_receivables')).toMatchObject({
      subledgerBalance: '2500000.00',
    });
    const tb = csvSheet('collection-tb.csv', 'account_code,account_name,debit,credit', [
      '1201,Buyer receivables,2500000,',
      '1101,Crop collection bank account,4000000,',
      '3101,Collection fund balance,,6500000',
    ]);
    expect(
      (await sendOpening(t, accountant, { kind: 'trial_balance', step: 'import', book: 'collection' }, tb))
        .status,
    ).toBe(200);
    const after = await check();
    expect(after.checks.find((c) => c.key === 'buyer_receivables')).toMatchObject({
      controlBalance: '2500000.00',
      difference: '0.00',
    });
    expect(after.agreed).toBe(true);
    const statement = await buyerStatement(t.db, buyerIds[0] ?? '', `${Y}-01-01`, `${Y}-12-31`);
    expect(statement.lines.map((l) => [l.description, l.debit, l.credit])).toEqual([
      ['Opening invoice', '5000000.00', '0.00'],
      [`Opening credit OLD-RC-${tag}-1`, '0.00', '2000000.00'],
    ]);
  });

  it('an opening credit is allocated to an invoice like any receipt’s credit; then it can no longer be reversed', async () => {
    const [credit] = await receiptsOf(buyerIds[0] ?? '');
    const allocated = await t.request<{ data: Receipt }>('POST', `/sales/receipts/${credit?.id}/allocate`, {
      token: officer.access,
      body: {},
    });
    expect(allocated.status).toBe(200);
    expect(allocated.body.data).toMatchObject({ allocated: '2000000.00', unallocated: '0.00' });
    const invoices = await t.request<{ data: Invoice[] }>('GET', `/sales/invoices?buyer_id=${buyerIds[0]}`, {
      token: officer.access,
    });
    expect(invoices.body.data[0]).toMatchObject({
      status: 'part_paid',
      total: '5000000.00',
      paidAmount: '2000000.00',
    });
    const report = await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      { token: accountant.access },
    );
    expect(report.body.data.checks.every((c) => c.difference === '0.00')).toBe(true);

    const overview = await t.request<{ data: { imports: { id: string; kind: string; status: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    const credits = overview.body.data.imports.find((i) => i.kind === 'buyer_credits');
    if (!credits) throw new Error('no credits import');
    const refused = await reverse(credits.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      `Opening credit ${credit?.receiptNo} is allocated to an invoice: the opening credits can no longer be reversed`,
    );
  });

  it('reverses whole while nothing is allocated, and only the union’s accountants import credits', async () => {
    const sheet = csvSheet('credits-more.csv', HEADER, [
      `${codes[1]},OLD-RC-${tag}-9,${Y}-04-20,700000,0,1101`,
    ]);
    expect((await sendOpening(t, officer, { kind: 'buyer_credits', step: 'preview' }, sheet)).status).toBe(
      403,
    );
    const r = await sendOpening<Imported>(t, accountant, { kind: 'buyer_credits', step: 'import' }, sheet);
    expect(r.status).toBe(200);
    expect((await receiptsOf(buyerIds[1] ?? '')).map((x) => x.amount).sort()).toEqual([
      '500000.00',
      '700000.00',
    ]);
    expect((await reverse(r.body.data.id)).status).toBe(200);
    expect((await receiptsOf(buyerIds[1] ?? '')).map((x) => x.amount)).toEqual(['500000.00']);
  });
});
