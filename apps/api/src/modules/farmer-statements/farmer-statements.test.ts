import type { FarmerLoan, FarmerStatement } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, useStarted } from '../../../test/harness.ts';
import { settleAndPayAB } from '../../../test/settled-season.ts';
import {
  makeCessAndLevy,
  makeFarmers,
  makeSettlementWorld,
  type SettlementWorld,
  startSettlementApp,
} from '../../../test/settlement-fixtures.ts';
import { queryRows } from '../../db/rows.ts';
import { hasSwahiliHeader } from '../../platform/labels.ts';
import { accountId, TODAY } from '../accounts/testing.ts';
import { farmerStatementDocument } from './statement-pdf.ts';

/**
 * A farmer's season statement (#27) over a settled lot: A and B delivered 500 and 300 kg at 2,000
 * = 1,600,000 gross; council cess 3% = 48,000 and an AMCOS levy of 20/kg = 16,000 leave the farmers
 * 1,536,000 by kg: A 960,000, B 576,000. A's advance of 100,000 is recovered: A is owed 860,000.
 * A's gross share 1,000,000 - deductions 40,000 (30,000 cess + 10,000 levy) = 960,000.
 */

const ctx = useStarted(startSettlementApp);
let manager: Session;
let otherManager: Session;
let auditor: Session;
let world: SettlementWorld;
let a: { id: string; farmerNo: string; name: string };
let b: { id: string; farmerNo: string; name: string };
let c: { id: string; farmerNo: string; name: string };
let seasonId: string;
let settlementNo: string;
let loanA: FarmerLoan;
const idRow = z.object({ id: z.string() });

const statement = (session: Session, farmerId: string, query = '') =>
  ctx.t.request<{ data: FarmerStatement; message?: string }>(
    'GET',
    `/collections/farmers/${farmerId}/statement${query}`,
    { token: session.access },
  );

async function advance(farmerId: string, amount: string, issuedOn: string): Promise<FarmerLoan> {
  const made = await ctx.t.request<{ data: FarmerLoan }>('POST', '/payments/loans', {
    token: ctx.officer.access,
    body: {
      farmerId,
      issuedOn,
      amount,
      reason: 'School fees advance',
      bankAccountId: await accountId(ctx.t, 'collection', '1101'),
    },
  });
  if (made.status !== 201) throw new Error(JSON.stringify(made.body));
  const approved = await ctx.t.request<{ data: FarmerLoan }>(
    'PATCH',
    `/payments/loans/${made.body.data.id}/approve`,
    {
      token: ctx.finance.access,
    },
  );
  if (approved.status !== 200) throw new Error(JSON.stringify(approved.body));
  return approved.body.data;
}

beforeAll(async () => {
  world = await makeSettlementWorld(ctx.t.db);
  manager = await sessionAs(ctx.t, 'AMCOS Manager', { amcosId: world.amcosId });
  otherManager = await sessionAs(ctx.t, 'AMCOS Manager', { amcosId: (await makeAmcos(ctx.t)).id });
  auditor = await sessionAs(ctx.t, 'Auditor');
  await makeCessAndLevy(ctx.t.db, world);
  [a, b, c] = (await makeFarmers(ctx.t.db, world, ['bank', 'mobile', 'mobile'])) as [
    typeof a,
    typeof a,
    typeof a,
  ];
  const [season] = await queryRows(
    ctx.t.db,
    idRow,
    sql`select season_id as id from season_crops where id = ${world.seasonCropId}`,
  );
  seasonId = season?.id ?? '';
  loanA = await advance(a.id, '100000', TODAY);
  await advance(c.id, '50000', TODAY);
  // The farmers' batch is approved and paid; B's mobile number is refused.
  const { settlement } = await settleAndPayAB(ctx.t, ctx, world, { a: a.id, b: b.id });
  settlementNo = settlement.settlementNo;
});

describe('a farmer’s season statement', () => {
  it('gives each settlement the farmer’s settlement rows, and the line that paid them', async () => {
    const r = await statement(manager, a.id, `?season_id=${seasonId}`);
    expect(r.status).toBe(200);
    const s = r.body.data;
    expect(s.farmer).toMatchObject({ id: a.id, farmerNo: a.farmerNo, amcosId: world.amcosId });
    expect(s.season?.id).toBe(seasonId);
    // A's season: 500 kg, 1,000,000 gross, 40,000 deducted, the advance recovered: 860,000.
    const aFigures = {
      kg: '500.000',
      grossShare: '1000000.00',
      deductions: '40000.00',
      loanRecovery: '100000.00',
      memberShares: '0.00',
      net: '860000.00',
    };
    expect(s.settlements.rows).toEqual([
      {
        settlementId: expect.any(String),
        settlementNo,
        settledOn: expect.any(String),
        lots: 1,
        ...aFigures,
        payment: expect.objectContaining({
          status: 'paid',
          batchStatus: 'paid',
          reference: `${settlementNo}/${a.farmerNo}`,
          amount: '860000.00',
          viaAmcosName: null,
        }),
      },
    ]);
    expect(s.settlements.totals).toEqual({
      ...aFigures,
      paid: '860000.00',
      unpaid: '0.00',
    });
    // The same figures as the settlement's own rows of the farmer.
    const [rows] = await queryRows(
      ctx.t.db,
      z.object({ gross: z.string(), deductions: z.string(), recovery: z.string(), net: z.string() }),
      sql`select sum(gross_share)::text as gross, sum(deductions)::text as deductions,
            sum(loan_recovery)::text as recovery, sum(net)::text as net
          from settlement_farmers where farmer_id = ${a.id}`,
    );
    expect(rows).toEqual({
      gross: '1000000.00',
      deductions: '40000.00',
      recovery: '100000.00',
      net: '860000.00',
    });
  });

  it('shows the loan, what the settlement recovered of it, and what is owed', async () => {
    const s = (await statement(ctx.admin, a.id, `?season_id=${seasonId}`)).body.data;
    expect(s.loans.rows).toEqual([
      expect.objectContaining({
        id: loanA.id,
        loanNo: loanA.loanNo,
        source: 'cash_advance',
        status: 'active',
        amount: '100000.00',
        recovered: '100000.00',
        outstanding: '0.00',
        recoveries: [{ settlementNo, amount: '100000.00' }],
      }),
    ]);
    expect(s.loans.totals).toEqual({ given: '100000.00', recovered: '100000.00', outstanding: '0.00' });
  });

  it('lists the receipts and their kilograms by grade; a failed payment leaves the money unpaid', async () => {
    const s = (await statement(auditor, a.id, `?season_id=${seasonId}`)).body.data;
    expect(s.collections.receipts.map((r) => r.netKg)).toEqual(['300.000', '200.000']);
    expect(s.collections.byGrade).toEqual([
      {
        cropName: expect.any(String),
        gradeCode: 'STD',
        gradeName: 'Standard',
        receipts: 2,
        bags: 2,
        netKg: '500.000',
      },
    ]);
    expect(s.collections.totals).toEqual({ receipts: 2, bags: 2, netKg: '500.000' });
    const sb = (await statement(auditor, b.id, `?season_id=${seasonId}`)).body.data;
    expect(sb.settlements.rows[0]?.payment).toMatchObject({
      status: 'failed',
      failureReason: 'Wrong number',
    });
    expect(sb.settlements.totals).toMatchObject({ net: '576000.00', paid: '0.00', unpaid: '576000.00' });
  });

  it('in another season, still shows a loan owed from before, and not one already recovered', async () => {
    const [later] = await queryRows(
      ctx.t.db,
      idRow,
      sql`insert into seasons (id, name, start_date, end_date) values (gen_random_uuid(), ${`Later ${a.id.slice(0, 6)}`},
            '2099-01-01', '2099-12-31') returning id`,
    );
    const sc = (await statement(ctx.admin, c.id, `?season_id=${later?.id}`)).body.data;
    expect(sc.loans.rows.map((l) => [l.amount, l.outstanding])).toEqual([['50000.00', '50000.00']]);
    expect(sc.loans.totals.outstanding).toBe('50000.00');
    expect(sc.settlements.rows).toEqual([]);
    const sa = (await statement(ctx.admin, a.id, `?season_id=${later?.id}`)).body.data;
    expect(sa.loans.rows).toEqual([]);
  });

  it('an AMCOS user reads only their own society’s farmers; bad ids are refused with a message', async () => {
    const other = await statement(otherManager, a.id);
    expect(other.status).toBe(403);
    expect(other.body.message).toBeTruthy();
    const pdf = await ctx.t.request('GET', `/collections/farmers/${a.id}/statement/pdf`, {
      token: otherManager.access,
    });
    expect(pdf.status).toBe(403);
    const unknown = await statement(ctx.admin, '01900000-0000-7000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect((await statement(ctx.admin, 'nope')).status).toBe(400);
    expect((await statement(ctx.admin, a.id, '?season_id=nope')).status).toBe(400);
    const noSeason = await statement(ctx.admin, a.id, '?season_id=01900000-0000-7000-8000-000000000000');
    expect(noSeason.status).toBe(404);
    expect(noSeason.body.message).toBe('Season not found');
    expect((await ctx.t.request('GET', `/collections/farmers/${a.id}/statement`)).status).toBe(401);
  });
});

describe('the printed statement', () => {
  it('is a PDF in either language, at its address and at the earlier one', async () => {
    for (const lang of ['en', 'sw'] as const) {
      for (const path of [
        `/collections/farmers/${a.id}/statement/pdf`,
        `/payments/farmers/${a.id}/statement`,
      ]) {
        const r = await ctx.t.request('GET', `${path}?season_id=${seasonId}`, {
          token: manager.access,
          lang,
        });
        expect(r.status, path).toBe(200);
        expect(r.headers.get('content-type')).toContain('application/pdf');
        expect(r.headers.get('content-disposition')).toContain(`STATEMENT-${a.farmerNo}`);
        expect(new TextDecoder().decode(r.raw.slice(0, 5))).toBe('%PDF-');
      }
    }
  });

  it('prints every label in Swahili for a Swahili reader', async () => {
    const s = (await statement(ctx.admin, a.id, `?season_id=${seasonId}`)).body.data;
    const doc = farmerStatementDocument(s, TODAY);
    const labels = [
      doc.title,
      ...doc.fields.map(([label]) => label),
      ...doc.tables.flatMap((table) => [table.title ?? '', ...table.headers]),
      ...doc.signatures,
      'Paid through',
    ];
    expect(labels.filter((label) => label && !hasSwahiliHeader(label))).toEqual([]);
  });
});
