import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { csvSheet, goLiveOn, makeOpeningAccount, sendOpening } from '../opening/testing.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

const Y = THIS_YEAR;
const HEADER = 'account_code,balance';
const BASE = '/accounts/bank-reconciliation';
type Preview = {
  data: {
    rows: { row: number; fate: string; detail: string | null; debit: string | null; credit: string | null }[];
  };
};
type Imported = { data: { id: string; rows: number; total: string; entryId: string | null } };
type Reconciliation = {
  id: string;
  status: string;
  statementDate: string;
  balancePerBank: string;
  balancePerBooks: string;
  uncreditedDeposits: string;
  difference: string;
};

let t: TestApp;
let admin: Session;
let accountant: Session;
let bank: string;
let trialBalanceId: string;

const balances = csvSheet('banks.csv', HEADER, ['1101,7500000', '1102,"250,000.00"']);
const reverse = (id: string) =>
  t.request<{ message: string }>('PATCH', `/accounts/opening/imports/${id}/reverse`, {
    token: accountant.access,
    body: { reason: 'Bank balances entered again' },
  });
const reconcile = (statementDate: string, statementBalance: string) =>
  t.request<{ data: Reconciliation; message: string }>('POST', `${BASE}/reconciliations`, {
    token: accountant.access,
    body: { accountId: bank, statementDate, statementBalance },
  });

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  accountant = await sessionAs(t, 'Accountant');
  bank = await accountId(t, 'operation', '1101');
  const openingAccount = await makeOpeningAccount(t, admin, 'operation');
  expect((await goLiveOn(t, accountant, 'operation', `${Y}-05-01`, openingAccount)).status).toBe(200);
  const tb = await sendOpening<Imported>(
    t,
    accountant,
    { kind: 'trial_balance', step: 'import', book: 'operation' },
    csvSheet('operation-tb.csv', 'account_code,account_name,debit,credit', [
      '1101,Operation bank account,7500000,',
      '1102,Petty cash,250000,',
      '3103,General reserve,,7750000',
    ]),
  );
  expect(tb.status).toBe(200);
  trialBalanceId = tb.body.data.id;
});
afterAll(() => t.close());

describe('going live: bank balances, where each reconciliation starts (#36)', () => {
  it('dry-runs each balance: unknown code, not a bank, twice, not a number, other than the trial balance', async () => {
    const r = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'bank_balances', step: 'preview', book: 'operation' },
      csvSheet('banks-bad.csv', HEADER, [
        '1101,7500000',
        '9999,1',
        '1501,42000000',
        '1101,7500000',
        '1102,-40000',
      ]),
    );
    expect(r.status).toBe(200);
    expect(r.body.data.rows.map((x) => [x.row, x.fate, x.detail, x.debit, x.credit])).toEqual([
      [2, 'ok', null, '7500000.00', null],
      [3, 'unknown_code', null, null, null],
      [4, 'not_bank', null, null, null],
      [5, 'duplicate', '2', null, null],
      [6, 'differs', '250000.00', null, '40000.00'],
    ]);
    const word = await sendOpening<Preview>(
      t,
      accountant,
      { kind: 'bank_balances', step: 'preview', book: 'operation' },
      csvSheet('banks-word.csv', HEADER, ['1102,lots']),
    );
    expect(word.body.data.rows.map((x) => [x.fate, x.detail])).toEqual([['not_a_number', 'balance']]);
  });

  it('starts each account’s reconciliation at the opening date: the next one counts no opening item outstanding', async () => {
    const r = await sendOpening<Imported>(
      t,
      accountant,
      { kind: 'bank_balances', step: 'import', book: 'operation' },
      balances,
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ rows: 2, total: '7750000.00', entryId: null });
    const list = await t.request<{ data: Reconciliation[] }>(
      'GET',
      `${BASE}/reconciliations?account_id=${bank}`,
      {
        token: accountant.access,
      },
    );
    expect(list.body.data.map((x) => [x.statementDate, x.status])).toEqual([[`${Y}-04-30`, 'closed']]);

    // An earlier date than the starting point is refused; a later one balances with nothing outstanding.
    expect((await reconcile(`${Y}-04-15`, '7500000.00')).status).toBe(400);
    const next = await reconcile(`${Y}-05-31`, '7500000.00');
    expect(next.status).toBe(201);
    expect(next.body.data).toMatchObject({
      balancePerBank: '7500000.00',
      balancePerBooks: '7500000.00',
      uncreditedDeposits: '0.00',
      difference: '0.00',
    });
    // The trial balance the bank lines are matched to cannot go first.
    const first = await reverse(trialBalanceId);
    expect(first.status).toBe(409);
    expect(first.body.message).toBe('Reverse the bank balances first: they start from this trial balance');
    // Reconciled since go-live: the starting point stays.
    expect((await reverse(r.body.data.id)).status).toBe(409);
    const close = await t.request('PATCH', `${BASE}/reconciliations/${next.body.data.id}/close`, {
      token: accountant.access,
    });
    expect(close.status).toBe(200);
    const refused = await reverse(r.body.data.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Account 1101 has been reconciled since go-live: the bank balances can no longer be reversed',
    );
  });
});

describe('going live: bank balances reversed before any reconciliation (#36)', () => {
  it('takes the starting points out whole, and they may come in again', async () => {
    const other = await startTestApp();
    try {
      const a = await sessionAs(other, 'Administrator');
      const acc = await sessionAs(other, 'Accountant');
      const openingAccount = await makeOpeningAccount(other, a, 'operation');
      await goLiveOn(other, acc, 'operation', `${Y}-05-01`, openingAccount);
      await sendOpening(
        other,
        acc,
        { kind: 'trial_balance', step: 'import', book: 'operation' },
        csvSheet('tb.csv', 'account_code,account_name,debit,credit', [
          '1101,,7500000,',
          '1102,,250000,',
          '3103,,,7750000',
        ]),
      );
      const imported = await sendOpening<Imported>(
        other,
        acc,
        { kind: 'bank_balances', step: 'import', book: 'operation' },
        balances,
      );
      expect(imported.status).toBe(200);
      const back = await other.request(
        'PATCH',
        `/accounts/opening/imports/${imported.body.data.id}/reverse`,
        {
          token: acc.access,
          body: { reason: 'Wrong statement' },
        },
      );
      expect(back.status).toBe(200);
      const list = await other.request<{ data: unknown[] }>('GET', `${BASE}/reconciliations`, {
        token: acc.access,
      });
      expect(list.body.data).toEqual([]);
      const again = await sendOpening(
        other,
        acc,
        { kind: 'bank_balances', step: 'import', book: 'operation' },
        balances,
      );
      expect(again.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
