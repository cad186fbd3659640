import type {
  ControlAccounts,
  DeductionRule,
  Member,
  MemberStatement,
  SettlementDetails,
  SettlementPreview,
} from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, type TestApp } from '../../../../test/harness.ts';
import {
  makeFarmers,
  makePaidLot,
  makeRule,
  makeSettlementWorld,
  roleBalance,
  type SettlementWorld,
  startSettlementApp,
  unpaidLines,
} from '../../../../test/settlement-fixtures.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import { accountId } from '../../accounts/testing.ts';

/**
 * An AMCOS pays its unpaid union shares from its levy at settlement (#32), hand-worked. Two AMCOS,
 * each with its own season crop, an AMCOS levy of 20 per kg and an AMCOS-shares rule:
 * - X (union register: subscribed 200,000, paid 40,000 in cash; unpaid 160,000), rule 50 %:
 *   lot X1 1,000 kg x 1,000: levy 20,000, half = 10,000; lot X2 8,000 kg x 1,000: levy 160,000,
 *   half = 80,000. X pays 90,000 of its shares; its payment line is 180,000 - 90,000 = 90,000.
 * - Y (subscribed 50,000, fully paid in cash), rule 100 %: lot Y1 500 kg x 1,000: levy 10,000,
 *   nothing taken; its line is 10,000.
 * Posting: Collection Dr 2101 90,000 / Cr 2105 90,000; Operation Dr 1204 90,000 / Cr 3101 90,000.
 * Share capital 3101 = 40,000 + 50,000 + 90,000 = 180,000 = the register's shares paid.
 * Then lot X3 10,000 kg: levy 200,000, half = 100,000, capped by the 70,000 still unpaid.
 */

let t: TestApp;
let admin: Session;
let finance: Session;
let officer: Session;
let managerX: Session;
let managerY: Session;
let worldX: SettlementWorld;
let worldY: SettlementWorld;
let bank: string;
const member: Record<'X' | 'Y', string> = { X: '', Y: '' };
const lots: Record<string, string> = {};

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };

const rules = (w: SettlementWorld) => `/settings/collection/season-crops/${w.seasonCropId}/deduction-rules`;
const shareRule = (w: SettlementWorld, rate: string, extra: Record<string, unknown> = {}) =>
  t.request<Reply<DeductionRule>>('POST', rules(w), {
    token: admin.access,
    body: {
      name: 'AMCOS shares to the union',
      kind: 'amcos_shares',
      recipient: 'amcos',
      payer: 'farmer',
      basis: 'percent_of_gross',
      rate,
      order: 9,
      ...extra,
    },
  });

async function joinUnion(amcosId: string, sharesSubscribed: string, paid: string): Promise<string> {
  const r = await t.request<Reply<Member>>('POST', '/members', {
    token: admin.access,
    body: { society: 'union', memberAmcosId: amcosId, joinedOn: '2026-01-10', sharesSubscribed },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  await payCash(r.body.data.id, paid);
  return r.body.data.id;
}
async function payCash(memberId: string, amount: string) {
  const r = await t.request<Reply<Member>>('POST', `/members/${memberId}/payments`, {
    token: admin.access,
    body: { kind: 'shares', amount, paidOn: '2026-02-01', bankAccountId: bank },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
}
const memberRow = async (id: string) =>
  (await t.request<Reply<Member>>('GET', `/members/${id}`, { token: admin.access })).body.data;

const preview = async (lotIds: string[]) => {
  const r = await t.request<Reply<SettlementPreview>>('POST', '/payments/settlements/preview', {
    token: officer.access,
    body: { lotIds },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
async function settle(lotIds: string[]): Promise<SettlementDetails> {
  const r = await t.request<Reply<SettlementDetails>>('POST', '/payments/settlements', {
    token: admin.access,
    body: { lotIds },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}
const approve = (id: string) =>
  t.request<Reply<SettlementDetails>>('PATCH', `/payments/settlements/${id}/approve`, {
    token: finance.access,
  });

/** The union's register beside share capital, and what the crop money paid. */
async function ledger() {
  const [row] = await queryRows(
    t.db,
    z.object({ register: z.string(), capital: z.string(), fromCrop: z.string(), entries: z.number() }),
    sql`select (select coalesce(sum(shares_paid), 0) from members where amcos_id is null)::numeric(18,2)::text
            as register,
          (select coalesce(sum(l.credit - l.debit), 0) from journal_lines l join accounts a on a.id = l.account_id
           where a.book = 'operation' and a.code = '3101')::numeric(18,2)::text as capital,
          (select coalesce(sum(p.amount), 0) from member_payments p join members m on m.id = p.member_id
           where m.amcos_id is null and p.settlement_id is not null)::numeric(18,2)::text as "fromCrop",
          (select count(*)::int from journal_entries where source_type = 'settlement_amcos_shares') as entries`,
  );
  return row;
}

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  worldX = await makeSettlementWorld(t.db);
  worldY = await makeSettlementWorld(t.db);
  managerX = await sessionAs(t, 'AMCOS Manager', { amcosId: worldX.amcosId });
  managerY = await sessionAs(t, 'AMCOS Manager', { amcosId: worldY.amcosId });
  bank = await accountId(t, 'operation', '1101');
  for (const w of [worldX, worldY])
    await makeRule(t.db, w, {
      name: 'AMCOS levy',
      recipient: 'amcos',
      basis: 'per_kg',
      rate: '20',
      order: 1,
    });
  member.X = await joinUnion(worldX.amcosId, '200000', '40000');
  member.Y = await joinUnion(worldY.amcosId, '50000', '50000');
  const [fx] = await makeFarmers(t.db, worldX, ['bank']);
  const [fy] = await makeFarmers(t.db, worldY, ['mobile']);
  const lot = async (w: SettlementWorld, farmerId: string, kg: string) =>
    (await makePaidLot(t.db, w, { collections: [{ farmerId, kg }], price: '1000' })).lotId;
  lots.X1 = await lot(worldX, fx?.id ?? '', '1000.000');
  lots.X2 = await lot(worldX, fx?.id ?? '', '8000.000');
  lots.Y1 = await lot(worldY, fy?.id ?? '', '500.000');
});
afterAll(() => t.close());

describe('the AMCOS-shares rule kind', () => {
  it('is its own kind: a percent of the AMCOS levy, no limits', async () => {
    const wrong = await shareRule(worldX, '50', { basis: 'per_kg' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.basis).toEqual([
      "AMCOS shares take a percent of the AMCOS's levy: choose percent",
    ]);
    const capped = await shareRule(worldX, '50', { maximum: '1000' });
    expect(capped.status).toBe(400);
    const made = await shareRule(worldX, '50');
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ kind: 'amcos_shares', rate: '50.000000' });
    expect((await shareRule(worldY, '100')).status).toBe(201);
    // It takes nothing out of the gross: the sample sale shows the levy only.
    const sample = await t.request<Reply<{ farmerLines: { name: string }[] }>>(
      'POST',
      `/settings/collection/season-crops/${worldX.seasonCropId}/deduction-preview`,
      { token: admin.access, body: { kg: '1000', pricePerKg: '1000', bags: 10 } },
    );
    expect(sample.body.data.farmerLines.map((l) => l.name)).toEqual(['AMCOS levy']);
  });
});

describe("an AMCOS's union shares from its levy at settlement", () => {
  let first: SettlementDetails;

  it('previews the part of each levy, never more than the unpaid shares; a paid-up AMCOS gives nothing', async () => {
    const p = await preview([lots.X1 ?? '', lots.X2 ?? '', lots.Y1 ?? '']);
    expect(p).toMatchObject({
      gross: '9500000.00',
      amcosShare: '190000.00',
      amcosShares: '90000.00',
      farmersNet: '9310000.00',
    });
    // The reconcile is unchanged: the AMCOS shares are part of the AMCOS's share.
    expect(
      sum([
        p.amcosShare,
        p.loanRecovery,
        p.memberShares,
        p.farmersNet,
        p.beneficiaries,
        p.transporters,
      ]).toFixed(2),
    ).toBe(p.gross);
    const byLot = Object.fromEntries(p.lots.map((l) => [l.lotId, [l.amcosShare, l.amcosShares]]));
    expect(byLot).toEqual({
      [lots.X1 ?? '']: ['20000.00', '10000.00'],
      [lots.X2 ?? '']: ['160000.00', '80000.00'],
      [lots.Y1 ?? '']: ['10000.00', '0.00'],
    });
  });

  it('approval pays the shares, cuts the AMCOS line and posts across the books, in one go', async () => {
    first = await settle([lots.X1 ?? '', lots.X2 ?? '', lots.Y1 ?? '']);
    expect(first).toMatchObject({ amcosShare: '190000.00', amcosShares: '90000.00' });
    expect((await memberRow(member.X)).sharesPaid).toBe('40000.00');
    const r = await approve(first.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await memberRow(member.X)).toMatchObject({ sharesPaid: '130000.00', sharesUnpaid: '70000.00' });
    expect(await memberRow(member.Y)).toMatchObject({ sharesPaid: '50000.00', sharesUnpaid: '0.00' });
    const amcosLines = await queryRows(
      t.db,
      z.object({ amcosId: z.string(), amount: z.string() }),
      sql`select party_id as "amcosId", amount::text from payment_lines
          where settlement_id = ${first.id} and party_type = 'amcos' order by amount desc`,
    );
    expect(amcosLines).toEqual([
      { amcosId: worldX.amcosId, amount: '90000.00' },
      { amcosId: worldY.amcosId, amount: '10000.00' },
    ]);
    expect(await roleBalance(t.db, 'payable_amcos')).toBe('100000.00');
    expect(await unpaidLines(t.db, 'payable_amcos')).toBe('100000.00');
    const posted = await queryRows(
      t.db,
      z.object({ book: z.string(), code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select e.book, a.code, l.debit::text as debit, l.credit::text as credit
          from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
          where e.source_type = 'settlement_amcos_shares' and e.source_id = ${first.id}
          order by e.book, a.code`,
    );
    expect(posted).toEqual([
      { book: 'collection', code: '2101', debit: '90000.00', credit: '0.00' },
      { book: 'collection', code: '2105', debit: '0.00', credit: '90000.00' },
      { book: 'operation', code: '1204', debit: '90000.00', credit: '0.00' },
      { book: 'operation', code: '3101', debit: '0.00', credit: '90000.00' },
    ]);
    expect(await ledger()).toEqual({
      register: '180000.00',
      capital: '180000.00',
      fromCrop: '90000.00',
      entries: 2,
    });
    const control = await t.request<Reply<ControlAccounts>>('GET', '/reports/control-accounts', {
      token: admin.access,
    });
    expect(control.body.data.checks.find((c) => c.key === 'member_shares')).toMatchObject({
      controlBalance: '180000.00',
      subledgerBalance: '180000.00',
      difference: '0.00',
    });
    expect(control.body.data.checks.filter((c) => c.difference !== '0.00')).toEqual([]);
  });

  it("lists the payment on the AMCOS's share statement in the union", async () => {
    const [code] = await queryRows(
      t.db,
      z.object({ code: z.string() }),
      sql`select code from amcos where id = ${worldX.amcosId}`,
    );
    const s = await t.request<Reply<MemberStatement>>('GET', `/members/${member.X}/statement`, {
      token: admin.access,
    });
    expect(s.body.data.lines.map((l) => [l.amount, l.settlementNo, l.sharesPaidAfter])).toEqual([
      ['40000.00', null, '40000.00'],
      ['90000.00', first.settlementNo, '130000.00'],
    ]);
    expect(s.body.data.lines[1]?.receiptNo).toBe(`${first.settlementNo}/${code?.code}`);
    expect(s.body.data.lines[1]?.journalEntryId).toBeTruthy();
  });

  it('each AMCOS reads its own lots and share of it, never the other’s', async () => {
    const seen = async (s: Session) =>
      (
        await t.request<Reply<SettlementDetails>>('GET', `/payments/settlements/${first.id}`, {
          token: s.access,
        })
      ).body.data;
    expect(await seen(managerX)).toMatchObject({
      amcosShare: '180000.00',
      amcosShares: '90000.00',
      lotCount: 2,
    });
    expect(await seen(managerY)).toMatchObject({ amcosShare: '10000.00', amcosShares: '0.00', lotCount: 1 });
    const other = await t.request('GET', `/members/${member.X}/statement`, { token: managerY.access });
    expect(other.status).toBe(403);
  });

  it('approving again changes nothing', async () => {
    const before = await ledger();
    expect((await approve(first.id)).status).toBe(409);
    expect(await ledger()).toEqual(before);
    expect((await memberRow(member.X)).sharesPaid).toBe('130000.00');
  });

  it('takes no more than the unpaid shares, and refuses a draft whose shares were paid in cash since', async () => {
    const [fx] = await queryRows(
      t.db,
      z.object({ id: z.string() }),
      sql`select id from farmers where amcos_id = ${worldX.amcosId} limit 1`,
    );
    lots.X3 = (
      await makePaidLot(t.db, worldX, {
        collections: [{ farmerId: fx?.id ?? '', kg: '10000.000' }],
        price: '1000',
      })
    ).lotId;
    // Levy 200,000, half is 100,000: the 70,000 still unpaid is the limit.
    const p = await preview([lots.X3]);
    expect(p).toMatchObject({ amcosShare: '200000.00', amcosShares: '70000.00' });
    const draft = await settle([lots.X3]);
    await payCash(member.X, '10000');
    const before = await ledger();
    const lines = async () =>
      (
        await queryRows(
          t.db,
          countRow,
          sql`select count(*)::int as n from journal_entries where source_id = ${draft.id}`,
        )
      )[0]?.n;
    const r = await approve(draft.id);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/union shares were paid since this draft/);
    expect(await ledger()).toEqual(before);
    expect(await lines()).toBe(0);
    expect((await memberRow(member.X)).sharesPaid).toBe('140000.00');
    const [status] = await queryRows(
      t.db,
      z.object({ status: z.string() }),
      sql`select status from settlements where id = ${draft.id}`,
    );
    expect(status?.status).toBe('draft');
  });
});
