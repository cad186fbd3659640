import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, type TestApp, useTestApp } from '../../../../test/harness.ts';
import { accountId, draftEntry, postedEntry, THIS_YEAR } from '../testing.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from './testing.ts';

const Y = THIS_YEAR;
const HEADER = 'account_code,account_name,debit,credit';
const tb = (name: string, lines: string[]) => csvSheet(name, HEADER, lines);
type Preview = {
  data: {
    rows: { row: number; fate: string; reference: string; detail: string | null }[];
    accepted: number;
    refused: number;
    totalDebit: string;
    totalCredit: string;
    difference: string;
    problem: string | null;
  };
};
type Imported = {
  data: { id: string; status: string; entryId: string; entryNumber: string; rows: number; total: string };
};
type Tb = { data: { rows: { code: string; closingDebit: string; closingCredit: string }[] } };

let t: TestApp;
let admin: Session;
let accountant: Session;
let checker: Session;
let openingAccount: string;

useTestApp(async (started) => {
  ({ t, admin } = started);
});
beforeAll(async () => {
  accountant = await sessionAs(t, 'Accountant');
  checker = await sessionAs(t, 'Finance Manager');
  openingAccount = await makeOpeningAccount(t, admin, 'operation');
});

// A union's Operation book at 30 April (hand-made): bank 7,500,000 + petty cash 250,000 + vehicles
// 42,000,000 + rent 3,000,000 = 52,750,000 debit; loans 20,000,000 + share capital 12,000,000 +
// reserve 20,750,000 = 52,750,000 credit.
const BALANCED = [
  '1101,Operation bank account,7500000,',
  '1102,Petty cash,"250,000.00",',
  '1501,Motor vehicles,42000000,',
  '5101,Office rent,3000000,',
  '2401,Bank loans,,20000000',
  '3101,Members share capital,,12000000',
  '3103,General reserve,,20750000',
  '4202,Other income,0,0',
];

describe('going live: the go-live date (#36)', () => {
  it('is refused for a date with entries already posted before it, and for a wrong account', async () => {
    await postedEntry(
      t,
      accountant,
      checker,
      [
        { accountId: await accountId(t, 'operation', '5301'), debit: '1000' },
        { accountId: await accountId(t, 'operation', '1101'), credit: '1000' },
      ],
      { entryDate: `${Y}-05-01` },
    );
    const late = await goLiveOn(t, accountant, 'operation', `${Y}-06-01`, openingAccount);
    expect(late.status).toBe(400);
    expect(late.body.message).toBe(
      `1 entries are already posted in the operation book before ${Y}-06-01: choose a later go-live date`,
    );
    const bank = await goLiveOn(
      t,
      accountant,
      'operation',
      `${Y}-05-01`,
      await accountId(t, 'operation', '1101'),
    );
    expect(bank.body.message).toBe('A bank or cash account cannot hold the opening balances');
    const otherBook = await goLiveOn(
      t,
      accountant,
      'operation',
      `${Y}-05-01`,
      await accountId(t, 'collection', '3101'),
    );
    expect(otherBook.body.message).toBe('Choose an active account of the operation book');
    const clerk = await sessionAs(t, 'Crop Officer');
    expect((await goLiveOn(t, clerk, 'operation', `${Y}-05-01`, openingAccount)).status).toBe(403);
  });

  it('once set, refuses every posting dated before it', async () => {
    const set = await goLiveOn(t, accountant, 'operation', `${Y}-05-01`, openingAccount);
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({
      goLiveDate: `${Y}-05-01`,
      openingDate: `${Y}-04-30`,
      status: 'setting_up',
    });
    const draft = await draftEntry(
      t,
      accountant,
      [
        { accountId: await accountId(t, 'operation', '5301'), debit: '500' },
        { accountId: await accountId(t, 'operation', '1101'), credit: '500' },
      ],
      { entryDate: `${Y}-04-15` },
    );
    expect(draft.status).toBe(201);
    const approve = await t.request('PATCH', `/accounts/journal-entries/${draft.body.data.id}/approve`, {
      token: checker.access,
    });
    expect(approve.status).toBe(400);
    expect(approve.body.message).toBe(
      `Nothing can be posted into the operation book before its go-live date ${Y}-05-01`,
    );
  });
});

describe('going live: the opening trial balance (#36)', () => {
  it('offers a template that opens as a spreadsheet with the columns in order', async () => {
    const file = await t.request('GET', '/accounts/opening/trial_balance/template?format=xlsx', {
      token: accountant.access,
    });
    expect(file.status).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.raw);
    const header = ((workbook.worksheets[0]?.getRow(1).values ?? []) as string[]).slice(1);
    expect(header.join(',')).toBe(HEADER);
  });

  it('dry-runs a file row by row and writes nothing', async () => {
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'trial_balance', step: 'preview', book: 'operation' },
      tb('bad.csv', [
        '1101,,1000,',
        '9999,Nowhere,50,',
        '3190,Opening balances,,10',
        '1102,,12abc,',
        '1501,,10,10',
        '1101,,5,',
        ',,1,',
        '4202,,,',
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', null],
      [3, 'unknown_code', null],
      [4, 'not_postable', null],
      [5, 'not_a_number', 'debit'],
      [6, 'both_sides', null],
      [7, 'duplicate', '2'],
      [8, 'missing', 'account_code'],
      [9, 'zero', null],
    ]);
    expect(r.body.data).toMatchObject({ accepted: 2, refused: 6 });
    expect(r.body.data.problem).toBe('6 of 8 rows cannot be imported; correct them and check the file again');
    const overview = await t.request<{ data: { imports: unknown[] } }>('GET', '/accounts/opening', {
      token: accountant.access,
    });
    expect(overview.body.data.imports).toEqual([]);
  });

  it('refuses an unbalanced file with its difference, and a file with a bad row, importing nothing', async () => {
    const unbalanced = tb('unbalanced.csv', [...BALANCED.slice(0, -2), '3103,General reserve,,20749900']);
    const preview = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'trial_balance', step: 'preview', book: 'operation' },
      unbalanced,
    );
    expect(preview.body.data).toMatchObject({ difference: '100.00', refused: 0 });
    const refused = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      unbalanced,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'The trial balance does not balance: debits 52750000.00, credits 52749900.00, difference 100.00',
    );
    const oneBad = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      tb('one-bad.csv', [...BALANCED, '9999,Nowhere,,']),
    );
    expect(oneBad.status).toBe(400);
    const overview = await t.request<{ data: { imports: unknown[] } }>('GET', '/accounts/opening', {
      token: accountant.access,
    });
    expect(overview.body.data.imports).toEqual([]);
  });

  it('posts a balanced file as one entry the day before go-live, the opening account back at zero', async () => {
    const sheet = tb('operation-tb.csv', BALANCED);
    const r = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      sheet,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'imported', rows: 8, total: '52750000.00' });
    expect(r.body.data.entryNumber).toMatch(/^JV-/);
    const entry = await t.request<{ data: { entryDate: string; status: string; total: string } }>(
      'GET',
      `/accounts/journal-entries/${r.body.data.entryId}`,
      { token: accountant.access },
    );
    expect(entry.body.data).toMatchObject({
      entryDate: `${Y}-04-30`,
      status: 'posted',
      total: '105500000.00',
    });
    const trial = await t.request<Tb>('GET', `/reports/trial-balance?book=operation&as_at=${Y}-04-30`, {
      token: accountant.access,
    });
    const row = (code: string) => trial.body.data.rows.find((x) => x.code === code);
    expect(row('1102')).toMatchObject({ closingDebit: '250000.00' });
    expect(row('3103')).toMatchObject({ closingCredit: '20750000.00' });
    expect([row('3190')?.closingDebit ?? '0.00', row('3190')?.closingCredit ?? '0.00']).toEqual([
      '0.00',
      '0.00',
    ]);
    const overview = await t.request<{ data: { books: { book: string; openingAccountBalance: string }[] } }>(
      'GET',
      '/accounts/opening',
      { token: accountant.access },
    );
    expect(overview.body.data.books.find((b) => b.book === 'operation')?.openingAccountBalance).toBe('0.00');

    const again = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      sheet,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This file is already imported');
    const another = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      tb('other.csv', ['5101,,10,', '3103,,,10']),
    );
    expect(another.status).toBe(409);
    expect(another.body.message).toBe(
      'This book already has an opening trial balance: reverse it to import another',
    );
  });

  it('is for accountants of the union only', async () => {
    const officer = await sessionAs(t, 'Crop Officer');
    const r = await sendOpening(
      t,
      officer,
      { kind: 'trial_balance', step: 'preview', book: 'operation' },
      tb('x.csv', BALANCED),
    );
    expect(r.status).toBe(403);
    // An AMCOS user never sees the union's books, whatever their roles.
    const society = await makeAmcos(t, 'Opening AMCOS');
    const manager = await sessionAs(t, 'AMCOS Manager', { amcosId: society.id });
    expect((await t.request('GET', '/accounts/opening', { token: manager.access })).status).toBe(403);
    const check = await t.request('GET', '/accounts/opening/books/operation/check', {
      token: manager.access,
    });
    expect(check.status).toBe(403);
  });
});

type Check = {
  data: {
    agreed: boolean;
    openingAccountBalance: string;
    checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
  };
};
type Overview = {
  data: {
    books: { book: string; status: string; reversible: boolean }[];
    imports: { id: string; status: string; kind: string }[];
  };
};

describe('going live: the check, confirming at zero, reversing (#36)', () => {
  const standing = async () => {
    const o = await t.request<Overview>('GET', '/accounts/opening', { token: accountant.access });
    return o.body.data.imports.find((i) => i.status === 'imported');
  };
  const reverse = (id: string, reason: string) =>
    t.request<Imported & { message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
      token: accountant.access,
      body: { reason },
    });

  it('reverses an opening whole with a reason, and the same file may come in again', async () => {
    const imported = await standing();
    if (!imported) throw new Error('no standing import');
    expect((await reverse(imported.id, '')).status).toBe(400);
    const r = await reverse(imported.id, 'Petty cash was counted again');
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'reversed' });
    const trial = await t.request<Tb>('GET', `/reports/trial-balance?book=operation&as_at=${Y}-04-30`, {
      token: accountant.access,
    });
    const petty = trial.body.data.rows.find((x) => x.code === '1102');
    expect([petty?.closingDebit ?? '0.00', petty?.closingCredit ?? '0.00']).toEqual(['0.00', '0.00']);
    expect((await reverse(imported.id, 'Again')).status).toBe(409);
  });

  it('shows a control account the opening trial balance gives and its sub-ledger lacks; going live is refused', async () => {
    const r = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      tb('with-stock.csv', ['1301,Farm inputs inventory,5000000,', '3103,General reserve,,5000000']),
    );
    expect(r.status).toBe(200);
    const check = await t.request<Check>('GET', '/accounts/opening/books/operation/check', {
      token: accountant.access,
    });
    expect(check.body.data.agreed).toBe(false);
    expect(check.body.data.checks.find((c) => c.key === 'inventory')).toMatchObject({
      controlBalance: '5000000.00',
      subledgerBalance: '0.00',
      difference: '5000000.00',
    });
    const confirm = await t.request('PATCH', '/accounts/opening/books/operation/confirm', {
      token: accountant.access,
    });
    expect(confirm.status).toBe(409);
    expect(confirm.body.message).toBe(
      'Going live needs every control account equal to its sub-ledger: Inventory differs by 5000000.00',
    );
    expect((await reverse(r.body.data.id, 'Stock comes with its sub-ledger')).status).toBe(200);
  });

  it('goes live at zero; then openings cannot be imported, and once the period is locked none can be reversed', async () => {
    const again = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'trial_balance', step: 'import', book: 'operation' },
      tb('operation-tb.csv', BALANCED),
    );
    expect(again.status).toBe(200);
    // The share capital of 12,000,000 is the union's members' (#32): the register brings them in
    // with the shares they paid before going live, which post nothing.
    const before = await t.request<Check>('GET', '/accounts/opening/books/operation/check', {
      token: accountant.access,
    });
    expect(before.body.data.checks.find((c) => c.key === 'member_shares')?.difference).toBe('12000000.00');
    for (const [i, shares] of ['7000000', '5000000'].entries()) {
      const joined = await t.request('POST', '/members', {
        token: accountant.access,
        body: {
          society: 'union',
          memberAmcosId: (await makeAmcos(t, `Member ${i}`)).id,
          joinedOn: `${Y}-01-01`,
          sharesSubscribed: shares,
          openingSharesPaid: shares,
        },
      });
      expect(joined.status).toBe(201);
    }
    const check = await t.request<Check>('GET', '/accounts/opening/books/operation/check', {
      token: accountant.access,
    });
    expect(check.body.data).toMatchObject({ agreed: true, openingAccountBalance: '0.00' });
    expect(check.body.data.checks.every((c) => c.difference === '0.00')).toBe(true);
    const confirm = await t.request<{ data: { status: string } }>(
      'PATCH',
      '/accounts/opening/books/operation/confirm',
      {
        token: accountant.access,
      },
    );
    expect(confirm.status).toBe(200);
    expect(confirm.body.data.status).toBe('live');
    const late = await sendOpening(
      t,
      accountant,
      { kind: 'trial_balance', step: 'preview', book: 'operation' },
      tb('late.csv', ['5101,,1,', '3103,,,1']),
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The operation book is live: its openings cannot change');

    const years = await t.request<{ data: { id: string; startDate: string }[] }>('GET', '/financial-years', {
      token: admin.access,
    });
    const year = years.body.data.find((y) => y.startDate === `${Y}-01-01`);
    if (!year) throw new Error('no year');
    const lock = await t.request('PATCH', `/financial-years/${year.id}`, {
      token: admin.access,
      body: { operationLockedUntil: `${Y}-05-31` },
    });
    expect(lock.status).toBe(200);
    const overview = await t.request<Overview>('GET', '/accounts/opening', { token: accountant.access });
    expect(overview.body.data.books.find((b) => b.book === 'operation')?.reversible).toBe(false);
    const refused = await reverse(again.body.data.id, 'Too late');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'The first period after go-live is closed: openings can no longer change',
    );
  });
});
