import type {
  ControlAccounts,
  DeductionRule,
  FarmerLoan,
  FarmerStatement,
  Member,
  MemberStatement,
  SettlementDetails,
  SettlementPreview,
} from '@ushirika/contracts';
import { dec, sum, toGroupedAmount } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, type TestApp } from '../../../../test/harness.ts';
import {
  makeFarmers,
  makePaidLot,
  makeRule,
  makeSettlementWorld,
  memberSharesRule,
  roleBalance,
  type SettlementWorld,
  startSettlementApp,
  unpaidLines,
} from '../../../../test/settlement-fixtures.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import { accountId } from '../../accounts/testing.ts';

/**
 * Members' unpaid shares paid from crop money (#32), hand-worked. One lot of 1,400 kg at 1,000 =
 * 1,400,000; AMCOS levy 20/kg = 28,000; the farmers' 1,372,000 is 980 per collected kg:
 * - A (member, subscribed 400,000, paid 100,000 in cash; a loan of 500,000): owed 600 kg = 588,000;
 *   the loan first, 500,000; the shares take the 88,000 left (unpaid 300,000); A is paid 0.
 * - B (member, shares fully paid): owed 294,000, nothing deducted.
 * - C (no member): owed 98,000, nothing deducted.
 * - D (member, subscribed 200,000, nothing paid): owed 392,000; shares 200,000; paid 192,000.
 * Totals: shares 288,000; loans 500,000; farmers 584,000; AMCOS 28,000 + 288,000 = 316,000 on its
 * payment line. 28,000 + 500,000 + 288,000 + 584,000 = 1,400,000.
 */

let t: TestApp;
let admin: Session;
let finance: Session;
let officer: Session;
let manager: Session;
let world: SettlementWorld;
let farmers: { id: string; farmerNo: string }[];
const memberOf: Record<string, string> = {};

type Reply<T> = { data: T; message: string; errors?: Record<string, string[]> };

async function join(farmerId: string, sharesSubscribed: string, paid?: string): Promise<string> {
  const r = await t.request<Reply<Member>>('POST', '/members', {
    token: manager.access,
    body: { society: world.amcosId, farmerId, joinedOn: '2026-01-10', sharesSubscribed },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  if (paid) await payCash(r.body.data.id, paid);
  return r.body.data.id;
}
async function payCash(memberId: string, amount: string) {
  const r = await t.request<Reply<Member>>('POST', `/members/${memberId}/payments`, {
    token: manager.access,
    body: { kind: 'shares', amount, paidOn: '2026-02-01' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r;
}
const memberRow = async (id: string) =>
  (await t.request<Reply<Member>>('GET', `/members/${id}`, { token: manager.access })).body.data;

const preview = async () =>
  (
    await t.request<Reply<SettlementPreview>>('POST', '/payments/settlements/preview', {
      token: officer.access,
      body: { amcosId: world.amcosId },
    })
  ).body.data;
async function settle(): Promise<SettlementDetails> {
  const r = await t.request<Reply<SettlementDetails>>('POST', '/payments/settlements', {
    token: admin.access,
    body: { amcosId: world.amcosId },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.data;
}
const approve = (id: string) =>
  t.request<Reply<SettlementDetails>>('PATCH', `/payments/settlements/${id}/approve`, {
    token: finance.access,
  });

/** The society's sub-ledger: shares paid since going live (register) and its payments. */
async function subLedger() {
  const [row] = await queryRows(
    t.db,
    z.object({ register: z.string(), payments: z.string(), fromCrop: z.string() }),
    sql`select (select coalesce(sum(shares_paid - opening_shares_paid), 0) from members
                where amcos_id = ${world.amcosId})::numeric(18,2)::text as register,
          (select coalesce(sum(p.amount), 0) from member_payments p join members m on m.id = p.member_id
           where m.amcos_id = ${world.amcosId} and p.kind = 'shares')::numeric(18,2)::text as payments,
          (select coalesce(sum(p.amount), 0) from member_payments p join members m on m.id = p.member_id
           where m.amcos_id = ${world.amcosId} and p.settlement_id is not null)::numeric(18,2)::text as "fromCrop"`,
  );
  return row;
}
const farmerNos = () => farmers.map((f) => f.farmerNo);

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  world = await makeSettlementWorld(t.db);
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  await makeRule(t.db, world, {
    name: 'AMCOS levy',
    recipient: 'amcos',
    basis: 'per_kg',
    rate: '20',
    order: 1,
  });
  farmers = await makeFarmers(t.db, world, ['bank', 'bank', 'mobile', 'mobile']);
  const [a, b, , d] = farmers.map((f) => f.id) as [string, string, string, string];
  memberOf.A = await join(a, '400000', '100000');
  memberOf.B = await join(b, '50000', '50000');
  memberOf.D = await join(d, '200000');
  const loan = await t.request<Reply<FarmerLoan>>('POST', '/payments/loans', {
    token: officer.access,
    body: {
      farmerId: a,
      issuedOn: '2026-09-01',
      amount: '500000',
      reason: 'Cash advance',
      bankAccountId: await accountId(t, 'collection', '1101'),
    },
  });
  expect(loan.status).toBe(201);
  expect(
    (await t.request('PATCH', `/payments/loans/${loan.body.data.id}/approve`, { token: finance.access }))
      .status,
  ).toBe(200);
});
afterAll(() => t.close());

describe('the member-shares rule kind', () => {
  const rules = () => `/settings/collection/season-crops/${world.seasonCropId}/deduction-rules`;

  it('is its own kind, paid by the farmer to the AMCOS as a percent of what is left after loans', async () => {
    const wrong = await t.request<Reply<DeductionRule>>('POST', rules(), {
      token: admin.access,
      body: memberSharesRule('20', { basis: 'per_kg' }),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors?.basis).toEqual([
      "Member shares take a percent of the farmer's money after loans: choose percent",
    ]);
    const made = await t.request<Reply<DeductionRule>>('POST', rules(), {
      token: admin.access,
      body: memberSharesRule('100', { order: 9 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.data).toMatchObject({ kind: 'member_shares', recipient: 'amcos', rate: '100.000000' });
    // The rule takes nothing out of the gross: the sample sale shows the levies only.
    const sample = await t.request<Reply<{ farmerLines: { name: string }[] }>>(
      'POST',
      `/settings/collection/season-crops/${world.seasonCropId}/deduction-preview`,
      { token: admin.access, body: { kg: '1000', pricePerKg: '1000', bags: 10 } },
    );
    expect(sample.body.data.farmerLines.map((l) => l.name)).toEqual(['AMCOS levy']);
  });
});

describe('paying unpaid shares from crop money at settlement', () => {
  let first: SettlementDetails;

  it('previews loans first, then shares from what is left, never more than unpaid', async () => {
    const [a, b, c, d] = farmers.map((f) => f.id) as [string, string, string, string];
    await makePaidLot(t.db, world, {
      collections: [
        { farmerId: a, kg: '600.000' },
        { farmerId: b, kg: '300.000' },
        { farmerId: c, kg: '100.000' },
        { farmerId: d, kg: '400.000' },
      ],
      price: '1000',
    });
    const p = await preview();
    expect(p).toMatchObject({
      gross: '1400000.00',
      amcosShare: '28000.00',
      loanRecovery: '500000.00',
      memberShares: '288000.00',
      farmersNet: '584000.00',
    });
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
    const line = (no: string | undefined) => p.farmers.find((f) => f.farmerNo === no);
    const [A, B, C, D] = farmerNos();
    expect(line(A)).toMatchObject({
      owed: '588000.00',
      loanRecovery: '500000.00',
      memberShares: '88000.00',
      net: '0.00',
    });
    expect(line(B)).toMatchObject({ owed: '294000.00', memberShares: '0.00', net: '294000.00' });
    expect(line(C)).toMatchObject({ owed: '98000.00', memberShares: '0.00', net: '98000.00' });
    expect(line(D)).toMatchObject({ owed: '392000.00', memberShares: '200000.00', net: '192000.00' });
    for (const f of p.farmers) expect(sum([f.loanRecovery, f.memberShares, f.net]).toFixed(2)).toBe(f.owed);
    expect(p.lots[0]?.memberShares).toBe('288000.00');
  });

  it('approval credits the shares, pays them to the AMCOS on its line and posts them, in one go', async () => {
    first = await settle();
    expect(first).toMatchObject({ memberShares: '288000.00', farmersNet: '584000.00' });
    // nothing is credited by a draft
    expect((await memberRow(memberOf.A ?? '')).sharesPaid).toBe('100000.00');
    const r = await approve(first.id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await memberRow(memberOf.A ?? '')).toMatchObject({
      sharesPaid: '188000.00',
      sharesUnpaid: '212000.00',
    });
    expect(await memberRow(memberOf.B ?? '')).toMatchObject({ sharesPaid: '50000.00', sharesUnpaid: '0.00' });
    expect(await memberRow(memberOf.D ?? '')).toMatchObject({
      sharesPaid: '200000.00',
      sharesUnpaid: '0.00',
    });
    // The AMCOS's line: its levy and the shares, 316,000; the control account agrees.
    const [amcosLine] = await queryRows(
      t.db,
      z.object({ amount: z.string() }),
      sql`select amount::text from payment_lines where settlement_id = ${first.id} and party_type = 'amcos'`,
    );
    expect(amcosLine?.amount).toBe('316000.00');
    expect(await roleBalance(t.db, 'payable_amcos')).toBe('316000.00');
    expect(await unpaidLines(t.db, 'payable_amcos')).toBe('316000.00');
    const [farmerLines] = await queryRows(
      t.db,
      z.object({ n: z.number(), total: z.string() }),
      sql`select count(*)::int as n, sum(amount)::text as total from payment_lines
          where settlement_id = ${first.id} and party_type = 'farmer'`,
    );
    expect(farmerLines).toEqual({ n: 3, total: '584000.00' });
    const control = await t.request<Reply<ControlAccounts>>('GET', '/reports/control-accounts', {
      token: admin.access,
    });
    expect(control.body.data.checks.filter((c) => c.difference !== '0.00')).toEqual([]);
    // Sub-ledger: the society's shares paid = cash 150,000 + crop money 288,000.
    expect(await subLedger()).toEqual({
      register: '438000.00',
      payments: '438000.00',
      fromCrop: '288000.00',
    });
  });

  it("shows the payment from crop money on the member's statement", async () => {
    const s = await t.request<Reply<MemberStatement>>('GET', `/members/${memberOf.A}/statement`, {
      token: manager.access,
    });
    expect(s.body.data.lines.map((l) => [l.amount, l.settlementNo, l.sharesPaidAfter])).toEqual([
      ['100000.00', null, '100000.00'],
      ['88000.00', first.settlementNo, '188000.00'],
    ]);
    expect(s.body.data.lines[1]?.receiptNo).toBe(`${first.settlementNo}/${farmerNos()[0]}`);
  });

  it("tells the farmer what the shares took: the farmer's statement and the settlement SMS (#31)", async () => {
    const d = farmers[3]?.id ?? '';
    const statement = await t.request<Reply<FarmerStatement>>('GET', `/collections/farmers/${d}/statement`, {
      token: manager.access,
    });
    const row = statement.body.data.settlements.rows.find((r) => r.settlementId === first.id);
    expect(row).toMatchObject({ memberShares: '200000.00' });
    // What the farmer was owed is what the loans, the shares and the net add up to.
    expect(
      dec(row?.grossShare ?? '0')
        .minus(row?.deductions ?? '0')
        .toFixed(2),
    ).toBe(sum([row?.loanRecovery ?? '0', row?.memberShares ?? '0', row?.net ?? '0']).toFixed(2));
    expect(statement.body.data.settlements.totals.memberShares).toBe('200000.00');
    const [sms] = await queryRows(
      t.db,
      z.object({ body: z.string() }),
      sql`select body from sms_outbox where event_key = ${`settlement-approved:${first.id}:${d}`}`,
    );
    expect(sms?.body).toContain(`mkopo 0, hisa 200,000. Utapata TZS ${toGroupedAmount(row?.net ?? '0')}.`);
  });

  it('approving again changes nothing', async () => {
    const before = await subLedger();
    const again = await approve(first.id);
    expect(again.status).toBe(409);
    expect(await subLedger()).toEqual(before);
    expect((await memberRow(memberOf.A ?? '')).sharesPaid).toBe('188000.00');
  });

  it('a next lot takes only what is still unpaid; fully paid members are untouched', async () => {
    const [a, b, , d] = farmers.map((f) => f.id) as [string, string, string, string];
    // A: 300 kg x 1,000 = 300,000 - 6,000 levy = 294,000 owed; no loan left; unpaid 212,000.
    await makePaidLot(t.db, world, {
      collections: [
        { farmerId: a, kg: '300.000' },
        { farmerId: b, kg: '100.000' },
        { farmerId: d, kg: '100.000' },
      ],
      price: '1000',
    });
    const p = await preview();
    const [A, B, , D] = farmerNos();
    const line = (no: string | undefined) => p.farmers.find((f) => f.farmerNo === no);
    expect(line(A)).toMatchObject({
      owed: '294000.00',
      loanRecovery: '0.00',
      memberShares: '212000.00',
      net: '82000.00',
    });
    expect(line(B)).toMatchObject({ memberShares: '0.00', net: '98000.00' });
    expect(line(D)).toMatchObject({ memberShares: '0.00', net: '98000.00' });
    expect(p.memberShares).toBe('212000.00');
  });

  it('refuses to approve a draft whose shares were paid in cash since, and changes nothing', async () => {
    const draft = await settle();
    await payCash(memberOf.A ?? '', '12000');
    const before = await subLedger();
    const r = await approve(draft.id);
    expect(r.status).toBe(409);
    expect(r.body.message).toMatch(/shares were paid since this draft/);
    expect(await subLedger()).toEqual(before);
    const [posted] = await queryRows(
      t.db,
      countRow,
      sql`select count(*)::int as n from journal_entries where source_id = ${draft.id}`,
    );
    expect(posted?.n).toBe(0);
    // Cancelled and settled again: the 200,000 still unpaid.
    const cancelled = await t.request('PATCH', `/payments/settlements/${draft.id}/cancel`, {
      token: admin.access,
      body: { reason: 'Shares paid in cash' },
    });
    expect(cancelled.status).toBe(200);
    const again = await settle();
    expect(again.memberShares).toBe('200000.00');
    expect((await approve(again.id)).status).toBe(200);
    expect(await memberRow(memberOf.A ?? '')).toMatchObject({
      sharesPaid: '400000.00',
      sharesUnpaid: '0.00',
    });
    expect(await subLedger()).toEqual({
      register: '650000.00',
      payments: '650000.00',
      fromCrop: '488000.00',
    });
    expect(dec((await subLedger())?.register ?? '0').eq(dec('150000').plus('12000').plus('488000'))).toBe(
      true,
    );
  });
});
