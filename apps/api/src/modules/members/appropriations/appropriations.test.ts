import type { Appropriation, AppropriationFigures, AppropriationList } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, useStarted } from '../../../../test/harness.ts';
import { bookBalance, closedYearOfMembers, startUnionOffice } from '../../../../test/members-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { THIS_YEAR } from '../../accounts/testing.ts';

/**
 * The appropriation of a year's surplus (#32) through the API, with the hand-worked example of
 * packages/domain/src/appropriation.test.ts. This year (P) earned 5,000,000.00 of levy income in the
 * Operation book and is closed; the AGM in the next year (N) approves. Three AMCOS paid 1,000,000.00, 2,500,000.00 and 333,333.33 in shares
 * and their farmers delivered 12,345.678, 30,000.000 and 7,654.322 kg this season.
 * Reserve 25 % = 1,250,000.00; dividend 7 % of 3,833,333.33 = 268,333.33 (A 70,000.00,
 * B 175,000.00, C 23,333.33); bonus 25.50 a kg of 50,000 kg = 1,275,000.00 (A 314,814.79,
 * B 765,000.00, C 195,185.21); retained 2,206,666.67. Approval posts Dr 3102 2,793,333.33 /
 * Cr 3103 1,250,000.00, Cr 2106 1,543,333.33, and drafts a batch of three AMCOS lines
 * (384,814.79, 940,000.00, 218,518.54).
 */
const ctx = useStarted(startUnionOffice);
let amcosManager: Session;
let yearId: string;
let openYearId: string;
let seasonId: string;
const P = THIS_YEAR;
const N = String(Number(P) + 1);
/** The AGM that approves P's appropriation, in N. */
const AGM = `${N}-03-15`;

const balanceOf = (code: string) => bookBalance(ctx.t, code);
const counts = async () => {
  const [row] = await queryRows(
    ctx.t.db,
    z.object({ a: z.coerce.number(), l: z.coerce.number(), j: z.coerce.number(), b: z.coerce.number() }),
    sql`select (select count(*) from appropriations) as a, (select count(*) from appropriation_lines) as l,
          (select count(*) from journal_entries) as j, (select count(*) from payment_batches) as b`,
  );
  return row;
};

type Saved = { message: string; data: Appropriation; errors?: Record<string, string[]> };
const body = (extra: Record<string, string> = {}) => ({
  financialYearId: yearId,
  seasonId,
  dividendPercent: '7',
  bonusPerKg: '25.50',
  ...extra,
});
const propose = (s: Session, b: Record<string, string> = body()) =>
  ctx.t.request<Saved>('POST', '/members/appropriations', { token: s.access, body: b });
const decide = (s: Session, id: string, what: 'approve' | 'reject', reason?: string) =>
  ctx.t.request<Saved>('PATCH', `/members/appropriations/${id}/${what}`, {
    token: s.access,
    body: what === 'approve' ? { date: AGM } : { reason },
  });

beforeAll(async () => {
  // This year (P): 5,000,000.00 of levy income; three AMCOS in the union's register, their shares
  // paid, their farmers' kg this season; then P is closed and next year (N) opened.
  const year = await closedYearOfMembers(ctx, {
    year: P,
    income: '5000000.00',
    members: [
      { name: 'Alpha', subscribed: '1000000.00', paid: '1000000.00', kg: '12345.678' },
      { name: 'Beta', subscribed: '2500000.00', paid: '2500000.00', kg: '30000.000' },
      { name: 'Gamma', subscribed: '333333.33', paid: '333333.33', kg: '7654.322' },
    ],
    bags: 500,
  });
  ({ yearId, openYearId, amcosManager } = year);
  seasonId = year.cashew.seasonId;
}, 180_000);

const HAND_WORKED = {
  surplus: '5000000.00',
  reservePercent: '25.00',
  dividendPercent: '7.00',
  bonusPerKg: '25.50',
  reserve: '1250000.00',
  dividend: '268333.33',
  bonus: '1275000.00',
  retained: '2206666.67',
};
const LINES = [
  ['Alpha AMCOS', '1000000.00', '12345.678', '70000.00', '314814.79', '384814.79'],
  ['Beta AMCOS', '2500000.00', '30000.000', '175000.00', '765000.00', '940000.00'],
  ['Gamma AMCOS', '333333.33', '7654.322', '23333.33', '195185.21', '218518.54'],
];
const lineRows = (a: Pick<AppropriationFigures, 'lines'>) =>
  a.lines.map((l) => [
    l.amcosName.split(' ').slice(0, 2).join(' '),
    l.paidShares,
    l.kg,
    l.dividend,
    l.bonus,
    l.payable,
  ]);

describe('the appropriation of the surplus, hand-worked through the API', () => {
  it('previews the figures from the books: the closed year, the paid shares, the kg', async () => {
    const r = await ctx.t.request<{ data: AppropriationFigures }>('POST', '/members/appropriations/preview', {
      token: ctx.accountant.access,
      body: body(),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ ...HAND_WORKED, yearName: `FY ${P}` });
    expect(lineRows(r.body.data)).toEqual(LINES);
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const before = await counts();
    const open = await propose(ctx.accountant, body({ financialYearId: openYearId }));
    expect([open.status, open.body.message]).toEqual([
      409,
      `FY ${N} is open: its surplus is final once the year is closed`,
    ]);
    const tooMuch = await propose(ctx.accountant, body({ dividendPercent: '90' }));
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.errors?.dividendPercent?.[0]).toMatch(/exceed the surplus/);
    const badRate = await propose(ctx.accountant, body({ bonusPerKg: '-1' }));
    expect(badRate.status).toBe(400);
    const noSeason = await propose(ctx.accountant, body({ seasonId: crypto.randomUUID() }));
    expect(noSeason.status).toBe(404);
    const farmerSide = await propose(amcosManager);
    expect(farmerSide.status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('proposes, and a second proposal of the year waits for the first', async () => {
    const r = await propose(ctx.admin);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.data).toMatchObject({ ...HAND_WORKED, status: 'proposed', journalEntryId: null });
    expect(lineRows(r.body.data)).toEqual(LINES);
    const again = await propose(ctx.accountant);
    expect([again.status, again.body.message]).toEqual([
      409,
      `This year already has a proposal waiting for approval (${r.body.data.appropriationNo})`,
    ]);
    // Rejected by another person: nothing posted; the year may be proposed again.
    const self = await decide(ctx.admin, r.body.data.id, 'reject', 'Board asks for 6 %');
    expect(self.status).toBe(403);
    const rejected = await decide(ctx.manager, r.body.data.id, 'reject', 'Board asks for 6 %');
    expect(rejected.status, JSON.stringify(rejected.body)).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', rejectReason: 'Board asks for 6 %' });
    expect(await balanceOf('3103')).toBe('0.00');
  });

  it('is approved by another person only: posts the appropriation and drafts the AMCOS payments', async () => {
    const before = await counts();
    const proposed = await propose(ctx.admin);
    expect(proposed.status).toBe(201);
    const id = proposed.body.data.id;
    const self = await decide(ctx.admin, id, 'approve');
    expect([self.status, self.body.message]).toEqual([
      403,
      'You proposed this appropriation, so another person must decide on it',
    ]);
    const noRight = await decide(ctx.accountant, id, 'approve');
    expect(noRight.status).toBe(403);
    const early = await ctx.t.request<Saved>('PATCH', `/members/appropriations/${id}/approve`, {
      token: ctx.manager.access,
      body: { date: `${P}-12-31` },
    });
    expect([early.status, early.body.errors?.date]).toEqual([
      400,
      [`The AGM meets after FY ${P} ends (${P}-12-31)`],
    ]);
    const unchanged = await counts();
    expect([unchanged?.j, unchanged?.b]).toEqual([before?.j, before?.b]);
    const retainedBefore = await balanceOf('3102');
    const approved = await decide(ctx.manager, id, 'approve');
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.data).toMatchObject({ status: 'approved' });
    expect(approved.body.data.paymentBatchNo).toMatch(/^PB/);
    // The posting: Dr 3102 2,793,333.33 / Cr 3103 1,250,000.00, Cr 2106 1,543,333.33, balanced.
    const lines = await queryRows(
      ctx.t.db,
      z.object({ code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select a.code, l.debit::text as debit, l.credit::text as credit from journal_lines l
          join accounts a on a.id = l.account_id where l.entry_id = ${approved.body.data.journalEntryId}
          order by a.code`,
    );
    expect(lines.map((l) => [l.code, l.debit, l.credit])).toEqual([
      ['2106', '0.00', '1543333.33'],
      ['3102', '2793333.33', '0.00'],
      ['3103', '0.00', '1250000.00'],
    ]);
    expect(await balanceOf('3103')).toBe('1250000.00');
    expect(await balanceOf('2106')).toBe('1543333.33');
    expect(await balanceOf('3102')).toBe(
      (BigInt(String(retainedBefore).replace('.', '')) - 279333333n).toString().replace(/(\d{2})$/, '.$1'),
    );
    // The payment batch: a line per AMCOS, their payables, adding up to 2106.
    const batch = await queryRows(
      ctx.t.db,
      z.object({ payee: z.string(), amount: z.string(), payable: z.string(), total: z.string() }),
      sql`select l.payee_name as payee, l.amount::text as amount, l.payable, b.total::text as total
          from payment_lines l join payment_batches b on b.id = l.batch_id
          where b.id = ${approved.body.data.paymentBatchId} order by l.payee_name`,
    );
    expect(
      batch.map((l) => [l.payee.split(' ').slice(0, 2).join(' '), l.amount, l.payable, l.total]),
    ).toEqual([
      ['Alpha AMCOS', '384814.79', 'dividends_payable', '1543333.33'],
      ['Beta AMCOS', '940000.00', 'dividends_payable', '1543333.33'],
      ['Gamma AMCOS', '218518.54', 'dividends_payable', '1543333.33'],
    ]);
    // Decided once; the year is appropriated once.
    expect((await decide(ctx.manager, id, 'approve')).status).toBe(409);
    const again = await propose(ctx.accountant);
    expect([again.status, again.body.message]).toEqual([
      409,
      `This year's surplus is already appropriated (${proposed.body.data.appropriationNo})`,
    ]);
  });

  it('lists them for union staff; AMCOS users are refused', async () => {
    const list = await ctx.t.request<AppropriationList>('GET', '/members/appropriations', {
      token: ctx.accountant.access,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a) => a.status)).toEqual(['approved', 'rejected']);
    const denied = await ctx.t.request('GET', '/members/appropriations', { token: amcosManager.access });
    expect(denied.status).toBe(403);
    // An AMCOS user reads their own society's line only, read-only.
    const own = await ctx.t.request<{ data: { amcosName: string; payable: string }[] }>(
      'GET',
      '/members/appropriations/mine',
      { token: amcosManager.access },
    );
    expect(own.status).toBe(200);
    expect(own.body.data.map((l) => [l.amcosName.split(' ').slice(0, 2).join(' '), l.payable])).toEqual([
      ['Alpha AMCOS', '384814.79'],
    ]);
    const union = await ctx.t.request('GET', '/members/appropriations/mine', {
      token: ctx.accountant.access,
    });
    expect(union.status).toBe(403);
  });

  it('keeps the statutory reserve as a union setting', async () => {
    const read = await ctx.t.request<{ data: { reservePercent: string } }>(
      'GET',
      '/members/appropriations/settings',
      {
        token: ctx.accountant.access,
      },
    );
    expect(read.body.data.reservePercent).toBe('25.00');
    const saved = await ctx.t.request<{ data: { reservePercent: string } }>(
      'PUT',
      '/members/appropriations/settings',
      {
        token: ctx.accountant.access,
        body: { reservePercent: '30' },
      },
    );
    expect([saved.status, saved.body.data.reservePercent]).toEqual([200, '30.00']);
    const bad = await ctx.t.request('PUT', '/members/appropriations/settings', {
      token: ctx.accountant.access,
      body: { reservePercent: '130' },
    });
    expect(bad.status).toBe(400);
  });
});
