import type {
  FarmerLoan,
  PaymentBatch,
  PaymentLine,
  SettlementDetails,
  SettlementPreview,
} from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, type TestApp } from '../../../test/harness.ts';
import type { Listed } from '../../../test/master-data.ts';
import {
  makeFarmers,
  makePaidLot,
  makeRule,
  makeSettlementWorld,
  roleBalance,
  type SettlementWorld,
  startSettlementApp,
  unpaidLines,
} from '../../../test/settlement-fixtures.ts';
import { countRow, queryRows } from '../../db/rows.ts';
import { fitsOneSms } from '../../platform/sms-texts.ts';
import { accountId } from '../accounts/testing.ts';

let t: TestApp;
let admin: Session;
let officer: Session;
let finance: Session;
let manager: Session;
let otherClerk: Session;
let world: SettlementWorld;
let farmers: { id: string; farmerNo: string; name: string }[];
let lot: { lotId: string; lotNo: string };
let partPaid: { lotId: string };
let boardId: string | null;

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
  world = await makeSettlementWorld(t.db);
  // The crop's Swahili name, which the farmers' paid SMS names (#20).
  await t.db.execute(sql`update crops set name_sw = 'Korosho ya majaribio'
    where id = (select crop_id from season_crops where id = ${world.seasonCropId}::uuid)`);
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  otherClerk = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
  await makeRule(t.db, world, {
    name: 'District council cess',
    recipient: 'beneficiary',
    basis: 'percent_of_gross',
    rate: '3',
    order: 1,
    kind: 'council',
  });
  boardId = (
    await makeRule(t.db, world, {
      name: 'Crop board levy',
      recipient: 'beneficiary',
      payer: 'buyer',
      basis: 'percent_of_gross',
      rate: '1.5',
      order: 2,
    })
  ).beneficiaryId;
  await makeRule(t.db, world, {
    name: 'Union levy',
    recipient: 'beneficiary',
    basis: 'per_kg',
    rate: '25',
    order: 3,
  });
  await makeRule(t.db, world, {
    name: 'AMCOS levy',
    recipient: 'amcos',
    basis: 'per_kg',
    rate: '20',
    order: 4,
  });
  farmers = await makeFarmers(t.db, world, ['bank', 'mobile', 'none']);
  const [a, b, c] = farmers.map((f) => f.id) as [string, string, string];
  // 1,000 kg collected (A 500 on two collections, B 300, C 200); 990 kg weighed at the warehouse.
  lot = await makePaidLot(t.db, world, {
    collections: [
      { farmerId: a, kg: '300.000' },
      { farmerId: b, kg: '300.000' },
      { farmerId: a, kg: '200.000' },
      { farmerId: c, kg: '200.000' },
    ],
    netKg: '990.000',
    bags: 10,
    price: '2000',
    transportCharge: '15000.00',
    buyerLevies: '29700.00',
  });
  partPaid = await makePaidLot(t.db, world, {
    collections: [{ farmerId: b, kg: '100.000' }],
    price: '2000',
    partPaid: true,
  });
});
afterAll(() => t.close());

const payable = (role: string) => roleBalance(t.db, role);
const unpaid = (payableRole: string) => unpaidLines(t.db, payableRole);

describe('farmer loans', () => {
  it('records a cash advance; the farmer’s society sees it, another society does not', async () => {
    const r = await t.request<{ data: FarmerLoan }>('POST', '/payments/loans', {
      token: officer.access,
      body: {
        farmerId: farmers[0]?.id,
        issuedOn: '2026-09-01',
        amount: '100000',
        reason: 'School fees advance',
        bankAccountId: await accountId(t, 'collection', '1101'),
      },
    });
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ amount: '100000.00', recovered: '0.00', outstanding: '100000.00' });
    // Approved by another person: only then is it recoverable (and posted, #16).
    const approved = await t.request('PATCH', `/payments/loans/${r.body.data.id}/approve`, {
      token: finance.access,
    });
    expect(approved.status).toBe(200);
    const bad = await t.request('POST', '/payments/loans', {
      token: officer.access,
      body: { farmerId: farmers[0]?.id, issuedOn: '2026-09-01', amount: '0', reason: '' },
    });
    expect(bad.status).toBe(400);
    const own = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans', { token: manager.access });
    expect(own.body.data.map((l) => l.id)).toEqual([r.body.data.id]);
    const other = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans', { token: otherClerk.access });
    expect(other.body.data).toEqual([]);
    expect(
      (await t.request('GET', `/payments/loans/${r.body.data.id}`, { token: otherClerk.access })).status,
    ).toBe(403);
    expect((await t.request('POST', '/payments/loans', { token: manager.access, body: {} })).status).toBe(
      403,
    );
  });
});

describe('settlement from paid lot to farmer paid', () => {
  let settlementId: string;

  it('previews the paid lot only, to the cent, without saving', async () => {
    const r = await t.request<{ data: SettlementPreview }>('POST', '/payments/settlements/preview', {
      token: officer.access,
      body: { amcosId: world.amcosId },
    });
    expect(r.status).toBe(200);
    // gross 990 x 2,000 = 1,980,000; cess 3% 59,400; union 25/kg 24,750; AMCOS 20/kg 19,800;
    // transport 15,000 -> farmers 1,861,050 by collected kg 500/300/200 = 930,525 / 558,315 / 372,210;
    // A repays the 100,000 loan. Buyer paid the 1.5% board levy on top: 29,700.
    expect(r.body.data).toMatchObject({
      lotCount: 1,
      farmerCount: 3,
      gross: '1980000.00',
      beneficiaries: '84150.00',
      transporters: '15000.00',
      amcosShare: '19800.00',
      farmersNet: '1761050.00',
      loanRecovery: '100000.00',
      buyerLevies: '29700.00',
    });
    expect(r.body.data.lots.map((l) => l.lotId)).toEqual([lot.lotId]);
    expect(r.body.data.lots[0]?.deductions.map((d) => [d.name, d.payer, d.amount])).toEqual([
      ['District council cess', 'farmer', '59400.00'],
      ['Union levy', 'farmer', '24750.00'],
      ['AMCOS levy', 'farmer', '19800.00'],
      ['Transport charge', 'farmer', '15000.00'],
      ['Crop board levy', 'buyer', '29700.00'],
    ]);
    expect(r.body.data.farmers.map((f) => [f.farmerNo, f.kg, f.owed, f.loanRecovery, f.net])).toEqual(
      [
        [farmers[0]?.farmerNo, '500.000', '930525.00', '100000.00', '830525.00'],
        [farmers[1]?.farmerNo, '300.000', '558315.00', '0.00', '558315.00'],
        [farmers[2]?.farmerNo, '200.000', '372210.00', '0.00', '372210.00'],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    const [saved] = await queryRows(t.db, countRow, sql`select count(*)::int as n from settlements`);
    expect(saved?.n).toBe(0);
  });

  it('refuses a lot whose invoice is not fully paid', async () => {
    const r = await t.request('POST', '/payments/settlements/preview', {
      token: officer.access,
      body: { lotIds: [partPaid.lotId] },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ message: 'No paid and unsettled lots match this selection' });
  });

  it('saves a draft, approves it by another person, posts, drafts the batches', async () => {
    const created = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
      token: admin.access,
      body: { amcosId: world.amcosId },
    });
    expect(created.status).toBe(201);
    settlementId = created.body.data.id;
    expect(created.body.data).toMatchObject({
      status: 'draft',
      gross: '1980000.00',
      farmersNet: '1761050.00',
    });
    const again = await t.request('POST', '/payments/settlements', {
      token: officer.access,
      body: { lotIds: [lot.lotId] },
    });
    expect(again.status).toBe(409);
    const self = await t.request('PATCH', `/payments/settlements/${settlementId}/approve`, {
      token: admin.access,
    });
    expect(self.status).toBe(403);
    expect(self.body).toMatchObject({
      message: 'You prepared this settlement, so another person must approve it',
    });
    expect(
      (await t.request('PATCH', `/payments/settlements/${settlementId}/approve`, { token: officer.access }))
        .status,
    ).toBe(403);
    const ok = await t.request<{ data: SettlementDetails }>(
      'PATCH',
      `/payments/settlements/${settlementId}/approve`,
      {
        token: finance.access,
      },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe('approved');
    const twice = await t.request('PATCH', `/payments/settlements/${settlementId}/approve`, {
      token: finance.access,
    });
    expect(twice.status).toBe(409);

    expect(await payable('payable_farmers')).toBe('1761050.00');
    expect(await payable('payable_amcos')).toBe('19800.00');
    expect(await payable('payable_transporters')).toBe('15000.00');
    // farmer-paid 84,150 from the settlement + the buyer's 29,700 from the invoice
    expect(await payable('payable_beneficiaries')).toBe('113850.00');
    // What is left is the part-paid lot's invoice (100 kg x 2,000), not settled yet.
    expect(await payable('crop_proceeds_payable')).toBe('200000.00');
    const loan = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans', { token: officer.access });
    expect(loan.body.data[0]).toMatchObject({ recovered: '100000.00', outstanding: '0.00' });

    const batches = await t.request<Listed<PaymentBatch>>(
      'GET',
      `/payments/batches?settlement_id=${settlementId}`,
      {
        token: officer.access,
      },
    );
    expect(batches.body.data.map((b) => [b.partyType, b.lineCount, b.total, b.status]).sort()).toEqual([
      ['amcos', 1, '19800.00', 'draft'],
      ['beneficiary', 3, '113850.00', 'draft'],
      ['farmer', 3, '1761050.00', 'draft'],
      ['transporter', 1, '15000.00', 'draft'],
    ]);
    for (const role of ['payable_farmers', 'payable_amcos', 'payable_beneficiaries', 'payable_transporters'])
      expect(await payable(role)).toBe(await unpaid(role));
  });

  it('pays the farmers: approve, export, one failed line, retry it; never twice', async () => {
    const batches = await t.request<Listed<PaymentBatch>>(
      'GET',
      `/payments/batches?settlement_id=${settlementId}&party_type=farmer`,
      { token: officer.access },
    );
    const batch = batches.body.data[0] as PaymentBatch;
    expect(
      (
        await t.request('POST', `/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
          token: officer.access,
        })
      ).status,
    ).toBe(409);
    expect(
      (await t.request('PATCH', `/payments/batches/${batch.id}/approve`, { token: finance.access })).status,
    ).toBe(403);
    expect(
      (await t.request('PATCH', `/payments/batches/${batch.id}/approve`, { token: admin.access })).status,
    ).toBe(200);
    const bank = await t.request('POST', `/payments/batches/${batch.id}/export?layout=bank&format=csv`, {
      token: officer.access,
    });
    expect(bank.status).toBe(200);
    const bankCsv = new TextDecoder().decode(bank.raw);
    const [a, b, c] = farmers as [(typeof farmers)[0], (typeof farmers)[0], (typeof farmers)[0]];
    expect(bankCsv).toContain(`${a.name},`);
    expect(bankCsv).toContain('830525.00');
    expect(bankCsv).not.toContain(b.name);
    expect(bankCsv).toContain(`${c.name},,,372210.00`);
    expect(bankCsv).toContain('UNPAYABLE: No bank account or phone number');
    const mobile = await t.request('POST', `/payments/batches/${batch.id}/export?layout=mobile&format=csv`, {
      token: officer.access,
    });
    const mobileCsv = new TextDecoder().decode(mobile.raw);
    expect(mobileCsv.split('\r\n')[0]).toBe('Phone,Amount,Name,Reference,Note');
    expect(mobileCsv).toContain(`558315.00,${b.name}`);
    expect(mobileCsv).not.toContain(a.name);

    const lines = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines`, {
      token: officer.access,
    });
    const lineOf = (name: string) => lines.body.data.find((l) => l.payeeName === name) as PaymentLine;
    const paid = await t.request<{ data: PaymentBatch }>('PATCH', `/payments/batches/${batch.id}/paid`, {
      token: officer.access,
      body: {
        paidOn: todayInTanzania(),
        bankReference: 'NMB-778812',
        failed: [{ lineId: lineOf(b.name).id, reason: 'Wrong mobile money number' }],
      },
    });
    expect(paid.status).toBe(200);
    const after = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines`, {
      token: officer.access,
    });
    expect(after.body.data.map((l) => [l.payeeName, l.status, l.failureReason]).sort()).toEqual(
      [
        [a.name, 'paid', null],
        [b.name, 'failed', 'Wrong mobile money number'],
        [c.name, 'failed', 'No bank account or phone number'],
      ].sort(),
    );
    expect(await payable('payable_farmers')).toBe('930525.00');
    expect(await payable('payable_farmers')).toBe(await unpaid('payable_farmers'));
    const statuses = await queryRows(
      t.db,
      z.object({ farmer_id: z.string(), status: z.string() }),
      sql`select distinct farmer_id, status from collections where lot_id = ${lot.lotId}`,
    );
    expect(Object.fromEntries(statuses.map((s) => [s.farmer_id, s.status]))).toEqual({
      [a.id]: 'paid',
      [b.id]: 'sold',
      [c.id]: 'sold',
    });
    const texts = await queryRows(
      t.db,
      z.object({ recipient: z.string(), body: z.string() }),
      sql`select recipient, body from sms_outbox where body like '%TZS 830,525 %'`,
    );
    const paidLine = lineOf(a.name);
    expect(texts.map((m) => m.recipient)).toEqual([paidLine.phone]);
    // The society first, the amount grouped without ".00", the crop, the channel, the reference (#35).
    const [society] = await queryRows(
      t.db,
      z.object({ name: z.string() }),
      sql`select name from amcos where id = ${world.amcosId}::uuid`,
    );
    expect(texts[0]?.body).toBe(
      `${society?.name}: Umelipwa TZS 830,525 za Korosho ya majaribio kupitia benki ${paidLine.bankName}. Kumbukumbu: ${paidLine.reference}`,
    );
    expect(fitsOneSms(texts[0]?.body ?? '')).toBe(true);

    // Retry the failed line: once; a paid line never.
    expect(
      (
        await t.request('POST', '/payments/batches/retry', {
          token: officer.access,
          body: { lineIds: [lineOf(a.name).id] },
        })
      ).status,
    ).toBe(409);
    const retry = await t.request<{ data: PaymentBatch }>('POST', '/payments/batches/retry', {
      token: officer.access,
      body: { lineIds: [lineOf(b.name).id] },
    });
    expect(retry.status).toBe(201);
    expect(retry.body.data).toMatchObject({
      isRetry: true,
      lineCount: 1,
      total: '558315.00',
      status: 'draft',
    });
    expect(
      (
        await t.request('POST', '/payments/batches/retry', {
          token: officer.access,
          body: { lineIds: [lineOf(b.name).id] },
        })
      ).status,
    ).toBe(409);
    const id = retry.body.data.id;
    expect(
      (await t.request('PATCH', `/payments/batches/${id}/approve`, { token: finance.access })).status,
    ).toBe(200);
    await t.request('POST', `/payments/batches/${id}/export?layout=mobile&format=xlsx`, {
      token: officer.access,
    });
    const paidAgain = await t.request('PATCH', `/payments/batches/${id}/paid`, {
      token: officer.access,
      body: { paidOn: todayInTanzania(), bankReference: 'MPESA-1' },
    });
    expect(paidAgain.status).toBe(200);
    expect(
      (
        await t.request('PATCH', `/payments/batches/${id}/paid`, {
          token: officer.access,
          body: { paidOn: todayInTanzania(), bankReference: 'MPESA-1' },
        })
      ).status,
    ).toBe(409);
    expect(await payable('payable_farmers')).toBe('372210.00');
    expect(await payable('payable_farmers')).toBe(await unpaid('payable_farmers'));
    const [bStatus] = await queryRows(
      t.db,
      z.object({ status: z.string() }),
      sql`select distinct status from collections where lot_id = ${lot.lotId} and farmer_id = ${b.id}`,
    );
    expect(bStatus?.status).toBe('paid');
  });

  it('shows an AMCOS its own payments only', async () => {
    const own = await t.request<Listed<PaymentLine>>('GET', '/payments/lines?party_type=farmer', {
      token: manager.access,
    });
    expect(own.body.data.length).toBe(4);
    const other = await t.request<Listed<PaymentLine>>('GET', '/payments/lines?party_type=farmer', {
      token: otherClerk.access,
    });
    expect(other.body.data).toEqual([]);
    expect(
      (await t.request('GET', `/payments/settlements/${settlementId}`, { token: otherClerk.access })).status,
    ).toBe(403);
    const mine = await t.request<{ data: SettlementDetails }>(
      'GET',
      `/payments/settlements/${settlementId}`,
      {
        token: manager.access,
      },
    );
    expect(mine.body.data.lots.length).toBe(1);
    expect((await t.request('GET', '/payments/batches', { token: manager.access })).status).toBe(403);
    // The society's clerk reads the same lines (a farmer asks at the AMCOS office) and nothing more.
    const clerk = await sessionAs(t, 'AMCOS Clerk', { amcosId: world.amcosId });
    const clerkLines = await t.request<Listed<PaymentLine>>('GET', '/payments/lines?party_type=farmer', {
      token: clerk.access,
    });
    expect(clerkLines.body.data.map((l) => l.id).sort()).toEqual(own.body.data.map((l) => l.id).sort());
    expect((await t.request('GET', '/payments/batches', { token: clerk.access })).status).toBe(403);
    expect(boardId).not.toBeNull();
  });

  it('reports the farmer payments summary and the beneficiaries, in json, xlsx and PDF', async () => {
    type Report = {
      data: { rows: Record<string, string | number>[]; totals: Record<string, string | number> };
    };
    const summary = await t.request<Report>('GET', '/reports/auction/farmer-payments-summary', {
      token: manager.access,
    });
    expect(summary.status).toBe(200);
    // Paid: A 830,525 and B 558,315 (retried); C has no account or phone: 372,210 not paid yet.
    expect(summary.body.data.rows).toEqual([
      expect.objectContaining({
        farmers: 3,
        kg: '1000.000',
        grossShare: '1980000.00',
        deductions: '118950.00',
        loanRecovery: '100000.00',
        net: '1761050.00',
        paid: '1388840.00',
        unpaid: '372210.00',
      }),
    ]);
    const other = await t.request<Report>('GET', '/reports/auction/farmer-payments-summary', {
      token: otherClerk.access,
    });
    expect(other.body.data.rows).toEqual([]);
    const bens = await t.request<Report>('GET', '/reports/auction/beneficiaries-auction-details', {
      token: officer.access,
    });
    expect(bens.body).toMatchObject({ data: expect.anything() });
    expect(bens.body.data.totals).toMatchObject({
      farmerPaid: '84150.00',
      buyerPaid: '29700.00',
      amount: '113850.00',
    });
    const pdf = await t.request('GET', '/reports/auction/council-auction-details?format=pdf', {
      token: officer.access,
    });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    const xlsx = await t.request('GET', '/reports/auction/amcos-auction-details?format=xlsx', {
      token: officer.access,
    });
    expect(xlsx.status).toBe(200);
  });

  it('pages a settlement’s lots with their splits; an AMCOS user its own only (#20)', async () => {
    const detail = await t.request<{ data: SettlementDetails }>(
      'GET',
      `/payments/settlements/${settlementId}`,
      {
        token: officer.access,
      },
    );
    const lots = (query: string, session: Session = officer) =>
      t.request<Listed<SettlementDetails['lots'][number]>>(
        'GET',
        `/payments/settlements/${settlementId}/lots${query}`,
        { token: session.access },
      );
    const first = await lots('?per_page=1');
    expect(first.status).toBe(200);
    expect(first.body.meta).toMatchObject({ page: 1, per_page: 1, total: detail.body.data.lots.length });
    expect(first.body.data).toEqual(detail.body.data.lots.slice(0, 1));
    expect(first.body.data[0]?.deductions.length).toBeGreaterThan(0);
    const past = await lots('?per_page=1&page=99');
    expect(past.body.data).toEqual([]);
    expect((await lots(`?search=${lot.lotNo.toLowerCase()}`)).body.data.map((l) => l.lotNo)).toEqual([
      lot.lotNo,
    ]);
    expect((await lots('?search=NO-SUCH-LOT')).body.meta.total).toBe(0);
    expect((await lots('', manager)).body.data.map((l) => l.amcosId)).toEqual([world.amcosId]);
    expect((await lots('', otherClerk)).status).toBe(403);
    const missing = await t.request(
      'GET',
      '/payments/settlements/01a2121e-422a-7746-b84d-61fbe1cd0d89/lots',
      {
        token: officer.access,
      },
    );
    expect(missing.status).toBe(404);
  });

  it('pays a failed line again to a corrected wallet: audited, the payee record untouched, bad corrections refused (#20)', async () => {
    const batches = await t.request<Listed<PaymentBatch>>(
      'GET',
      `/payments/batches?settlement_id=${settlementId}&party_type=farmer`,
      { token: officer.access },
    );
    const batch = batches.body.data.find((b) => !b.isRetry) as PaymentBatch;
    const lines = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch.id}/lines`, {
      token: officer.access,
    });
    const [a, , c] = farmers as [(typeof farmers)[0], (typeof farmers)[0], (typeof farmers)[0]];
    const failed = lines.body.data.find((l) => l.payeeName === c.name) as PaymentLine;
    const paid = lines.body.data.find((l) => l.payeeName === a.name) as PaymentLine;
    expect([failed.status, failed.method]).toEqual(['failed', 'none']);
    const retry = (body: unknown) =>
      t.request<{ data: PaymentBatch; errors?: Record<string, string[]> }>(
        'POST',
        '/payments/batches/retry',
        {
          token: officer.access,
          body,
        },
      );
    const fix = { lineId: failed.id, phone: '0754 000 111' };
    // Refused, nothing written: a correction of a line not paid again, a bank without an account
    // number, an unknown bank, a paid line, a second correction of the same line.
    expect((await retry({ lineIds: [failed.id], corrections: [{ ...fix, lineId: paid.id }] })).status).toBe(
      400,
    );
    const noAccount = await retry({
      lineIds: [failed.id],
      corrections: [{ lineId: failed.id, bankId: world.bankId }],
    });
    expect(noAccount.status).toBe(400);
    expect(JSON.stringify(noAccount.body)).toContain('Give the account number');
    const unknownBank = {
      lineId: failed.id,
      bankId: '01a2121e-422a-7746-b84d-61fbe1cd0d89',
      accountNo: '123',
    };
    expect((await retry({ lineIds: [failed.id], corrections: [unknownBank] })).status).toBe(400);
    expect((await retry({ lineIds: [paid.id], corrections: [{ ...fix, lineId: paid.id }] })).status).toBe(
      409,
    );
    expect((await retry({ lineIds: [failed.id], corrections: [fix, fix] })).status).toBe(400);
    const still = await t.request<Listed<PaymentLine>>(
      'GET',
      `/payments/batches/${batch.id}/lines?status=failed`,
      {
        token: officer.access,
      },
    );
    expect(still.body.data.map((l) => l.id)).toContain(failed.id);

    const created = await retry({ lineIds: [failed.id], corrections: [fix] });
    expect(created.status).toBe(201);
    const newLines = await t.request<Listed<PaymentLine>>(
      'GET',
      `/payments/batches/${created.body.data.id}/lines`,
      { token: officer.access },
    );
    expect(
      newLines.body.data.map((l) => [l.payeeName, l.method, l.phone, l.status, l.retryOfLineId, l.amount]),
    ).toEqual([[c.name, 'mobile', '255754000111', 'pending', failed.id, failed.amount]]);
    const [record] = await queryRows(
      t.db,
      z.object({ phone: z.string().nullable() }),
      sql`select phone from farmers where id = ${c.id}`,
    );
    expect(record?.phone).toBeNull();
    const history = await t.request<{ data: { action: string; before: unknown; after: unknown }[] }>(
      'GET',
      `/audit/payment_batch/${created.body.data.id}`,
      { token: admin.access },
    );
    expect(history.body.data.find((e) => e.action === 'line_corrected')).toMatchObject({
      before: { payeeName: c.name, method: 'none', phone: null },
      after: { payeeName: c.name, method: 'mobile', phone: '255754000111' },
    });
  });
});

describe('two officers settling the same lots at once', () => {
  it('settles the lot once: one 201, one 409', async () => {
    const [f] = await makeFarmers(t.db, world, ['bank']);
    const raced = await makePaidLot(t.db, world, {
      collections: [{ farmerId: f?.id as string, kg: '50.000' }],
      price: '1800',
    });
    const [x, y] = await Promise.all([
      t.request('POST', '/payments/settlements', { token: officer.access, body: { lotIds: [raced.lotId] } }),
      t.request('POST', '/payments/settlements', { token: admin.access, body: { lotIds: [raced.lotId] } }),
    ]);
    expect([x.status, y.status].sort()).toEqual([201, 409]);
    const [n] = await queryRows(
      t.db,
      countRow,
      sql`select count(*)::int as n from settlement_lots where lot_id = ${raced.lotId} and live`,
    );
    expect(n?.n).toBe(1);
  });
});

describe('paying farmers through their AMCOS (setting)', () => {
  it('drafts one line per AMCOS for its farmers; paying it marks their collections paid', async () => {
    const put = await t.request('PUT', '/payments/settings', {
      token: admin.access,
      body: { payFarmersThrough: 'amcos', smsFarmers: false },
    });
    expect(put.status).toBe(200);
    expect((await t.request('PUT', '/payments/settings', { token: officer.access, body: {} })).status).toBe(
      403,
    );
    const [f1, f2] = await makeFarmers(t.db, world, ['bank', 'none']);
    // The AMCOS is paid by mobile money.
    await t.db.execute(sql`update amcos set phone = '255713999000' where id = ${world.amcosId}`);
    // 100 + 100 kg at 1,000: gross 200,000; cess 3% 6,000; union 25/kg 5,000; AMCOS 20/kg 4,000
    // -> farmers 185,000, 92,500 each, paid as one line to the AMCOS.
    const paidLot = await makePaidLot(t.db, world, {
      collections: [
        { farmerId: f1?.id as string, kg: '100.000' },
        { farmerId: f2?.id as string, kg: '100.000' },
      ],
      price: '1000',
    });
    const draft = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
      token: officer.access,
      body: { lotIds: [paidLot.lotId] },
    });
    expect(draft.body.data).toMatchObject({ gross: '200000.00', farmersNet: '185000.00' });
    const id = draft.body.data.id;
    expect(
      (await t.request('PATCH', `/payments/settlements/${id}/approve`, { token: finance.access })).status,
    ).toBe(200);
    const [batch] = (
      await t.request<Listed<PaymentBatch>>(
        'GET',
        `/payments/batches?settlement_id=${id}&party_type=farmer`,
        {
          token: officer.access,
        },
      )
    ).body.data;
    const lines = await t.request<Listed<PaymentLine>>('GET', `/payments/batches/${batch?.id}/lines`, {
      token: officer.access,
    });
    expect(lines.body.data.map((l) => [l.partyType, l.partyId, l.viaAmcosId, l.amount])).toEqual([
      ['amcos', world.amcosId, world.amcosId, '185000.00'],
    ]);
    await t.request('PATCH', `/payments/batches/${batch?.id}/approve`, { token: admin.access });
    await t.request('POST', `/payments/batches/${batch?.id}/export?layout=bank&format=csv`, {
      token: officer.access,
    });
    const before = await payable('payable_farmers');
    const paid = await t.request('PATCH', `/payments/batches/${batch?.id}/paid`, {
      token: officer.access,
      body: { paidOn: todayInTanzania(), bankReference: 'CRDB-1' },
    });
    expect(paid.status).toBe(200);
    const statuses = await queryRows(
      t.db,
      z.object({ status: z.string() }),
      sql`select distinct status from collections where lot_id = ${paidLot.lotId}`,
    );
    expect(statuses.map((s) => s.status)).toEqual(['paid']);
    expect(
      dec(before)
        .minus(dec(await payable('payable_farmers')))
        .toFixed(2),
    ).toBe('185000.00');
    await t.request('PUT', '/payments/settings', {
      token: admin.access,
      body: { payFarmersThrough: 'central', smsFarmers: true },
    });
  });
});
