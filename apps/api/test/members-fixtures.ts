import type { Member } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../src/db/rows.ts';
import { accountId, postedEntry, TODAY } from '../src/modules/accounts/testing.ts';
import { type Cashew, makeFarmer, openSeasonWithCashew, recordCollectionOk, weighing } from './crop-flow.ts';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from './harness.ts';

/** The union office the members' tests act as: an Administrator, an Accountant, a Finance Manager. */
export type UnionOffice = { t: TestApp; admin: Session; accountant: Session; manager: Session };

export async function startUnionOffice(env: Record<string, string> = {}): Promise<UnionOffice> {
  const t = await startTestApp(env);
  const [admin, accountant, manager] = await Promise.all([
    sessionAs(t, 'Administrator'),
    sessionAs(t, 'Accountant'),
    sessionAs(t, 'Finance Manager'),
  ]);
  return { t, admin, accountant, manager };
}

/** The id of the financial year of this name ('' when there is none), as the Finance Manager lists it. */
export async function yearNamed(office: UnionOffice, name: string): Promise<string> {
  const years = await office.t.request<{ data: { id: string; name: string }[] }>('GET', '/financial-years', {
    token: office.manager.access,
  });
  return years.body.data.find((y) => y.name === name)?.id ?? '';
}

/** An account's balance (credit - debit) over every period, to the cent, as text. */
export async function bookBalance(
  t: TestApp,
  code: string,
  book: 'collection' | 'operation' = 'operation',
): Promise<string | undefined> {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.string() }),
    sql`select coalesce(sum(b.credit - b.debit), 0)::numeric(18,2)::text as balance
        from account_period_balances b join accounts a on a.id = b.account_id
        where a.book = ${book} and a.code = ${code}`,
  );
  return row?.balance;
}

/** An AMCOS of the union's register: shares subscribed and paid, and the kg its one farmer delivered. */
export type MemberFigures = { name: string; subscribed: string; paid: string; kg: string };

export type ClosedYear = {
  yearId: string;
  openYearId: string;
  cashew: Cashew;
  /** The AMCOS Manager of the society named Alpha. */
  amcosManager: Session;
  /** The union's register entries, by the AMCOS's name, as they were joined. */
  members: Record<string, Member>;
};

/**
 * Financial year `year` ("FY year") with `income` of levy income in the Operation book and each of
 * `members` ("<name> AMCOS") in the union's register, its shares paid to the Operation bank and its
 * one farmer's kg delivered this season in `bags`; then the year is closed and the next one opened.
 */
export async function closedYearOfMembers(
  office: UnionOffice,
  opts: { year: string; income: string; members: MemberFigures[]; bags: number },
): Promise<ClosedYear> {
  const { t, admin, accountant, manager } = office;
  const yearId = await yearNamed(office, `FY ${opts.year}`);
  const bank = await accountId(t, 'operation', '1101');
  await postedEntry(
    t,
    accountant,
    manager,
    [
      { accountId: bank, debit: opts.income },
      { accountId: await accountId(t, 'operation', '4101'), credit: opts.income },
    ],
    { entryDate: `${opts.year}-06-30` },
  );
  const cashew = await openSeasonWithCashew(t, admin);
  let amcosManager: Session | undefined;
  const members: Record<string, Member> = {};
  for (const { name, subscribed, paid, kg } of opts.members) {
    const society = await makeAmcos(t, `${name} AMCOS`);
    if (name === 'Alpha') amcosManager = await sessionAs(t, 'AMCOS Manager', { amcosId: society.id });
    const joined = await t.request<{ data: Member }>('POST', '/members', {
      token: accountant.access,
      body: {
        society: 'union',
        memberAmcosId: society.id,
        joinedOn: `${opts.year}-01-10`,
        sharesSubscribed: subscribed,
      },
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(201);
    members[name] = joined.body.data;
    const payment = await t.request('POST', `/members/${joined.body.data.id}/payments`, {
      token: accountant.access,
      body: { kind: 'shares', amount: paid, paidOn: TODAY, bankAccountId: bank },
    });
    expect(payment.status, JSON.stringify(payment.body)).toBe(201);
    const farmer = await makeFarmer(t, admin, society.id);
    await recordCollectionOk(
      t,
      admin.access,
      weighing(cashew, farmer, { bags: opts.bags, grossKg: kg, tareKg: '0.000' }),
    );
  }
  if (!amcosManager) throw new Error('No AMCOS named Alpha');
  const closed = await t.request('PATCH', `/financial-years/${yearId}/close`, { token: manager.access });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  const next = String(Number(opts.year) + 1);
  const opened = await t.request<{ data: { id: string } }>('POST', '/financial-years', {
    token: manager.access,
    body: { name: `FY ${next}`, startDate: `${next}-01-01`, endDate: `${next}-12-31` },
  });
  expect(opened.status, JSON.stringify(opened.body)).toBe(201);
  return { yearId, openYearId: opened.body.data.id, cashew, amcosManager, members };
}
