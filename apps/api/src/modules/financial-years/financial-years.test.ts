import { todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { queryRows } from '../../db/rows.ts';
import { accountId, draftEntry, refusal, THIS_YEAR } from '../accounts/testing.ts';

let t: TestApp;
let manager: Session;
let accountant: Session;
type Year = {
  id: string;
  name: string;
  status: string;
  startDate: string;
  endDate: string;
  operationLockedUntil: string | null;
};
beforeAll(async () => {
  t = await startTestApp();
  [manager, accountant] = await Promise.all([sessionAs(t, 'Finance Manager'), sessionAs(t, 'Accountant')]);
});
afterAll(() => t.close());

describe('financial years', () => {
  it('starts with the current calendar year open (bootstrap)', async () => {
    const r = await t.request<{ data: Year[]; meta: { total: number } }>('GET', '/financial-years', {
      token: accountant.access,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject([
      {
        name: `FY ${THIS_YEAR}`,
        startDate: `${THIS_YEAR}-01-01`,
        endDate: `${THIS_YEAR}-12-31`,
        status: 'open',
      },
    ]);
  });

  it('locks a book up to a date: nothing posts on or before it, the other book still does', async () => {
    const [year] = (
      await t.request<{ data: Year[] }>('GET', '/financial-years?status=open', { token: manager.access })
    ).body.data;
    const lock = await t.request<{ message: string; data: Year }>('PATCH', `/financial-years/${year?.id}`, {
      token: manager.access,
      body: { operationLockedUntil: `${THIS_YEAR}-01-31` },
    });
    expect(lock.status).toBe(200);
    expect(lock.body.message).toBe('Financial year updated successfully');
    expect(lock.body.data.operationLockedUntil).toBe(`${THIS_YEAR}-01-31`);
    const [rent, bank, cbank, cfund] = await Promise.all([
      accountId(t, 'operation', '5101'),
      accountId(t, 'operation', '1101'),
      accountId(t, 'collection', '1101'),
      accountId(t, 'collection', '3101'),
    ]);
    const locked = await draftEntry(
      t,
      accountant,
      [
        { accountId: rent, debit: '10.00' },
        { accountId: bank, credit: '10.00' },
      ],
      {
        entryDate: `${THIS_YEAR}-01-31`,
      },
    );
    expect(locked.status).toBe(400);
    expect(locked.body.message).toBe(`The operation book is locked up to ${THIS_YEAR}-01-31`);
    const other = await draftEntry(
      t,
      accountant,
      [
        { accountId: cbank, debit: '10.00' },
        { accountId: cfund, credit: '10.00' },
      ],
      {
        book: 'collection',
        entryDate: `${THIS_YEAR}-01-31`,
      },
    );
    expect(other.status).toBe(201);
    const outside = await t.request('PATCH', `/financial-years/${year?.id}`, {
      token: manager.access,
      body: { operationLockedUntil: '1990-01-01' },
    });
    expect(outside.status).toBe(400);
  });

  it('refuses overlapping years, a second open year, and bad dates, writing nothing', async () => {
    const overlap = await t.request('POST', '/financial-years', {
      token: manager.access,
      body: { name: 'Overlap', startDate: `${THIS_YEAR}-07-01`, endDate: `${Number(THIS_YEAR) + 1}-06-30` },
    });
    expect(overlap.status).toBe(400);
    expect(overlap.body.message).toBe(`The dates overlap the financial year FY ${THIS_YEAR}`);
    const next = {
      name: `FY ${Number(THIS_YEAR) + 1}`,
      startDate: `${Number(THIS_YEAR) + 1}-01-01`,
      endDate: `${Number(THIS_YEAR) + 1}-12-31`,
    };
    const secondOpen = await t.request('POST', '/financial-years', { token: manager.access, body: next });
    expect(secondOpen.status).toBe(409);
    expect(secondOpen.body.message).toBe(`Close the financial year FY ${THIS_YEAR} before opening another`);
    const backwards = await t.request('POST', '/financial-years', {
      token: manager.access,
      body: { ...next, endDate: '2000-01-01' },
    });
    expect(backwards.status).toBe(400);
    expect(backwards.body.message).toBe('The end must be after the start');
    const byAccountant = await t.request('POST', '/financial-years', {
      token: accountant.access,
      body: next,
    });
    expect(byAccountant.status).toBe(403);
    const [n] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from financial_years`,
    );
    expect(n?.n).toBe('1');
  });

  it('the database keeps one open year and no overlaps whatever writes', async () => {
    expect(
      await refusal(
        t.db.execute(
          sql`insert into financial_years (id, name, start_date, end_date) values (gen_random_uuid(), 'X', '2040-01-01', '2040-12-31')`,
        ),
      ),
    ).toMatch(/financial_years_one_open_idx/);
    expect(
      await refusal(
        t.db.execute(sql`insert into financial_years (id, name, start_date, end_date, status)
          values (gen_random_uuid(), 'Y', ${`${THIS_YEAR}-06-01`}, ${`${Number(THIS_YEAR) + 1}-05-31`}, 'closed')`),
      ),
    ).toMatch(/financial_years_no_overlap/);
  });

  it('closes a year only without drafts; then nothing posts into it and the next year can open', async () => {
    const [year] = (
      await t.request<{ data: Year[] }>('GET', '/financial-years?status=open', { token: manager.access })
    ).body.data;
    const blocked = await t.request('PATCH', `/financial-years/${year?.id}/close`, { token: manager.access });
    expect(blocked.status).toBe(400);
    expect(blocked.body.message).toMatch(/draft journal entries are still waiting for approval/);
    await t.db.execute(
      sql`delete from journal_lines where entry_id in (select id from journal_entries where status = 'draft')`,
    );
    await t.db.execute(sql`delete from journal_entries where status = 'draft'`);
    const closed = await t.request<{ message: string; data: Year }>(
      'PATCH',
      `/financial-years/${year?.id}/close`,
      { token: manager.access },
    );
    expect(closed.status).toBe(200);
    expect(closed.body.message).toBe('Financial year closed successfully');
    expect(closed.body.data.status).toBe('closed');
    const again = await t.request('PATCH', `/financial-years/${year?.id}/close`, { token: manager.access });
    expect(again.status).toBe(409);
    const [rent, bank] = await Promise.all([
      accountId(t, 'operation', '5101'),
      accountId(t, 'operation', '1101'),
    ]);
    const late = await draftEntry(
      t,
      accountant,
      [
        { accountId: rent, debit: '10.00' },
        { accountId: bank, credit: '10.00' },
      ],
      {
        entryDate: `${THIS_YEAR}-06-01`,
      },
    );
    expect(late.body.message).toBe(`The financial year FY ${THIS_YEAR} is closed`);
    const next = await t.request<{ message: string; data: Year }>('POST', '/financial-years', {
      token: manager.access,
      body: {
        name: `FY ${Number(THIS_YEAR) + 1}`,
        startDate: `${Number(THIS_YEAR) + 1}-01-01`,
        endDate: `${Number(THIS_YEAR) + 1}-12-31`,
      },
    });
    expect(next.status).toBe(201);
    expect(next.body.message).toBe('Financial year created successfully');
    const history = await t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/financial_year/${year?.id}`,
      { token: manager.access },
    );
    expect(history.body.data.map((h) => h.action)).toEqual(['updated', 'closed']);
  });

  it('exports the list as xlsx and csv', async () => {
    const csv = await t.request('GET', '/financial-years?format=csv', { token: manager.access });
    expect(csv.headers.get('content-disposition')).toBe(
      `attachment; filename="FINANCIAL_YEARS_${todayInTanzania()}.csv"`,
    );
    // Dates as the screens print them (English: month/day/year).
    expect(new TextDecoder().decode(csv.raw)).toContain(`FY ${THIS_YEAR},01/01/${THIS_YEAR}`);
  });
});
