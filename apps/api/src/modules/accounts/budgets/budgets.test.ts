import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { accountId, postedEntry, THIS_YEAR, TODAY } from '../testing.ts';

let t: TestApp;
let accountant: Session;
let manager: Session;
let yearId: string;
let fuel: string;
let rent: string;
let bank: string;
const months = (each: string) => Array.from({ length: 12 }, () => each);
beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  const years = await t.request<{ data: { id: string }[] }>('GET', '/financial-years', {
    token: accountant.access,
  });
  yearId = years.body.data[0]?.id ?? '';
  [fuel, rent, bank] = await Promise.all([
    accountId(t, 'operation', '5103'),
    accountId(t, 'operation', '5101'),
    accountId(t, 'operation', '1101'),
  ]);
});
afterAll(() => t.close());

describe('budgets', () => {
  it('enters, approves, adjusts and compares a budget with the actuals', async () => {
    const created = await t.request<{
      message: string;
      data: { id: string; number: string; total: string; lines: { accountCode: string; total: string }[] };
    }>('POST', '/accounts/budgets', {
      token: accountant.access,
      body: {
        name: 'Operations budget',
        financialYearId: yearId,
        book: 'operation',
        lines: [
          { accountId: fuel, months: months('100000.00') },
          { accountId: rent, months: months('250000.00') },
        ],
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.message).toBe('Budget created successfully');
    // 12 x 100,000 = 1,200,000; 12 x 250,000 = 3,000,000; total 4,200,000
    expect(created.body.data).toMatchObject({
      number: `BUD-${THIS_YEAR}-000001`,
      total: '4200000.00',
      status: 'draft',
    });
    expect(created.body.data.lines.map((l) => [l.accountCode, l.total])).toEqual([
      ['5101', '3000000.00'],
      ['5103', '1200000.00'],
    ]);
    const id = created.body.data.id;
    const early = await t.request('POST', '/accounts/budget-adjustments', {
      token: accountant.access,
      body: {
        budgetId: id,
        adjustmentDate: TODAY,
        reason: 'x',
        lines: [{ accountId: fuel, month: 1, amount: '1.00' }],
      },
    });
    expect(early.body.message).toBe('Only an approved budget can be adjusted');
    expect(
      (await t.request('PATCH', `/accounts/budgets/${id}/approve`, { token: accountant.access })).status,
    ).toBe(403);
    const approved = await t.request<{ message: string; data: { status: string } }>(
      'PATCH',
      `/accounts/budgets/${id}/approve`,
      { token: manager.access },
    );
    expect(approved.body).toMatchObject({
      message: 'Budget approved successfully',
      data: { status: 'approved' },
    });
    expect(
      (await t.request('PATCH', `/accounts/budgets/${id}/approve`, { token: manager.access })).status,
    ).toBe(409);

    const adjustment = await t.request<{ message: string; data: { id: string; total: string } }>(
      'POST',
      '/accounts/budget-adjustments',
      {
        token: accountant.access,
        body: {
          budgetId: id,
          adjustmentDate: TODAY,
          reason: 'Fuel prices rose',
          lines: [
            { accountId: fuel, month: 6, amount: '50000.00' },
            { accountId: rent, month: 6, amount: '-20000.00' },
          ],
        },
      },
    );
    expect(adjustment.status).toBe(201);
    expect(adjustment.body.message).toBe('Budget adjustment created successfully');
    expect(adjustment.body.data.total).toBe('30000.00');
    const listed = await t.request<{ data: { id: string }[] }>('GET', `/accounts/budget/${id}/adjustments`, {
      token: manager.access,
    });
    expect(listed.body.data.map((a) => a.id)).toEqual([adjustment.body.data.id]);
    const one = await t.request<{ data: { status: string } }>(
      'GET',
      `/accounts/budget-adjustments/${adjustment.body.data.id}`,
      { token: manager.access },
    );
    expect(one.body.data.status).toBe('draft');
    const adjApproved = await t.request<{ message: string }>(
      'PATCH',
      `/accounts/budget-adjustments/${adjustment.body.data.id}/approve`,
      {
        token: manager.access,
      },
    );
    expect(adjApproved.body.message).toBe('Budget adjustment approved successfully');

    await postedEntry(t, accountant, manager, [
      { accountId: fuel, debit: '400000.00' },
      { accountId: bank, credit: '400000.00' },
    ]);
    const report = await t.request<{ data: { rows: Record<string, string>[] } }>(
      'GET',
      `/reports/budget-vs-actual?budget_id=${id}`,
      { token: manager.access },
    );
    // Fuel: 1,200,000 + 50,000 = 1,250,000 revised; 400,000 spent; 850,000 left.
    expect(report.body.data.rows).toEqual([
      expect.objectContaining({
        accountCode: '5101',
        budget: '3000000.00',
        adjustments: '-20000.00',
        revised: '2980000.00',
        actual: '0.00',
        variance: '2980000.00',
      }),
      expect.objectContaining({
        accountCode: '5103',
        budget: '1200000.00',
        adjustments: '50000.00',
        revised: '1250000.00',
        actual: '400000.00',
        variance: '850000.00',
      }),
    ]);
    const pdf = await t.request('GET', `/reports/budget-vs-actual?budget_id=${id}&format=pdf`, {
      token: manager.access,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });

  it('refuses a budget with eleven months or an account of another book', async () => {
    const eleven = await t.request('POST', '/accounts/budgets', {
      token: accountant.access,
      body: {
        name: 'x',
        financialYearId: yearId,
        book: 'operation',
        lines: [{ accountId: fuel, months: months('1.00').slice(1) }],
      },
    });
    expect(eleven.body.message).toBe('Give twelve monthly amounts');
    const wrongBook = await t.request('POST', '/accounts/budgets', {
      token: accountant.access,
      body: {
        name: 'x',
        financialYearId: yearId,
        book: 'collection',
        lines: [{ accountId: fuel, months: months('1.00') }],
      },
    });
    expect(wrongBook.body.message).toBe('Line 1: the account 5103 is not in the collection book');
  });
});
