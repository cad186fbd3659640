import type { Appropriation, Member, MemberStatement } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, useStarted } from '../../../../test/harness.ts';
import { bookBalance, closedYearOfMembers, startUnionOffice } from '../../../../test/members-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';

/**
 * The dividend and bonus paying an AMCOS's unpaid shares first, when it chose so (#32), through the
 * API. This year (P) earned 1,000,000.00 of levy income in the Operation book and is closed; the
 * AGM in the next year (N) approves 10 % dividend and 10.00 a kg; reserve 25 % = 250,000.00.
 * - Alpha: subscribed 215,000.00, paid 200,000.00 (unpaid 15,000.00), 2,000 kg: dividend 20,000.00
 *   + bonus 20,000.00 = 40,000.00; it chose shares first: 15,000.00 to its shares, 25,000.00 paid.
 * - Beta: subscribed 500,000.00, paid 100,000.00 (unpaid 400,000.00), 1,500 kg: 10,000.00 +
 *   15,000.00 = 25,000.00; it chose shares first: all 25,000.00 to its shares, no payment line.
 * - Gamma: subscribed 400,000.00, paid 300,000.00 (unpaid 100,000.00), 500 kg: 30,000.00 +
 *   5,000.00 = 35,000.00; it did not choose: 35,000.00 paid.
 * Dividend 60,000.00, bonus 40,000.00, retained 650,000.00. Approval posts Dr 3102 350,000.00 /
 * Cr 3103 250,000.00, Cr 2106 100,000.00; then Dr 2106 / Cr 3101 15,000.00 (Alpha) and 25,000.00
 * (Beta). 2106 = 60,000.00 = the batch (Alpha 25,000.00, Gamma 35,000.00); 3101 = 600,000.00 +
 * 40,000.00 = 640,000.00 = the register's shares paid (215,000.00 + 125,000.00 + 300,000.00).
 */
const ctx = useStarted(startUnionOffice);
let amcosManager: Session;
let yearId: string;
let seasonId: string;
const P = THIS_YEAR;
const N = String(Number(P) + 1);
const AGM = `${N}-03-15`;
const memberIds: Record<string, string> = {};

const balanceOf = (code: string) => bookBalance(ctx.t, code);
/** What approving or rejecting must leave alone when refused, and what it changes when not. */
const state = async () => {
  const [row] = await queryRows(
    ctx.t.db,
    z.object({
      payments: z.coerce.number(),
      entries: z.coerce.number(),
      batches: z.coerce.number(),
      paid: z.string(),
      toShares: z.string(),
    }),
    sql`select (select count(*) from member_payments) as payments, (select count(*) from journal_entries) as entries,
          (select count(*) from payment_batches) as batches,
          (select sum(shares_paid)::text from members where amcos_id is null) as paid,
          (select coalesce(sum(to_shares), 0)::text from appropriation_lines) as "toShares"`,
  );
  return row;
};
const memberShares = async () => {
  const r = await ctx.t.request<{
    data: { checks: { key: string; controlBalance: string; difference: string }[] };
  }>('GET', '/reports/control-accounts', { token: ctx.accountant.access });
  return r.body.data.checks.find((c) => c.key === 'member_shares');
};
type Saved = { message: string; data: Appropriation; errors?: Record<string, string[]> };
const propose = () =>
  ctx.t.request<Saved>('POST', '/members/appropriations', {
    token: ctx.admin.access,
    body: { financialYearId: yearId, seasonId, dividendPercent: '10', bonusPerKg: '10' },
  });
const decide = (id: string, what: 'approve' | 'reject') =>
  ctx.t.request<Saved>('PATCH', `/members/appropriations/${id}/${what}`, {
    token: ctx.manager.access,
    body: what === 'approve' ? { date: AGM } : { reason: 'Board asks again' },
  });
const choose = (s: Session, name: string, dividendToShares: boolean) =>
  ctx.t.request<{ message: string; data: Member }>('PATCH', `/members/${memberIds[name]}`, {
    token: s.access,
    body: { dividendToShares },
  });
const lineRows = (a: Appropriation) =>
  a.lines.map((l) => [l.amcosName.split(' ')[0], l.payable, l.toShares, l.toPay]);

beforeAll(async () => {
  const year = await closedYearOfMembers(ctx, {
    year: P,
    income: '1000000.00',
    members: [
      { name: 'Alpha', subscribed: '215000.00', paid: '200000.00', kg: '2000.000' },
      { name: 'Beta', subscribed: '500000.00', paid: '100000.00', kg: '1500.000' },
      { name: 'Gamma', subscribed: '400000.00', paid: '300000.00', kg: '500.000' },
    ],
    bags: 50,
  });
  ({ yearId, amcosManager } = year);
  seasonId = year.cashew.seasonId;
  for (const [name, member] of Object.entries(year.members)) {
    expect(member.dividendToShares).toBe(false);
    memberIds[name] = member.id;
  }
}, 180_000);

describe('the dividend and bonus pay the unpaid shares first when the AMCOS chose so (#32)', () => {
  it('the choice is the union staff’s to change on the register; AMCOS users are refused', async () => {
    const denied = await choose(amcosManager, 'Alpha', true);
    expect(denied.status).toBe(403);
    const alpha = await choose(ctx.accountant, 'Alpha', true);
    expect([alpha.status, alpha.body.message, alpha.body.data.dividendToShares]).toEqual([
      200,
      'Member updated successfully',
      true,
    ]);
    const bad = await ctx.t.request<{ errors?: Record<string, string[]> }>(
      'PATCH',
      `/members/${memberIds.Gamma}`,
      {
        token: ctx.accountant.access,
        body: { sharesSubscribed: '299999.99' },
      },
    );
    expect([bad.status, bad.body.errors?.sharesSubscribed]).toEqual([
      400,
      ['The shares subscribed cannot be less than the shares paid (300000.00)'],
    ]);
    const history = await ctx.t.request<{ data: { action: string }[] }>(
      'GET',
      `/audit/member/${memberIds.Alpha}`,
      {
        token: ctx.accountant.access,
      },
    );
    expect(history.status, JSON.stringify(history.body)).toBe(200);
    expect(history.body.data.map((h) => h.action)).toContain('updated');
  });

  it('previews what goes to shares; a rejected proposal changes no member', async () => {
    const before = await state();
    const r = await propose();
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(lineRows(r.body.data)).toEqual([
      ['Alpha', '40000.00', '15000.00', '25000.00'],
      ['Beta', '25000.00', '0.00', '25000.00'],
      ['Gamma', '35000.00', '0.00', '35000.00'],
    ]);
    const rejected = await decide(r.body.data.id, 'reject');
    expect(rejected.status).toBe(200);
    expect(await state()).toMatchObject({
      payments: before?.payments,
      batches: before?.batches,
      paid: before?.paid,
    });
    expect((await decide(r.body.data.id, 'reject')).status).toBe(409);
  });

  it('approval pays the unpaid shares first, posts them, and drafts only the rest', async () => {
    expect((await choose(ctx.accountant, 'Beta', true)).status).toBe(200);
    const proposed = await propose();
    expect(proposed.status, JSON.stringify(proposed.body)).toBe(201);
    const { id, appropriationNo } = proposed.body.data;
    expect(lineRows(proposed.body.data)).toEqual([
      ['Alpha', '40000.00', '15000.00', '25000.00'],
      ['Beta', '25000.00', '25000.00', '0.00'],
      ['Gamma', '35000.00', '0.00', '35000.00'],
    ]);
    const approved = await decide(id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({
      reserve: '250000.00',
      dividend: '60000.00',
      bonus: '40000.00',
      retained: '650000.00',
    });
    expect(lineRows(approved.body.data)).toEqual([
      ['Alpha', '40000.00', '15000.00', '25000.00'],
      ['Beta', '25000.00', '25000.00', '0.00'],
      ['Gamma', '35000.00', '0.00', '35000.00'],
    ]);
    // The postings: the appropriation, then one entry per AMCOS paying its shares.
    const posted = await queryRows(
      ctx.t.db,
      z.object({ reference: z.string(), code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select e.reference, a.code, l.debit::text as debit, l.credit::text as credit
          from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
          where e.reference like ${`${appropriationNo}%`} order by e.reference, a.code`,
    );
    const noOf = async (name: string) =>
      (
        await ctx.t.request<{ data: Member }>('GET', `/members/${memberIds[name]}`, {
          token: ctx.accountant.access,
        })
      ).body.data.memberNo;
    const byEntry = (reference: string) =>
      posted.filter((l) => l.reference === reference).map((l) => [l.code, l.debit, l.credit]);
    expect(byEntry(appropriationNo)).toEqual([
      ['2106', '0.00', '100000.00'],
      ['3102', '350000.00', '0.00'],
      ['3103', '0.00', '250000.00'],
    ]);
    expect(byEntry(`${appropriationNo}/${await noOf('Alpha')}`)).toEqual([
      ['2106', '15000.00', '0.00'],
      ['3101', '0.00', '15000.00'],
    ]);
    expect(byEntry(`${appropriationNo}/${await noOf('Beta')}`)).toEqual([
      ['2106', '25000.00', '0.00'],
      ['3101', '0.00', '25000.00'],
    ]);
    expect(posted).toHaveLength(7);
    expect(await balanceOf('2106')).toBe('60000.00');
    expect(await balanceOf('3101')).toBe('640000.00');
    // The shares payments: receipt <AP no>/<member no>, on the AGM's date, from the appropriation.
    const alpha = await ctx.t.request<{ data: MemberStatement }>(
      'GET',
      `/members/${memberIds.Alpha}/statement`,
      {
        token: ctx.accountant.access,
      },
    );
    const fromDividend = alpha.body.data.lines.filter((l) => l.appropriationId === id);
    expect(
      fromDividend.map((l) => [l.receiptNo, l.amount, l.paidOn, l.appropriationNo, l.sharesPaidAfter]),
    ).toEqual([
      [
        `${appropriationNo}/${alpha.body.data.member.memberNo}`,
        '15000.00',
        AGM,
        appropriationNo,
        '215000.00',
      ],
    ]);
    expect([alpha.body.data.member.sharesUnpaid, alpha.body.data.member.status]).toEqual(['0.00', 'active']);
    const beta = await ctx.t.request<{ data: Member }>('GET', `/members/${memberIds.Beta}`, {
      token: ctx.accountant.access,
    });
    expect([beta.body.data.sharesPaid, beta.body.data.sharesUnpaid]).toEqual(['125000.00', '375000.00']);
    // The batch: only what is left, no line of 0.
    const batch = await queryRows(
      ctx.t.db,
      z.object({ payee: z.string(), amount: z.string(), total: z.string() }),
      sql`select l.payee_name as payee, l.amount::text as amount, b.total::text as total
          from payment_lines l join payment_batches b on b.id = l.batch_id
          where b.id = ${approved.body.data.paymentBatchId} order by l.payee_name`,
    );
    expect(batch.map((l) => [l.payee.split(' ')[0], l.amount, l.total])).toEqual([
      ['Alpha', '25000.00', '60000.00'],
      ['Gamma', '35000.00', '60000.00'],
    ]);
    // Shares paid = share capital still.
    expect(await memberShares()).toMatchObject({ controlBalance: '640000.00', difference: '0.00' });
    // Approved once: a second approval is refused and changes nothing.
    const before = await state();
    const again = await decide(id, 'approve');
    expect([again.status, again.body.message]).toEqual([409, 'This appropriation is already approved']);
    expect(await state()).toEqual(before);
    const rejectNow = await decide(id, 'reject');
    expect(rejectNow.status).toBe(409);
    expect(await state()).toEqual(before);
  });
});
