import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { TODAY } from '../testing.ts';

let t: TestApp;
let accountant: Session;
let auditor: Session;
type Group = { id: string; code: string; name: string; type: string };
type Account = {
  id: string;
  code: string;
  name: string;
  nameSw?: string | null;
  book: string;
  type: string;
  isBankOrCash: boolean;
  active: boolean;
};
beforeAll(async () => {
  t = await startTestApp();
  [accountant, auditor] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Auditor')]);
});
afterAll(() => t.close());

const get = <T>(path: string, token = accountant.access) => t.request<T>('GET', path, { token });

describe('the seeded chart', () => {
  it('has five classes, by type, and groups by type', async () => {
    const classes = await get<{
      data: { code: string; name: string; type: string; normalBalance: string }[];
    }>('/accounts/classes');
    expect(classes.body.data.map((c) => [c.code, c.name, c.normalBalance])).toEqual([
      ['1', 'Assets', 'debit'],
      ['2', 'Liabilities', 'credit'],
      ['3', 'Equity', 'credit'],
      ['4', 'Income', 'credit'],
      ['5', 'Expenses', 'debit'],
    ]);
    const byType = await get<{ data: { type: string; classes: unknown[] }[] }>(
      '/accounts/classes-by-type?type=income',
    );
    expect(byType.body.data).toMatchObject([{ type: 'income', classes: [{ name: 'Income' }] }]);
    const groups = await get<{ data: { type: string; groups: Group[] }[] }>('/accounts/groups-by-type');
    expect(groups.body.data.map((g) => g.type)).toEqual([
      'asset',
      'liability',
      'equity',
      'income',
      'expense',
    ]);
    expect(groups.body.data[0]?.groups.map((g) => g.code)).toEqual(['11', '12', '13', '14', '15']);
  });

  it('has both books, with bank and cash accounts and revenue/expense pickers', async () => {
    const collection = await get<{ data: Account[]; meta: { total: number } }>(
      '/accounts?book=collection&per_page=100',
    );
    // 13 + 2105 Due to Operation book (#16)
    expect(collection.body.meta.total).toBe(14);
    expect(collection.body.data.find((a) => a.code === '2105')?.name).toBe('Due to Operation book');
    expect(collection.body.data.find((a) => a.code === '2201')).toMatchObject({
      name: 'Crop proceeds payable',
      type: 'liability',
    });
    const banks = await get<{ data: Account[] }>('/accounts/cash-or-bank?book=operation');
    expect(banks.body.data.map((a) => a.code)).toEqual(['1101', '1102']);
    const options = await get<{ data: { code: string; book: string }[] }>('/bank-or-cash/accounts');
    expect(options.body.data.map((a) => `${a.book}:${a.code}`)).toEqual([
      'collection:1101',
      'collection:1102',
      'operation:1101',
      'operation:1102',
    ]);
    const re = await get<{ data: Account[] }>('/accounts/revenue-and-expense?book=operation');
    expect(re.body.data.every((a) => a.type === 'income' || a.type === 'expense')).toBe(true);
    const reOptions = await get<{ data: unknown[] }>('/revenue-and-expense/accounts?book=operation');
    expect(reOptions.body.data).toHaveLength(re.body.data.length);
  });

  it('maps every posting role to an account of its book', async () => {
    const r = await get<{ data: { key: string; book: string; accountCode: string | null }[] }>(
      '/accounts/mappings',
    );
    expect(r.body.data.find((m) => m.key === 'buyer_receivable')).toEqual(
      expect.objectContaining({ book: 'collection', accountCode: '1201' }),
    );
    expect(r.body.data.every((m) => m.accountCode !== null)).toBe(true);
  });
});

describe('maintaining the chart', () => {
  it('creates and updates groups, accounts, currencies and rates with SPEC messages', async () => {
    const [cls] = (await get<{ data: { id: string }[] }>('/accounts/classes')).body.data;
    const group = await t.request<{ message: string; data: Group }>('POST', '/accounts/groups', {
      token: accountant.access,
      body: { code: '16', name: 'Investments', classId: cls?.id },
    });
    expect(group.status).toBe(201);
    expect(group.body.message).toBe('Account group created successfully');
    const renamed = await t.request<{ message: string }>('PATCH', `/accounts/groups/${group.body.data.id}`, {
      token: accountant.access,
      body: { name: 'Long-term investments' },
    });
    expect(renamed.body.message).toBe('Account group updated successfully');
    const account = await t.request<{ message: string; data: Account }>('POST', '/accounts', {
      token: accountant.access,
      body: { code: '1601', name: 'Shares in CRDB', book: 'operation', groupId: group.body.data.id },
    });
    expect(account.status).toBe(201);
    expect(account.body.message).toBe('Account created successfully');
    expect(account.body.data).toMatchObject({
      code: '1601',
      book: 'operation',
      currency: 'TZS',
      type: 'asset',
      groupName: 'Long-term investments',
    });
    const updated = await t.request<{ message: string; data: Account }>(
      'PATCH',
      `/accounts/${account.body.data.id}`,
      {
        token: accountant.access,
        body: { active: false },
      },
    );
    expect(updated.body.message).toBe('Account updated successfully');
    expect(updated.body.data.active).toBe(false);
    const currency = await t.request<{ message: string; data: { id: string } }>(
      'POST',
      '/accounts/multi-currencies',
      {
        token: accountant.access,
        body: { code: 'kes', name: 'Kenyan shilling', symbol: 'KSh' },
      },
    );
    expect(currency.status).toBe(201);
    expect(currency.body.message).toBe('Currency created successfully');
    const currencyUpdate = await t.request<{ message: string }>(
      'PATCH',
      `/accounts/multi-currencies/${currency.body.data.id}`,
      {
        token: accountant.access,
        body: { symbol: 'Ksh' },
      },
    );
    expect(currencyUpdate.body.message).toBe('Currency updated successfully');
    const rate = await t.request<{ message: string; data: { id: string; rate: string } }>(
      'POST',
      '/accounts/exchange-rates',
      {
        token: accountant.access,
        body: { currency: 'KES', rateDate: TODAY, rate: '19.85' },
      },
    );
    expect(rate.body.message).toBe('Exchange rate created successfully');
    expect(rate.body.data.rate).toBe('19.850000');
    const rateUpdate = await t.request<{ message: string; data: { rate: string } }>(
      'PATCH',
      `/accounts/exchange-rates/${rate.body.data.id}`,
      {
        token: accountant.access,
        body: { rate: '19.9' },
      },
    );
    expect(rateUpdate.body).toMatchObject({
      message: 'Exchange rate updated successfully',
      data: { rate: '19.900000' },
    });
    const one = await get<{ data: { rate: string } }>(`/accounts/exchange-rates/${rate.body.data.id}`);
    expect(one.body.data.rate).toBe('19.900000');
    const history = await get<{ data: { action: string }[] }>(
      `/audit/account/${account.body.data.id}`,
      auditor.access,
    );
    expect(history.body.data.map((h) => h.action)).toEqual(['created', 'updated']);
  });

  it('refuses duplicates and bad input, writing nothing', async () => {
    const [{ n: before } = { n: '' }] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from accounts`,
    );
    const groups = (await get<{ data: Group[] }>('/accounts/groups?per_page=100')).body.data;
    const dup = await t.request('POST', '/accounts', {
      token: accountant.access,
      body: { code: '1101', name: 'Again', book: 'operation', groupId: groups[0]?.id },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('The operation book already has an account 1101');
    const badBook = await t.request('POST', '/accounts', {
      token: accountant.access,
      body: { code: '9', name: 'x', book: 'other', groupId: groups[0]?.id },
    });
    expect(badBook.status).toBe(400);
    const badCurrency = await t.request('POST', '/accounts', {
      token: accountant.access,
      body: {
        code: '1199',
        name: 'Euro account',
        book: 'operation',
        groupId: groups[0]?.id,
        currency: 'EUR',
      },
    });
    expect(badCurrency.body.message).toBe('The currency EUR is not set up');
    const dupRate = await t.request('POST', '/accounts/exchange-rates', {
      token: accountant.access,
      body: { currency: 'USD', rateDate: TODAY, rate: '0' },
    });
    expect(dupRate.status).toBe(400);
    expect(dupRate.body.message).toBe('The rate must be above zero');
    const [{ n: after } = { n: '' }] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from accounts`,
    );
    expect(after).toBe(before);
    const readOnly = await t.request('POST', '/accounts/multi-currencies', {
      token: auditor.access,
      body: { code: 'EUR', name: 'Euro' },
    });
    expect(readOnly.status).toBe(403);
  });

  it('changes a mapping only to an active account of the right book', async () => {
    const accounts = (await get<{ data: Account[] }>('/accounts?book=operation&per_page=200')).body.data;
    const petty = accounts.find((a) => a.code === '1102');
    const wrong = await t.request('PUT', '/accounts/mappings', {
      token: accountant.access,
      body: { mappings: [{ key: 'collection_bank', accountId: petty?.id }] },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Choose an account of the collection book');
    const ok = await t.request<{ message: string; data: { key: string; accountCode: string }[] }>(
      'PUT',
      '/accounts/mappings',
      {
        token: accountant.access,
        body: { mappings: [{ key: 'operation_bank', accountId: petty?.id }] },
      },
    );
    expect(ok.body.message).toBe('Account mappings updated successfully');
    expect(ok.body.data.find((m) => m.key === 'operation_bank')?.accountCode).toBe('1102');
  });
});

describe('reference data in Swahili (#20)', () => {
  it('gives the default accounts and crops a Swahili name beside the English one; pickers show the reader language', async () => {
    const listed = await get<{ data: Account[] }>('/accounts?book=collection&per_page=100');
    expect(listed.body.data.find((a) => a.code === '1201')).toMatchObject({
      name: 'Buyer receivables',
      nameSw: 'Madai kwa wanunuzi',
    });
    expect(listed.body.data.every((a) => Boolean(a.nameSw))).toBe(true);
    const options = async (lang: 'en' | 'sw') =>
      (
        await t.request<{ data: { code: string; name: string }[] }>(
          'GET',
          '/bank-or-cash/accounts?book=operation',
          { token: accountant.access, lang },
        )
      ).body.data.find((o) => o.code === '1102')?.name;
    expect(await options('en')).toBe('Petty cash');
    expect(await options('sw')).toBe('Fedha ndogo taslimu');
    const crops = await t.request<{
      data: { code: string; name: string; nameSw: string; grades: { nameSw: string }[] }[];
    }>('GET', '/settings/collection/crops', { token: (await sessionAs(t, 'Administrator')).access });
    const cashew = crops.body.data.find((c) => c.code === 'CASHEW');
    expect(cashew).toMatchObject({ name: 'Cashew nuts', nameSw: 'Korosho' });
    expect(cashew?.grades.map((g) => g.nameSw)).toEqual(['Daraja la kawaida', 'Chini ya daraja']);
  });

  it('gives the default classes and groups a Swahili name; the accounts list names them in the reader language (#35)', async () => {
    const classes = await get<{ data: { code: string; name: string; nameSw: string | null }[] }>(
      '/accounts/classes',
    );
    expect(classes.body.data.map((c) => [c.name, c.nameSw])).toEqual([
      ['Assets', 'Mali'],
      ['Liabilities', 'Madeni'],
      ['Equity', 'Mtaji'],
      ['Income', 'Mapato'],
      ['Expenses', 'Matumizi'],
    ]);
    const groupOf = async (lang: 'en' | 'sw') =>
      (
        await t.request<{ data: { code: string; nameSw: string | null; className: string }[] }>(
          'GET',
          '/accounts/groups?search=Receivables',
          { token: accountant.access, lang },
        )
      ).body.data.find((g) => g.code === '12');
    expect(await groupOf('en')).toMatchObject({ nameSw: 'Madai', className: 'Assets' });
    expect(await groupOf('sw')).toMatchObject({ nameSw: 'Madai', className: 'Mali' });
    const account = async (lang: 'en' | 'sw') =>
      (
        await t.request<{ data: { code: string; groupName: string; className: string }[] }>(
          'GET',
          '/accounts?book=collection&per_page=100',
          { token: accountant.access, lang },
        )
      ).body.data.find((a) => a.code === '2101');
    expect(await account('sw')).toMatchObject({ groupName: 'Malipo yanayodaiwa', className: 'Madeni' });
    expect(await account('en')).toMatchObject({ groupName: 'Payables', className: 'Liabilities' });
  });
});

describe('exports', () => {
  it("downloads a mode's accounts as <MODE>_ACCOUNTS_<date>.xlsx, or the same rows as data", async () => {
    const file = await get('/accounts/exports?mode=collection&type=xlsx');
    expect(file.status).toBe(200);
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="COLLECTION_ACCOUNTS_${TODAY}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.raw);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'Code',
      'Name',
      'Book',
      'Class',
      'Group',
      'Currency',
      'Bank or cash',
      'Bank',
      'Bank account no',
      'Active',
    ]);
    expect(sheet?.rowCount).toBe(15);
    const data = await get<{ data: Account[] }>('/accounts/exports?mode=collection&type=json');
    expect(data.body.data).toHaveLength(14);
    expect(data.body.data[0]?.code).toBe(sheet?.getRow(2).getCell(1).value);
  });

  it('exports every accounting list as csv', async () => {
    for (const [path, name] of [
      ['/accounts', 'ACCOUNTS'],
      ['/accounts/groups', 'ACCOUNT_GROUPS'],
      ['/accounts/multi-currencies', 'CURRENCIES'],
      ['/accounts/exchange-rates', 'EXCHANGE_RATES'],
      ['/accounts/journal-entries', 'JOURNAL_ENTRIES'],
      ['/accounts/payments-and-receipts', 'PAYMENTS_AND_RECEIPTS'],
      ['/accounts/bank-transfers', 'BANK_TRANSFERS'],
      ['/accounts/budgets', 'BUDGETS'],
    ]) {
      const r = await get(`${path}?format=csv`);
      expect([path, r.status, r.headers.get('content-disposition')]).toEqual([
        path,
        200,
        `attachment; filename="${name}_${TODAY}.csv"`,
      ]);
    }
  });
});

describe('tenancy', () => {
  it('refuses AMCOS users on every accounting endpoint (403), whatever they ask', async () => {
    const society = await makeAmcos(t);
    const amcosUser = await sessionAs(t, 'AMCOS Manager', { amcosId: society.id });
    const id = '01900000-0000-7000-8000-000000000000';
    const calls: [string, string][] = [
      ['GET', '/financial-years'],
      ['POST', '/financial-years'],
      ['PATCH', `/financial-years/${id}`],
      ['PATCH', `/financial-years/${id}/close`],
      ['GET', '/accounts'],
      ['POST', '/accounts'],
      ['GET', `/accounts/${id}`],
      ['PATCH', `/accounts/${id}`],
      ['GET', '/accounts/cash-or-bank'],
      ['GET', '/accounts/groups'],
      ['POST', '/accounts/groups'],
      ['GET', `/accounts/groups/${id}`],
      ['PATCH', `/accounts/groups/${id}`],
      ['GET', '/accounts/groups-by-type'],
      ['GET', '/accounts/classes'],
      ['GET', '/accounts/classes-by-type'],
      ['GET', '/accounts/multi-currencies'],
      ['POST', '/accounts/multi-currencies'],
      ['PATCH', `/accounts/multi-currencies/${id}`],
      ['GET', '/accounts/exchange-rates'],
      ['POST', '/accounts/exchange-rates'],
      ['GET', `/accounts/exchange-rates/${id}`],
      ['PATCH', `/accounts/exchange-rates/${id}`],
      ['GET', '/accounts/bank-transfers'],
      ['POST', '/accounts/bank-transfers'],
      ['GET', `/accounts/bank-transfers/${id}`],
      ['PATCH', `/accounts/bank-transfers/${id}/approve`],
      ['GET', '/accounts/budgets'],
      ['POST', '/accounts/budgets'],
      ['GET', `/accounts/budgets/${id}`],
      ['PATCH', `/accounts/budgets/${id}/approve`],
      ['POST', '/accounts/budget-adjustments'],
      ['GET', `/accounts/budget/${id}/adjustments`],
      ['GET', `/accounts/budget-adjustments/${id}`],
      ['PATCH', `/accounts/budget-adjustments/${id}/approve`],
      ['GET', '/accounts/journal-entries'],
      ['POST', '/accounts/journal-entries'],
      ['GET', `/accounts/journal-entries/${id}`],
      ['PATCH', `/accounts/journal-entries/${id}/approve`],
      ['PATCH', `/accounts/journal-entries/${id}/reverse`],
      ['GET', '/accounts/payments-and-receipts'],
      ['POST', '/accounts/payments-and-receipts'],
      ['GET', `/accounts/payments-and-receipts/${id}`],
      ['PATCH', `/accounts/payments-and-receipts/${id}/approve`],
      ['GET', '/accounts/revenue-and-expense'],
      ['GET', '/bank-or-cash/accounts'],
      ['GET', '/revenue-and-expense/accounts'],
      ['GET', '/accounts/exports?mode=collection&type=xlsx'],
      ['GET', '/accounts/mappings'],
      ['PUT', '/accounts/mappings'],
      ['GET', '/reports/trial-balance?book=collection'],
      ['GET', `/reports/general-ledger?account_id=${id}&from=2026-01-01&to=2026-12-31`],
      ['GET', `/reports/budget-vs-actual?budget_id=${id}`],
    ];
    const statuses = await Promise.all(
      calls.map(async ([method, path]) => {
        const r = await t.request(method, path, {
          token: amcosUser.access,
          ...(method === 'GET' ? {} : { body: {} }),
        });
        return `${method} ${path} ${r.status} ${String(r.body.message)}`;
      }),
    );
    expect(statuses).toEqual(calls.map(([m, p]) => `${m} ${p} 403 This is for union staff only`));
  });
});
