import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { writeTwoLineEntry } from '../../../test/journal-entries.ts';
import { queryRows } from '../../db/rows.ts';
import { writeEntry } from '../accounts/journal/write-entry.ts';
import { accountId, THIS_YEAR } from '../accounts/testing.ts';

let t: TestApp;
let manager: Session;
let accountant: Session;
const Y = THIS_YEAR;
const NEXT = String(Number(Y) + 1);
type Row = Record<string, string>;
type Tb = { data: { balanced: boolean; rows: Row[]; totals: Row } };

beforeAll(async () => {
  t = await startTestApp();
  [manager, accountant] = await Promise.all([sessionAs(t, 'Finance Manager'), sessionAs(t, 'Accountant')]);
  const post = (book: 'collection' | 'operation', date: string, dr: string, cr: string, amount: string) =>
    writeTwoLineEntry(t, book, `${Y}-${date}`, dr, cr, amount);
  // Operation: capital 5,000,000; levy income 1,000,000 and commission 250,000; rent 300,000 and
  // salaries 450,000: a surplus of 500,000. Collection: interest 50,000, bank charges 80,000: a
  // deficit of 30,000.
  await post('operation', '01-10', '1101', '3101', '5000000.00');
  await post('operation', '03-15', '1101', '4101', '1000000.00');
  await post('operation', '07-01', '1201', '4102', '250000.00');
  await post('operation', '05-31', '5101', '1101', '300000.00');
  await post('operation', '12-31', '5201', '1101', '450000.00');
  await post('collection', '06-30', '1101', '4101', '50000.00');
  await post('collection', '09-30', '5301', '1101', '80000.00');
});
afterAll(() => t.close());

const tb = (book: string, query: string) =>
  t.request<Tb>('GET', `/reports/trial-balance?book=${book}&${query}`, { token: manager.access });
const sides = (r: Tb) =>
  r.data.rows.map((x) => [x.code, x.openingDebit, x.openingCredit, x.closingDebit, x.closingCredit]);

describe('closing a financial year', () => {
  it('shows what the close will post, per book', async () => {
    const [year] = (
      await t.request<{ data: { id: string }[] }>('GET', '/financial-years?status=open', {
        token: manager.access,
      })
    ).body.data;
    const r = await t.request<{ data: unknown }>('GET', `/financial-years/${year?.id}/closing`, {
      token: accountant.access,
    });
    expect(r.status).toBe(200);
    // Union books: an AMCOS user may not see them.
    const society = await makeAmcos(t);
    const amcosUser = await sessionAs(t, 'AMCOS Manager', { amcosId: society.id });
    const refused = await t.request('GET', `/financial-years/${year?.id}/closing`, {
      token: amcosUser.access,
    });
    expect(refused.status).toBe(403);
    expect(r.body.data).toEqual({
      date: `${Y}-12-31`,
      books: [
        {
          book: 'collection',
          income: '50000.00',
          expenses: '80000.00',
          result: '-30000.00',
          accounts: 2,
          retainedEarnings: expect.objectContaining({ code: '3101', name: 'Collection fund balance' }),
        },
        {
          book: 'operation',
          income: '1250000.00',
          expenses: '750000.00',
          result: '500000.00',
          accounts: 4,
          retainedEarnings: expect.objectContaining({ code: '3102', name: 'Retained earnings' }),
        },
      ],
    });
  });

  it('posts the closing entries with the close, even into a locked book; the next year opens with income and expenses at zero', async () => {
    const [year] = (
      await t.request<{ data: { id: string }[] }>('GET', '/financial-years?status=open', {
        token: manager.access,
      })
    ).body.data;
    const lock = await t.request('PATCH', `/financial-years/${year?.id}`, {
      token: manager.access,
      body: { operationLockedUntil: `${Y}-12-31` },
    });
    expect(lock.status).toBe(200);
    const closed = await t.request<{ message: string }>('PATCH', `/financial-years/${year?.id}/close`, {
      token: manager.access,
    });
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Financial year closed successfully');

    const lines = await queryRows(
      t.db,
      z.object({ book: z.string(), code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select e.book, a.code, l.debit::text, l.credit::text from journal_entries e
          join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
          where e.source_type = 'financial_year_close' and e.source_id = ${year?.id}
            and e.status = 'posted' and e.entry_date = ${`${Y}-12-31`}
          order by e.book, a.code`,
    );
    expect(lines.map((l) => [l.book, l.code, l.debit, l.credit])).toEqual([
      ['collection', '3101', '30000.00', '0.00'],
      ['collection', '4101', '50000.00', '0.00'],
      ['collection', '5301', '0.00', '80000.00'],
      ['operation', '3102', '0.00', '500000.00'],
      ['operation', '4101', '1000000.00', '0.00'],
      ['operation', '4102', '250000.00', '0.00'],
      ['operation', '5101', '0.00', '300000.00'],
      ['operation', '5201', '0.00', '450000.00'],
    ]);

    // The closed year still balances; its income and expense accounts close at zero.
    const last = await tb('operation', `from=${Y}-01-01&as_at=${Y}-12-31`);
    expect(last.body.data.balanced).toBe(true);
    for (const code of ['4101', '4102', '5101', '5201']) {
      const row = last.body.data.rows.find((x) => x.code === code);
      expect([row?.closingDebit, row?.closingCredit]).toEqual(['0.00', '0.00']);
    }

    const next = await t.request('POST', '/financial-years', {
      token: manager.access,
      body: { name: `FY ${NEXT}`, startDate: `${NEXT}-01-01`, endDate: `${NEXT}-12-31` },
    });
    expect(next.status).toBe(201);
    const operation = await tb('operation', `from=${NEXT}-01-01&as_at=${NEXT}-01-31`);
    expect(operation.body.data.balanced).toBe(true);
    // Opening of the next year: balance sheet accounts only; the surplus is in retained earnings.
    expect(sides(operation.body)).toEqual([
      ['1101', '5250000.00', '0.00', '5250000.00', '0.00'],
      ['1201', '250000.00', '0.00', '250000.00', '0.00'],
      ['3101', '0.00', '5000000.00', '0.00', '5000000.00'],
      ['3102', '0.00', '500000.00', '0.00', '500000.00'],
    ]);
    const collection = await tb('collection', `from=${NEXT}-01-01&as_at=${NEXT}-01-31`);
    expect(collection.body.data.balanced).toBe(true);
    expect(sides(collection.body)).toEqual([
      ['1101', '0.00', '30000.00', '0.00', '30000.00'],
      ['3101', '30000.00', '0.00', '30000.00', '0.00'],
    ]);

    const history = await t.request<{ data: { action: string; after: { closingEntries?: unknown[] } }[] }>(
      'GET',
      `/audit/financial_year/${year?.id}`,
      { token: manager.access },
    );
    expect(history.body.data.find((h) => h.action === 'closed')?.after.closingEntries).toHaveLength(2);
  });

  it('refuses to close when a book with a result has no retained earnings account, and posts nothing', async () => {
    const [year] = (
      await t.request<{ data: { id: string }[] }>('GET', '/financial-years?status=open', {
        token: manager.access,
      })
    ).body.data;
    const income = await accountId(t, 'operation', '4201');
    const bank = await accountId(t, 'operation', '1101');
    await t.db.transaction((tx) =>
      writeEntry(
        tx,
        {
          entryDate: `${NEXT}-02-01`,
          book: 'operation',
          narration: 'Interest',
          source: 'journal',
          createdBy: null,
          lines: [
            { accountId: bank, debit: '10.00' },
            { accountId: income, credit: '10.00' },
          ],
        },
        null,
      ),
    );
    await t.db.execute(sql`delete from account_mappings where key = 'operation_retained_earnings'`);
    const refused = await t.request<{ message: string }>('PATCH', `/financial-years/${year?.id}/close`, {
      token: manager.access,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'No account is mapped to operation retained earnings; set it in the account mappings',
    );
    const [left] = await queryRows(
      t.db,
      z.object({ status: z.string(), n: z.string() }),
      sql`select y.status, (select count(*) from journal_entries where source_id = y.id)::text as n
          from financial_years y where y.id = ${year?.id}`,
    );
    expect(left).toEqual({ status: 'open', n: '0' });
  });
});
