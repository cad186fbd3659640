import type { FarmerLoan, SettlementDetails } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, type TestApp } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import {
  makeFarmers,
  makePaidLot,
  makeSettlementWorld,
  type SettlementWorld,
  startSettlementApp,
} from '../../../../test/settlement-fixtures.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../../accounts/opening/testing.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';

const Y = THIS_YEAR;
const HEADER = 'farmer_no,source,date_given,amount,already_recovered';
type Preview = {
  data: {
    rows: { row: number; fate: string; detail: string | null }[];
    totalDebit: string;
    problem: string | null;
  };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Check = {
  data: {
    agreed: boolean;
    checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
  };
};

let t: TestApp;
let admin: Session;
let officer: Session;
let finance: Session;
let accountant: Session;
let world: SettlementWorld;
let farmers: { id: string; farmerNo: string; name: string }[];
let loanRows: string[];
let outstanding: string;

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  accountant = await sessionAs(t, 'Accountant');
  world = await makeSettlementWorld(t.db);
  farmers = await makeFarmers(
    t.db,
    world,
    Array.from({ length: 50 }, () => 'mobile' as const),
  );
  // 50 loans from last season: farmer i owes 100,000 + 1,000 i; every fifth repaid 20,000 already.
  loanRows = farmers.map(
    (f, i) =>
      `${f.farmerNo},${i % 2 === 0 ? 'distribution' : 'cash_advance'},${Y}-0${1 + (i % 4)}-1${i % 9},${100_000 + 1_000 * i},${i % 5 === 0 ? 20_000 : 0}`,
  );
  // sum(100,000 + 1,000 i) for i < 50 = 5,000,000 + 1,225,000; ten loans repaid 20,000 each.
  outstanding = sum([5_000_000, 1_225_000, -200_000]).toFixed(2);
  const openingAccount = await makeOpeningAccount(t, admin, 'collection');
  expect((await goLiveOn(t, accountant, 'collection', `${Y}-05-01`, openingAccount)).status).toBe(200);
});
afterAll(() => t.close());

describe('going live: farmers’ outstanding loans (#36)', () => {
  it('dry-runs each loan: unknown farmer, bad date, after the opening date, more recovered than lent, bad source', async () => {
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'farmer_loans', step: 'preview' },
      csvSheet('loans-bad.csv', HEADER, [
        loanRows[0] ?? '',
        `NOPE-00001,,${Y}-03-01,1000,0`,
        `${farmers[1]?.farmerNo},,${Y}-02-31,1000,0`,
        `${farmers[1]?.farmerNo},,${Y}-05-01,1000,0`,
        `${farmers[1]?.farmerNo},,${Y}-03-01,1000,1500`,
        `${farmers[1]?.farmerNo},seeds,${Y}-03-01,1000,0`,
        `${farmers[1]?.farmerNo},,${Y}-03-01,1000,1000`,
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail])).toEqual([
      [2, 'ok', null],
      [3, 'unknown_code', null],
      [4, 'bad_date', 'date_given'],
      [5, 'after_opening', null],
      [6, 'more_than_amount', null],
      [7, 'bad_source', null],
      [8, 'zero', null],
    ]);
  });

  it('imports 50 loans whole, no posting, and they tie to the opening trial balance; the book goes live', async () => {
    const loans = csvSheet('loans.csv', HEADER, loanRows);
    const r = await sendOpening<Imported>(t, accountant, { kind: 'farmer_loans', step: 'import' }, loans);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 50, total: outstanding, entryId: null });
    expect((await sendOpening(t, accountant, { kind: 'farmer_loans', step: 'import' }, loans)).status).toBe(
      409,
    );
    const listed = await t.request<Listed<FarmerLoan>>(
      'GET',
      '/payments/loans?outstanding=true&per_page=100',
      {
        token: officer.access,
      },
    );
    expect(listed.body.meta.total).toBe(50);
    expect(listed.body.data.every((l) => l.status === 'active')).toBe(true);

    // Before the trial balance: the loans are a sub-ledger without its control figure.
    const before = await t.request<Check>('GET', '/accounts/opening/books/collection/check', {
      token: accountant.access,
    });
    expect(before.body.data.checks.find((c) => c.key === 'farmer_loans')).toMatchObject({
      controlBalance: '0.00',
      subledgerBalance: outstanding,
    });
    // The Collection book at 30 April: loans 6,025,000 + bank 2,000,000 = members' fund 8,025,000.
    const tb = csvSheet('collection-tb.csv', 'account_code,account_name,debit,credit', [
      `1401,Farmer input loans,${outstanding},`,
      '1101,Crop collection bank account,2000000,',
      `3101,Collection fund balance,,${dec(outstanding).plus(2_000_000).toFixed(2)}`,
    ]);
    expect(
      (await sendOpening(t, accountant, { kind: 'trial_balance', step: 'import', book: 'collection' }, tb))
        .status,
    ).toBe(200);
    const after = await t.request<Check>('GET', '/accounts/opening/books/collection/check', {
      token: accountant.access,
    });
    expect(after.body.data.agreed).toBe(true);
    expect(after.body.data.checks.find((c) => c.key === 'farmer_loans')).toMatchObject({
      controlBalance: outstanding,
      subledgerBalance: outstanding,
      difference: '0.00',
    });
    const live = await t.request('PATCH', '/accounts/opening/books/collection/confirm', {
      token: accountant.access,
    });
    expect(live.status).toBe(200);
    const report = await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      { token: accountant.access },
    );
    expect(report.body.data.checks.every((c) => c.difference === '0.00')).toBe(true);
  });

  it('the next settlement recovers a migrated loan exactly like a new one', async () => {
    const [first] = farmers;
    if (!first) throw new Error('no farmer');
    // Farmer 0 owes 100,000 - 20,000 = 80,000; 300 kg at 2,000 = 600,000 gross.
    await makePaidLot(t.db, world, { collections: [{ farmerId: first.id, kg: '300.000' }], price: '2000' });
    const draft = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
      token: officer.access,
      body: { amcosId: world.amcosId },
    });
    expect(draft.status).toBe(201);
    const approved = await t.request<{ data: SettlementDetails }>(
      'PATCH',
      `/payments/settlements/${draft.body.data.id}/approve`,
      { token: finance.access },
    );
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved', loanRecovery: '80000.00' });
    const loans = await t.request<Listed<FarmerLoan>>('GET', `/payments/loans?farmer_id=${first.id}`, {
      token: officer.access,
    });
    expect(loans.body.data[0]).toMatchObject({ amount: '100000.00', recovered: '100000.00' });
    const report = await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
      'GET',
      '/reports/control-accounts',
      { token: accountant.access },
    );
    expect(report.body.data.checks.find((c) => c.key === 'farmer_loans')?.difference).toBe('0.00');

    const overview = await t.request<{ data: { imports: { id: string; kind: string }[] } }>(
      'GET',
      '/accounts/opening',
      {
        token: accountant.access,
      },
    );
    const loansImport = overview.body.data.imports.find((i) => i.kind === 'farmer_loans');
    const reverse = await t.request('PATCH', `/accounts/opening/imports/${loansImport?.id}/reverse`, {
      token: accountant.access,
      body: { reason: 'Wrong season' },
    });
    expect(reverse.status).toBe(409);
    expect(reverse.body.message).toMatch(/^A settlement recovers loan LN-/);
  });
});
