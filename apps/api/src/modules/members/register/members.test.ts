import type { Member, MemberList, MemberStatement } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { uniq } from '../../../../test/master-data.ts';
import { bookBalance } from '../../../../test/members-fixtures.ts';
import { queryRows } from '../../../db/rows.ts';
import { accountId, THIS_YEAR } from '../../accounts/testing.ts';
import { farmers } from '../../farmers/schema.ts';

/**
 * Member registers (#32), hand-worked: three AMCOS join the union subscribing 1,000,000, 600,000
 * and 400,000 in shares. A pays 1,000,000 in two parts (600,000 + 400,000) and a 50,000 entrance
 * fee; B pays 250,000; C nothing. Share capital (Operation 3101) = 1,250,000 = the register's paid
 * shares; entrance fees (4204) = 50,000; the operation bank received 1,300,000.
 */

let t: TestApp;
let accountant: Session;
let auditor: Session;
let manager: Session;
let otherManager: Session;
let societies: { id: string; code: string }[];
let operationBank: string;
let farmerIds: string[];
let otherFarmer: string;

async function makeFarmer(amcosId: string, n: number) {
  const [row] = await t.db
    .insert(farmers)
    .values({
      farmerNo: `M${uniq()}-${n}`,
      amcosId,
      firstName: `Member${n}`,
      lastName: 'Test',
      gender: 'Female',
    })
    .returning({ id: farmers.id });
  if (!row) throw new Error('farmer not made');
  return row.id;
}

beforeAll(async () => {
  t = await startTestApp();
  accountant = await sessionAs(t, 'Accountant');
  auditor = await sessionAs(t, 'Auditor');
  societies = [];
  for (const name of ['Alpha', 'Beta', 'Gamma']) {
    const a = await makeAmcos(t, name);
    societies.push({ id: a.id, code: a.code });
  }
  const own = societies[0]?.id ?? '';
  const other = societies[1]?.id ?? '';
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: own });
  otherManager = await sessionAs(t, 'AMCOS Manager', { amcosId: other });
  operationBank = await accountId(t, 'operation', '1101');
  farmerIds = [await makeFarmer(own, 1), await makeFarmer(own, 2)];
  otherFarmer = await makeFarmer(other, 3);
});
afterAll(() => t.close());

type Saved = { message: string; data: Member; errors?: Record<string, string[]> };
const join = (s: Session, body: Record<string, unknown>) =>
  t.request<Saved>('POST', '/members', {
    token: s.access,
    body: { joinedOn: `${THIS_YEAR}-01-10`, ...body },
  });
const pay = (s: Session, id: string, body: Record<string, unknown>) =>
  t.request<Saved>('POST', `/members/${id}/payments`, {
    token: s.access,
    body: { paidOn: `${THIS_YEAR}-02-01`, kind: 'shares', ...body },
  });
const register = (s: Session, society: string, query = '') =>
  t.request<MemberList>('GET', `/members?society=${society}${query}`, { token: s.access });

const balanceOf = (code: string) => bookBalance(t, code);

const unionMembers: Record<string, string> = {};

describe('the union’s register: its AMCOS, their shares and entrance fees', () => {
  it('registers three AMCOS, numbered by their code unless given', async () => {
    for (const [i, shares] of ['1000000', '600000', '400000'].entries()) {
      const s = societies[i];
      const r = await join(accountant, { society: 'union', memberAmcosId: s?.id, sharesSubscribed: shares });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      expect(r.body.data).toMatchObject({
        society: 'union',
        memberNo: s?.code,
        sharesSubscribed: `${shares}.00`,
        sharesPaid: '0.00',
        status: 'pending',
      });
      unionMembers[String(i)] = r.body.data.id;
    }
    const again = await join(accountant, {
      society: 'union',
      memberAmcosId: societies[0]?.id,
      sharesSubscribed: '1',
    });
    expect(again.status).toBe(409);
  });

  it('posts each payment: Dr the bank that received it / Cr share capital or entrance fees', async () => {
    const a = unionMembers['0'] ?? '';
    expect((await pay(accountant, a, { amount: '600000', bankAccountId: operationBank })).status).toBe(201);
    expect((await pay(accountant, a, { amount: '400000', bankAccountId: operationBank })).status).toBe(201);
    const fee = await pay(accountant, a, {
      kind: 'entrance_fee',
      amount: '50000',
      bankAccountId: operationBank,
    });
    expect(fee.status).toBe(201);
    expect(fee.body.data).toMatchObject({
      sharesPaid: '1000000.00',
      sharesUnpaid: '0.00',
      entranceFeePaid: '50000.00',
    });
    const b = await pay(accountant, unionMembers['1'] ?? '', {
      amount: '250000',
      bankAccountId: operationBank,
    });
    expect(b.body.data).toMatchObject({ sharesPaid: '250000.00', sharesUnpaid: '350000.00' });
    const lines = await queryRows(
      t.db,
      z.object({ code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select a.code, l.debit::text as debit, l.credit::text as credit
          from member_payments p join journal_entries e on e.source_type = 'member_payment' and e.source_id = p.id
          join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
          where p.member_id = ${a} and p.kind = 'entrance_fee' and e.book = 'operation' order by a.code`,
    );
    expect(lines).toEqual([
      { code: '1101', debit: '50000.00', credit: '0.00' },
      { code: '4204', debit: '0.00', credit: '50000.00' },
    ]);
    expect(await balanceOf('3101')).toBe('1250000.00');
    expect(await balanceOf('4204')).toBe('50000.00');
    expect(await balanceOf('1101')).toBe('-1300000.00');
  });

  it('refuses shares beyond the unpaid ones, or without a bank account, changing nothing', async () => {
    const b = unionMembers['1'] ?? '';
    const over = await pay(accountant, b, { amount: '350000.01', bankAccountId: operationBank });
    expect(over.status).toBe(400);
    expect(over.body.errors?.amount?.[0]).toBe('This is more than the unpaid shares (350000.00)');
    const noBank = await pay(accountant, b, { amount: '1000' });
    expect(noBank.status).toBe(400);
    const notBank = await pay(accountant, b, {
      amount: '1000',
      bankAccountId: await accountId(t, 'operation', '3101'),
    });
    expect(notBank.status).toBe(400);
    expect(await balanceOf('3101')).toBe('1250000.00');
    const listed = await register(accountant, 'union');
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    expect(listed.body.totals.sharesPaid).toBe('1250000.00');
  });

  it('share capital equals the register’s paid shares in the control accounts report', async () => {
    const r = await t.request<{
      data: {
        checks: { key: string; controlBalance: string; subledgerBalance: string; difference: string }[];
      };
    }>('GET', '/reports/control-accounts', { token: accountant.access });
    expect(r.body.data.checks.find((c) => c.key === 'member_shares')).toMatchObject({
      controlBalance: '1250000.00',
      subledgerBalance: '1250000.00',
      difference: '0.00',
    });
  });

  it('counts a member active once the by-law minimum is paid', async () => {
    const saved = await t.request('PUT', '/members/settings', {
      token: accountant.access,
      body: { society: 'union', shareMinimum: '300000' },
    });
    expect(saved.status).toBe(200);
    const r = await register(accountant, 'union', '&sort=member_no:asc&per_page=50');
    const byId = Object.fromEntries(r.body.data.map((m) => [m.id, m.status]));
    expect([
      byId[unionMembers['0'] ?? ''],
      byId[unionMembers['1'] ?? ''],
      byId[unionMembers['2'] ?? ''],
    ]).toEqual(['active', 'pending', 'pending']);
    expect(r.body.totals).toMatchObject({
      members: 3,
      sharesSubscribed: '2000000.00',
      sharesPaid: '1250000.00',
      shareMinimum: '300000.00',
    });
    const active = await register(accountant, 'union', '&status=active');
    expect(active.body.data.map((m) => m.id)).toEqual([unionMembers['0']]);
    expect(active.body.meta.total).toBe(1);
    // A page of one, newest number first: the whole register counted; past the end, a total of 0.
    const ordered = r.body.data.map((m) => m.id);
    const last = await register(accountant, 'union', '&sort=member_no:desc&per_page=1');
    expect([last.body.data.map((m) => m.id), last.body.meta.total]).toEqual([[ordered.at(-1)], 3]);
    const beyond = await register(accountant, 'union', '&per_page=2&page=3');
    expect([beyond.body.data, beyond.body.meta.total]).toEqual([[], 0]);
  });

  it('gives the member’s statement: each payment with the shares and fees paid after it, as pdf and xlsx', async () => {
    const a = unionMembers['0'] ?? '';
    const r = await t.request<{ data: MemberStatement }>('GET', `/members/${a}/statement`, {
      token: auditor.access,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.lines.map((l) => [l.kind, l.amount, l.sharesPaidAfter, l.feesPaidAfter])).toEqual([
      ['shares', '600000.00', '600000.00', '0.00'],
      ['shares', '400000.00', '1000000.00', '0.00'],
      ['entrance_fee', '50000.00', '1000000.00', '50000.00'],
    ]);
    expect(r.body.data.lines.every((l) => /^MP-\d{4}-\d{6}$/.test(l.receiptNo) && l.journalEntryId)).toBe(
      true,
    );
    const pdf = await t.request('GET', `/members/${a}/statement?format=pdf`, { token: auditor.access });
    expect(pdf.status).toBe(200);
    expect(String(pdf.headers.get('content-type'))).toContain('application/pdf');
    const xlsx = await t.request('GET', `/members/${a}/statement?format=xlsx`, { token: auditor.access });
    expect(xlsx.status).toBe(200);
    expect(String(xlsx.headers.get('content-type'))).toContain('spreadsheetml');
  });

  it('is union business: an auditor reads but cannot change it; AMCOS users cannot read it', async () => {
    expect(
      (await pay(auditor, unionMembers['2'] ?? '', { amount: '1', bankAccountId: operationBank })).status,
    ).toBe(403);
    expect(
      (await join(auditor, { society: 'union', memberAmcosId: societies[2]?.id, sharesSubscribed: '1' }))
        .status,
    ).toBe(403);
    expect((await register(manager, 'union')).status).toBe(403);
    for (const path of [
      `/members/${unionMembers['0']}`,
      `/members/${unionMembers['0']}/statement`,
      '/members/settings?society=union',
      '/members/candidates?society=union',
    ])
      expect((await t.request('GET', path, { token: manager.access })).status, path).toBe(403);
  });
});

describe('an AMCOS’s register: its farmers, seen only by its own users', () => {
  let memberId = '';
  it('registers a farmer under the farmer number and records shares paid to the society, posting nothing', async () => {
    const own = societies[0]?.id ?? '';
    const r = await join(manager, { society: own, farmerId: farmerIds[0], sharesSubscribed: '50000' });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    memberId = r.body.data.id;
    const paid = await pay(manager, memberId, { amount: '20000' });
    expect(paid.status, JSON.stringify(paid.body)).toBe(201);
    expect(paid.body.data).toMatchObject({ society: own, sharesPaid: '20000.00', sharesUnpaid: '30000.00' });
    const [entry] = await queryRows(
      t.db,
      z.object({ n: z.coerce.number() }),
      sql`select count(e.id) as n from member_payments p left join journal_entries e on e.source_id = p.id where p.member_id = ${memberId}`,
    );
    expect(entry?.n).toBe(0);
    expect((await register(manager, own)).body.totals).toMatchObject({ members: 1, sharesPaid: '20000.00' });
    expect((await register(accountant, own)).status).toBe(200);
  });

  it('refuses a farmer of another society, and every endpoint of another society’s register', async () => {
    const own = societies[0]?.id ?? '';
    const other = societies[1]?.id ?? '';
    expect((await join(manager, { society: own, farmerId: otherFarmer, sharesSubscribed: '1' })).status).toBe(
      400,
    );
    expect(
      (await join(manager, { society: other, farmerId: otherFarmer, sharesSubscribed: '1' })).status,
    ).toBe(403);
    expect((await register(otherManager, own)).status).toBe(403);
    expect((await pay(otherManager, memberId, { amount: '1' })).status).toBe(403);
    for (const path of [
      `/members/${memberId}`,
      `/members/${memberId}/statement`,
      `/members/${memberId}/statement?format=pdf`,
      `/members/settings?society=${own}`,
      `/members/candidates?society=${own}`,
    ])
      expect((await t.request('GET', path, { token: otherManager.access })).status, path).toBe(403);
    const settings = await t.request('PUT', '/members/settings', {
      token: otherManager.access,
      body: { society: own, shareMinimum: '1' },
    });
    expect(settings.status).toBe(403);
    const mine = await t.request<{ data: { id: string }[] }>('GET', `/members/candidates?society=${own}`, {
      token: manager.access,
    });
    expect(mine.body.data.map((c) => c.id)).toEqual([farmerIds[1]]);
  });
});
