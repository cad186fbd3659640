import type {
  ControlAccounts,
  FarmerLoan,
  PaymentBatch,
  PaymentLine,
  SettlementDetails,
  SettlementFarmerRow,
  SettlementLot,
  SettlementPreview,
} from '@ushirika/contracts';
import { D, type Dec, dec, round, sum, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Session, TestApp } from '../../../test/harness.ts';
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
import { queryRows } from '../../db/rows.ts';
import { accountId } from '../accounts/testing.ts';
import { UNPAYABLE } from './payments/queries.ts';
import { uuidArray } from './runs/compute-settlement.ts';

/**
 * Issue 7's property over random seasons, end to end through the API: many farmers, lots mixing
 * farmers, farmer-paid rules of every basis and recipient, transport charges, cash-advance loans
 * (some larger than what the farmer is owed). Each run builds a fresh world (its own AMCOS, season
 * crop, rules, farmers and paid lots), previews, saves and approves (second person) the settlement,
 * then pays the farmers: approve, export, mark paid with random refusals, retry random failed lines
 * in a new batch and pay it. Every figure is compared as an exact decimal string.
 */

let t: TestApp;
let admin: Session;
let officer: Session;
let finance: Session;

beforeAll(async () => {
  ({ t, admin, officer, finance } = await startSettlementApp());
});
afterAll(() => t.close());

// ---- Random seasons ----------------------------------------------------------------------------

type Kind = 'bank' | 'mobile' | 'none';
type FarmerSpec = {
  kind: Kind;
  /** Cash advances, oldest first. */
  loans: string[];
  /** The bank refuses this farmer's line (when it is payable). */
  refused: boolean;
  /** A failed line of this farmer is put in the retry batch. */
  retried: boolean;
};
type RuleSpec = {
  recipient: 'beneficiary' | 'amcos' | 'transporter';
  basis: 'per_kg' | 'percent_of_gross' | 'per_bag' | 'fixed';
  rate: string;
  order: number;
  /** A beneficiary rule whose beneficiary is the union's own income (#16). */
  unionIncome: boolean;
};
type LotSpec = {
  /** Collections: a farmer (index into the season's farmers) and the kg they delivered. */
  collections: { farmer: number; kg: string }[];
  /** Warehouse kg = collected kg x permille / 1000 (transit loss or gain). */
  permille: number;
  bags: number;
  price: string;
  transportCharge: string | null;
};
type Season = {
  farmers: FarmerSpec[];
  rules: RuleSpec[];
  lots: LotSpec[];
  /** The book of the bank the advances are paid from (#16). */
  loanBook: 'collection' | 'operation';
};

/** An amount of `dp` decimals between min and max units (cents for dp 2, grams for dp 3). */
const decimal = (min: number, max: number, dp: number) =>
  fc.integer({ min, max }).map((n) =>
    dec(n)
      .div(10 ** dp)
      .toFixed(dp),
  );
/** Mostly the usual range, sometimes the rare one: tiny lots (deductions capped), loans above what is owed. */
const mostly = (usual: fc.Arbitrary<string>, rare: fc.Arbitrary<string>) =>
  fc.oneof({ arbitrary: usual, weight: 4 }, { arbitrary: rare, weight: 1 });

const farmerSpec: fc.Arbitrary<FarmerSpec> = fc.record({
  kind: fc.constantFrom<Kind>('bank', 'mobile', 'none'),
  loans: fc.array(mostly(decimal(100, 20_000_000, 2), decimal(20_000_000, 5_000_000_000, 2)), {
    maxLength: 2,
  }),
  refused: fc.boolean(),
  retried: fc.boolean(),
});
const ruleSpec: fc.Arbitrary<RuleSpec> = fc
  .record({
    recipient: fc.constantFrom<RuleSpec['recipient']>('beneficiary', 'amcos', 'transporter'),
    basis: fc.constantFrom<RuleSpec['basis']>('per_kg', 'percent_of_gross', 'per_bag', 'fixed'),
    rate: fc.nat({ max: 100_000 }),
    order: fc.nat({ max: 5 }),
    unionIncome: fc.boolean(),
  })
  .map((r) => ({
    ...r,
    // per kg up to 100.000, percent up to 10.000, per bag up to 1,000.00, fixed up to 100,000.00
    rate: {
      per_kg: dec(r.rate).div(1000).toFixed(3),
      percent_of_gross: dec(r.rate).div(10_000).toFixed(3),
      per_bag: dec(r.rate).div(100).toFixed(2),
      fixed: dec(r.rate).toFixed(2),
    }[r.basis],
  }));
const lotSpec: fc.Arbitrary<LotSpec> = fc.record({
  collections: fc.array(
    fc.record({
      farmer: fc.nat(),
      kg: mostly(decimal(20_000, 2_000_000, 3), decimal(1_000, 20_000, 3)),
    }),
    { minLength: 1, maxLength: 4 },
  ),
  permille: fc.integer({ min: 950, max: 1_010 }),
  bags: fc.integer({ min: 1, max: 40 }),
  price: mostly(decimal(10_000, 500_000, 2), decimal(100, 10_000, 2)),
  transportCharge: fc.option(decimal(0, 5_000_000, 2)),
});
const season: fc.Arbitrary<Season> = fc.record({
  farmers: fc.array(farmerSpec, { minLength: 1, maxLength: 6 }),
  rules: fc.array(ruleSpec, { maxLength: 4 }),
  lots: fc.array(lotSpec, { minLength: 1, maxLength: 3 }),
  loanBook: fc.constantFrom<Season['loanBook']>('collection', 'operation'),
});

// ---- Building a world --------------------------------------------------------------------------

type Farmer = { id: string; farmerNo: string; spec: FarmerSpec };
type BuiltLot = { lotId: string; gross: string; netKg: string; bags: number; spec: LotSpec };
type Built = {
  world: SettlementWorld;
  farmers: Farmer[];
  lots: BuiltLot[];
  /** Beneficiaries that are the union's own income. */
  union: Set<string>;
};

const farmerOf = (farmers: Farmer[], index: number) => farmers[index % farmers.length] as Farmer;

/** Writes the season: farmers, rules, paid lots (one delivery note each), then loans over HTTP. */
async function buildSeason(s: Season): Promise<Built> {
  const world = await makeSettlementWorld(t.db);
  const made = await makeFarmers(
    t.db,
    world,
    s.farmers.map((f) => f.kind),
  );
  const farmers = made.map((f, i) => ({ id: f.id, farmerNo: f.farmerNo, spec: s.farmers[i] as FarmerSpec }));
  const union = new Set<string>();
  for (const [i, r] of s.rules.entries()) {
    const made = await makeRule(t.db, world, { name: `Rule ${i + 1} ${r.basis}`, ...r });
    if (made.beneficiaryId && r.unionIncome) union.add(made.beneficiaryId);
  }
  const lots: BuiltLot[] = [];
  for (const spec of s.lots) {
    const collected = sum(spec.collections.map((c) => c.kg));
    const netKg = D.max(round(collected.times(spec.permille).div(1000), 3), '0.001').toFixed(3);
    const lot = await makePaidLot(t.db, world, {
      collections: spec.collections.map((c) => ({ farmerId: farmerOf(farmers, c.farmer).id, kg: c.kg })),
      netKg,
      bags: spec.bags,
      price: spec.price,
      transportCharge: spec.transportCharge ?? undefined,
    });
    lots.push({ lotId: lot.lotId, gross: lot.gross, netKg, bags: spec.bags, spec });
  }
  // Advances are paid from the collection or the operation bank (#16: posted across the books).
  const bank = await accountId(t, s.loanBook, '1101');
  for (const f of farmers)
    for (const [j, amount] of f.spec.loans.entries()) {
      const r = await t.request<{ data: FarmerLoan }>('POST', '/payments/loans', {
        token: officer.access,
        body: {
          farmerId: f.id,
          issuedOn: `2026-0${j + 1}-15`,
          amount,
          reason: 'Cash advance',
          bankAccountId: bank,
        },
      });
      expect(r.status).toBe(201);
      const approved = await t.request('PATCH', `/payments/loans/${r.body.data.id}/approve`, {
        token: finance.access,
      });
      expect(approved.status).toBe(200);
    }
  return { world, farmers, lots, union };
}

// ---- Reading the books -------------------------------------------------------------------------

const PAYABLES = ['payable_farmers', 'payable_amcos', 'payable_beneficiaries', 'payable_transporters'];

const payable = (role: string) => roleBalance(t.db, role);
const unpaid = (payableRole: string) => unpaidLines(t.db, payableRole);

/**
 * Every payables control account equals the batch lines still pending or failed, and the control
 * accounts report (#16) shows no difference: receivables, crop proceeds, loans, payables, due-to
 * = due-from (all worlds so far).
 */
async function expectControlsMatchLines(step: string): Promise<void> {
  for (const role of PAYABLES) expect(await payable(role), `${role} after ${step}`).toBe(await unpaid(role));
  const report = await t.request<{ data: ControlAccounts }>('GET', '/reports/control-accounts', {
    token: admin.access,
  });
  expect(report.status).toBe(200);
  expect(
    report.body.data.checks.filter((c) => c.difference !== '0.00').map((c) => [c.name, c.difference]),
    `control accounts after ${step}`,
  ).toEqual([]);
  expect(report.body.data.agreed).toBe(true);
}

async function get<T>(path: string): Promise<T> {
  const r = await t.request<T>('GET', path, { token: officer.access });
  expect(r.status, path).toBe(200);
  return r.body;
}

const linesOf = async (batchId: string) =>
  (await get<Listed<PaymentLine>>(`/payments/batches/${batchId}/lines?per_page=200`)).data;

// ---- The settlement's arithmetic ---------------------------------------------------------------

const money = (v: Dec) => v.toFixed(2);
const SPLIT = ['gross', 'beneficiaries', 'transporters', 'amcosShare', 'farmersNet', 'loanRecovery'] as const;
const splitOf = (x: Pick<SettlementLot, (typeof SPLIT)[number]>) => SPLIT.map((k) => x[k]);

/** What a rule computes on a lot, half-up to the cent (no minimum or maximum in these worlds). */
function ruleAmount(rule: RuleSpec, lot: BuiltLot): Dec {
  const rate = dec(rule.rate);
  const base = {
    per_kg: dec(lot.netKg).times(rate),
    percent_of_gross: dec(lot.gross).times(rate).div(100),
    per_bag: dec(lot.bags).times(rate),
    fixed: rate,
  }[rule.basis];
  return round(base, 2);
}

/** Farmer-paid deductions of a lot: its rules plus its note's transport charge (unless a
 * transporter rule pays the carrier instead), all capped together at the gross. */
function expectedDeductions(s: Season, lot: BuiltLot): string {
  const rules = sum(s.rules.map((r) => ruleAmount(r, lot)));
  const byRule = s.rules.some((r) => r.recipient === 'transporter');
  const charge = byRule ? dec(0) : dec(lot.spec.transportCharge ?? '0');
  return money(D.min(rules.plus(charge), dec(lot.gross)));
}

/** Checks one lot's split and its farmers' rows (saved settlement). */
function expectLotReconciles(s: Season, b: Built, lot: SettlementLot, rows: SettlementFarmerRow[]): void {
  const built = b.lots.find((l) => l.lotId === lot.lotId) as BuiltLot;
  // gross = sold kg x price, half-up to the cent (what the buyer was invoiced)
  expect(lot.gross).toBe(built.gross);
  // gross = beneficiaries + transporters + AMCOS share + farmers' net + loan recovery, exactly
  const deducted = sum([lot.beneficiaries, lot.transporters, lot.amcosShare]);
  expect(money(deducted.plus(dec(lot.farmersNet)).plus(dec(lot.loanRecovery)))).toBe(lot.gross);
  // the deductions are the rules' amounts and the transport charge, capped at the gross
  expect(money(deducted)).toBe(expectedDeductions(s, built));
  // each party total is the sum of its deduction lines, every line positive and farmer-paid
  for (const [type, total] of [
    ['beneficiary', lot.beneficiaries],
    ['transporter', lot.transporters],
    ['amcos', lot.amcosShare],
  ] as const)
    expect(money(sum(lot.deductions.filter((d) => d.partyType === type).map((d) => d.amount)))).toBe(total);
  for (const d of lot.deductions) expect([d.payer, dec(d.amount).gt(0)]).toEqual(['farmer', true]);

  // one row per farmer of the lot, with their collected kg
  const grams = new Map<string, Dec>();
  for (const c of built.spec.collections) {
    const id = farmerOf(b.farmers, c.farmer).id;
    grams.set(id, (grams.get(id) ?? dec(0)).plus(dec(c.kg)));
  }
  expect(rows.map((r) => [r.farmerId, r.kg]).sort()).toEqual(
    [...grams].map(([id, kg]) => [id, kg.toFixed(3)]).sort(),
  );
  for (const r of rows) {
    // gross share = deductions share + owed; owed = loan recovery + net; nothing negative
    expect(money(dec(r.deductions).plus(dec(r.owed)))).toBe(r.grossShare);
    expect(money(dec(r.loanRecovery).plus(dec(r.net)))).toBe(r.owed);
    expect([r.net, r.loanRecovery, r.deductions].every((v) => dec(v).gte(0))).toBe(true);
  }
  // the farmers' rows add up to the lot
  const total = (key: 'grossShare' | 'deductions' | 'net' | 'loanRecovery') =>
    money(sum(rows.map((r) => r[key])));
  expect([total('grossShare'), total('deductions'), total('net'), total('loanRecovery')]).toEqual([
    lot.gross,
    money(deducted),
    lot.farmersNet,
    lot.loanRecovery,
  ]);
  // each farmer is owed their collected-kg share of the farmers' payable, to the cent (largest remainder)
  const payableToFarmers = dec(lot.farmersNet).plus(dec(lot.loanRecovery));
  const collected = sum([...grams.values()]);
  for (const r of rows) {
    const exact = payableToFarmers.times(dec(r.kg)).div(collected);
    expect([
      money(exact.toDecimalPlaces(2, D.ROUND_DOWN)),
      money(exact.toDecimalPlaces(2, D.ROUND_UP)),
    ]).toContain(r.owed);
  }
}

type FarmerTotals = { owed: Dec; loanRecovery: Dec; net: Dec };

/** Each farmer's owed, loan recovery and net summed over the run's lots. */
function totalsByFarmer(rows: SettlementFarmerRow[]): Map<string, FarmerTotals> {
  const totals = new Map<string, FarmerTotals>();
  for (const r of rows) {
    const had = totals.get(r.farmerId) ?? { owed: dec(0), loanRecovery: dec(0), net: dec(0) };
    totals.set(r.farmerId, {
      owed: had.owed.plus(dec(r.owed)),
      loanRecovery: had.loanRecovery.plus(dec(r.loanRecovery)),
      net: had.net.plus(dec(r.net)),
    });
  }
  return totals;
}

/** Loans after approval: recovered oldest first, never above the loan, exactly what the run took. */
function expectLoansRecovered(b: Built, loans: FarmerLoan[], totals: Map<string, FarmerTotals>): void {
  for (const f of b.farmers) {
    const mine = loans
      .filter((l) => l.farmerId === f.id)
      .sort((x, y) => x.issuedOn.localeCompare(y.issuedOn));
    expect(mine.map((l) => l.amount)).toEqual(f.spec.loans);
    const owed = totals.get(f.id)?.owed ?? dec(0);
    const recovered = totals.get(f.id)?.loanRecovery ?? dec(0);
    // recovery = what the farmer is owed, up to their outstanding loans (never more than either)
    expect(money(recovered)).toBe(money(D.min(owed, sum(f.spec.loans))));
    expect(money(sum(mine.map((l) => l.recovered)))).toBe(money(recovered));
    for (const [i, l] of mine.entries()) {
      // never above the loan: outstanding = amount - recovered >= 0
      expect(money(dec(l.amount).minus(dec(l.recovered)))).toBe(l.outstanding);
      expect(dec(l.outstanding).gte(0)).toBe(true);
      // oldest first: a loan is touched only once every older loan is cleared
      if (dec(l.recovered).gt(0)) expect(mine.slice(0, i).every((o) => o.outstanding === '0.00')).toBe(true);
    }
  }
}

// ---- Paying the farmers ------------------------------------------------------------------------

/** Approves (by someone other than the drafter), exports both layouts and marks the batch paid. */
async function payBatch(batch: PaymentBatch, approver: Session, failed: PaymentLine[]): Promise<void> {
  const approved = await t.request('PATCH', `/payments/batches/${batch.id}/approve`, {
    token: approver.access,
  });
  expect(approved.status).toBe(200);
  const lines = await linesOf(batch.id);
  for (const layout of ['bank', 'mobile'] as const) {
    const file = await t.request('POST', `/payments/batches/${batch.id}/export?layout=${layout}&format=csv`, {
      token: officer.access,
    });
    expect(file.status).toBe(200);
    const csv = new TextDecoder().decode(file.raw);
    // every line is in its channel's file, and unpayable lines are in both: never dropped
    for (const l of lines)
      expect(csv.includes(l.reference), `${l.reference} in ${layout} file`).toBe(
        l.method === layout || l.method === 'none',
      );
  }
  const paid = await t.request('PATCH', `/payments/batches/${batch.id}/paid`, {
    token: officer.access,
    body: {
      paidOn: todayInTanzania(),
      bankReference: `REF-${batch.batchNo}`,
      failed: failed.map((l) => ({ lineId: l.id, reason: 'Refused by the bank' })),
    },
  });
  expect(paid.status).toBe(200);
  // refused lines fail with their reason, unpayable ones fail by themselves, the rest are paid
  const refused = new Set(failed.map((l) => l.id));
  expect((await linesOf(batch.id)).map((l) => [l.id, l.status, l.failureReason]).sort()).toEqual(
    lines
      .map((l) =>
        refused.has(l.id)
          ? [l.id, 'failed', 'Refused by the bank']
          : l.method === 'none'
            ? [l.id, 'failed', UNPAYABLE]
            : [l.id, 'paid', null],
      )
      .sort(),
  );
}

/** Per farmer: paid never exceeds the net owed, and paid + still owed lines are exactly the net. */
async function expectNobodyPaidTwice(b: Built, totals: Map<string, FarmerTotals>): Promise<void> {
  const rows = await queryRows(
    t.db,
    z.object({ farmerId: z.string(), paid: z.string(), live: z.string() }),
    sql`select party_id as "farmerId",
          coalesce(sum(amount) filter (where status = 'paid'), 0)::numeric(16,2)::text as paid,
          coalesce(sum(amount) filter (where status in ('paid', 'pending', 'failed')), 0)::numeric(16,2)::text as live
        from payment_lines where party_type = 'farmer' and party_id = any(${uuidArray(b.farmers.map((f) => f.id))})
        group by party_id`,
  );
  for (const f of b.farmers) {
    const net = totals.get(f.id)?.net ?? dec(0);
    const row = rows.find((r) => r.farmerId === f.id) ?? { paid: '0.00', live: '0.00' };
    expect(dec(row.paid).lte(net), `${f.farmerNo} paid ${row.paid} of ${money(net)}`).toBe(true);
    expect(row.live, `${f.farmerNo} lines`).toBe(money(net));
  }
}

/**
 * A farmer's collections in the world's lots are paid exactly when one of their lines is paid, or
 * at approval when nothing was left to pay them (deductions and loans took their whole share).
 */
async function expectCollectionsFollowLines(b: Built, totals: Map<string, FarmerTotals>): Promise<void> {
  const rows = await queryRows(
    t.db,
    z.object({ farmerId: z.string(), status: z.string(), linePaid: z.boolean() }),
    sql`select distinct c.farmer_id as "farmerId", c.status,
          exists (select 1 from payment_lines pl where pl.party_type = 'farmer' and pl.party_id = c.farmer_id
                  and pl.status = 'paid') as "linePaid"
        from collections c where c.lot_id = any(${uuidArray(b.lots.map((l) => l.lotId))})`,
  );
  for (const r of rows) {
    const settled = r.linePaid || (totals.get(r.farmerId)?.net ?? dec(0)).isZero();
    expect([r.farmerId, r.status]).toEqual([r.farmerId, settled ? 'paid' : 'sold']);
  }
}

// ---- The property ------------------------------------------------------------------------------

async function settleAndPay(s: Season): Promise<void> {
  const b = await buildSeason(s);
  const selection = { amcosId: b.world.amcosId };

  // Preview: every lot of the world, reconciled, and no farmer's line below zero.
  const preview = await t.request<{ data: SettlementPreview }>('POST', '/payments/settlements/preview', {
    token: officer.access,
    body: selection,
  });
  expect(preview.status).toBe(200);
  const p = preview.body.data;
  expect(p.lots.map((l) => l.lotId).sort()).toEqual(b.lots.map((l) => l.lotId).sort());
  const inLots = new Set(s.lots.flatMap((l) => l.collections.map((c) => farmerOf(b.farmers, c.farmer).id)));
  expect([p.farmerCount, p.farmers.length]).toEqual([inLots.size, inLots.size]);
  for (const l of p.lots)
    expect(money(sum([l.beneficiaries, l.transporters, l.amcosShare, l.farmersNet, l.loanRecovery]))).toBe(
      l.gross,
    );
  for (const f of p.farmers) {
    expect(money(dec(f.loanRecovery).plus(dec(f.net)))).toBe(f.owed);
    expect(dec(f.net).gte(0)).toBe(true);
  }

  // Save (officer) and approve (finance): the saved run is the preview, figure for figure.
  const created = await t.request<{ data: SettlementDetails }>('POST', '/payments/settlements', {
    token: officer.access,
    body: selection,
  });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect(splitOf(created.body.data)).toEqual(splitOf(p));
  expect(created.body.data.lots.map((l) => [l.lotId, ...splitOf(l)])).toEqual(
    p.lots.map((l) => [l.lotId, ...splitOf(l)]),
  );
  await expectControlsMatchLines('the loans and the draft');
  const levyBefore = await payable('levy_income');
  const approved = await t.request<{ data: SettlementDetails }>(
    'PATCH',
    `/payments/settlements/${id}/approve`,
    {
      token: finance.access,
    },
  );
  expect(approved.status).toBe(200);
  expect(approved.body.data.status).toBe('approved');

  // The saved lots and farmers' rows reconcile, lot by lot and farmer by farmer.
  const rows = (await get<Listed<SettlementFarmerRow>>(`/payments/settlements/${id}/farmers?per_page=200`))
    .data;
  for (const lot of approved.body.data.lots)
    expectLotReconciles(
      s,
      b,
      lot,
      rows.filter((r) => r.lotId === lot.lotId),
    );
  const totals = totalsByFarmer(rows);
  // the preview's farmer lines are the saved rows summed per farmer
  expect(p.farmers.map((f) => [f.farmerId, f.owed, f.loanRecovery, f.net]).sort()).toEqual(
    [...totals].map(([fid, x]) => [fid, money(x.owed), money(x.loanRecovery), money(x.net)]).sort(),
  );
  const loans = (await get<Listed<FarmerLoan>>(`/payments/loans?amcos_id=${b.world.amcosId}&per_page=200`))
    .data;
  expectLoansRecovered(b, loans, totals);
  // the posting cleared the lots' crop proceeds exactly (every world's lots are settled by now)
  expect(await payable('crop_proceeds_payable')).toBe('0.00');
  await expectControlsMatchLines('approval');
  await expectCollectionsFollowLines(b, totals);

  // One batch per kind of payee owed something, its total the run's figure for that payee.
  const batches = (await get<Listed<PaymentBatch>>(`/payments/batches?settlement_id=${id}&per_page=200`))
    .data;
  const d = approved.body.data;
  // The union's own beneficiaries are not paid out: their share became levy income (#16).
  const unionShare = sum(
    d.lots.flatMap((l) =>
      l.deductions
        .filter((x) => x.partyType === 'beneficiary' && b.union.has(x.partyId))
        .map((x) => x.amount),
    ),
  );
  expect(money(dec(await payable('levy_income')).minus(dec(levyBefore)))).toBe(money(unionShare));
  expect(batches.map((x) => [x.partyType, x.total, x.status]).sort()).toEqual(
    (
      [
        ['farmer', d.farmersNet],
        ['amcos', d.amcosShare],
        ['beneficiary', money(dec(d.beneficiaries).minus(unionShare))],
        ['transporter', d.transporters],
      ] as const
    )
      .filter(([, total]) => dec(total).gt(0))
      .map(([party, total]) => [party, total, 'draft'])
      .sort(),
  );
  const farmerBatch = batches.find((x) => x.partyType === 'farmer');
  // One line per farmer owed a net above zero, of that net summed over the lots.
  const lines = farmerBatch ? await linesOf(farmerBatch.id) : [];
  expect(lines.map((l) => [l.partyId, l.amount]).sort()).toEqual(
    [...totals]
      .filter(([, x]) => x.net.gt(0))
      .map(([fid, x]) => [fid, money(x.net)])
      .sort(),
  );
  if (!farmerBatch) return;

  // Pay: the bank refuses a random subset of the payable lines.
  const specOf = (l: PaymentLine) => (b.farmers.find((f) => f.id === l.partyId) as Farmer).spec;
  await payBatch(
    farmerBatch,
    admin,
    lines.filter((l) => l.method !== 'none' && specOf(l).refused),
  );
  await expectControlsMatchLines('paying the batch');
  await expectNobodyPaidTwice(b, totals);
  await expectCollectionsFollowLines(b, totals);

  // Retry a random subset of the failed lines in a new batch (a paid line can never be retried).
  const after = await linesOf(farmerBatch.id);
  const paidLine = after.find((l) => l.status === 'paid');
  if (paidLine) {
    const again = await t.request('POST', '/payments/batches/retry', {
      token: officer.access,
      body: { lineIds: [paidLine.id] },
    });
    expect(again.status).toBe(409);
  }
  const toRetry = after.filter((l) => l.status === 'failed' && specOf(l).retried);
  if (toRetry.length === 0) return;
  const retry = await t.request<{ data: PaymentBatch }>('POST', '/payments/batches/retry', {
    token: officer.access,
    body: { lineIds: toRetry.map((l) => l.id) },
  });
  expect(retry.status).toBe(201);
  expect([retry.body.data.isRetry, retry.body.data.total]).toEqual([
    true,
    money(sum(toRetry.map((l) => l.amount))),
  ]);
  // a retried line is retried once only
  const twice = await t.request('POST', '/payments/batches/retry', {
    token: officer.access,
    body: { lineIds: [toRetry[0]?.id] },
  });
  expect(twice.status).toBe(409);
  await expectControlsMatchLines('drafting the retry');
  await expectNobodyPaidTwice(b, totals);

  // The officer drafted the retry, so finance approves it; this time the bank refuses nothing.
  await payBatch(retry.body.data, finance, []);
  await expectControlsMatchLines('paying the retry');
  await expectNobodyPaidTwice(b, totals);
  await expectCollectionsFollowLines(b, totals);
}

describe('settlement over random seasons (issue 7)', () => {
  it('reconciles every lot, recovers loans within bounds, keeps payables = unpaid lines, pays nobody twice', async () => {
    await fc.assert(fc.asyncProperty(season, settleAndPay), { numRuns: 10 });
  }, 240_000);
});
