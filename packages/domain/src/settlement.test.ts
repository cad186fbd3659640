import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ruleInput } from './deductions.ts';
import { dec, splitExact, sum } from './money.ts';
import {
  addNamedDeductions,
  farmerDeductionsByName,
  type LoanBalance,
  type LotToSettle,
  type MemberShares,
  type SettlementRule,
  scaled,
  settleLot,
  settleLots,
  splitUnits,
  unscaled,
} from './settlement.ts';

const CASHEW: SettlementRule[] = [
  {
    id: 'cess',
    name: 'District council cess',
    payer: 'farmer',
    basis: 'percent_of_gross',
    rate: '3',
    order: 1,
    recipient: 'beneficiary',
    beneficiaryId: 'council',
  },
  {
    id: 'board',
    name: 'Crop board levy',
    payer: 'buyer',
    basis: 'percent_of_gross',
    rate: '1.5',
    order: 2,
    recipient: 'beneficiary',
    beneficiaryId: 'board',
  },
  {
    id: 'union',
    name: 'Union levy',
    payer: 'farmer',
    basis: 'per_kg',
    rate: '25',
    order: 3,
    recipient: 'beneficiary',
    beneficiaryId: 'union',
  },
  {
    id: 'amcos',
    name: 'AMCOS levy',
    payer: 'farmer',
    basis: 'per_kg',
    rate: '20',
    order: 4,
    recipient: 'amcos',
  },
  {
    id: 'bagfee',
    name: 'Bag fee',
    payer: 'farmer',
    basis: 'per_bag',
    rate: '100',
    order: 5,
    recipient: 'transporter',
  },
];

describe('settleLot', () => {
  it('settles a lot of three farmers by hand, with a transit loss and a loan', () => {
    // Sold 990 kg (collected 1,000: 10 kg lost in transit) x 2,000 = 1,980,000.00
    // cess 3% = 59,400; union 25/kg x 990 = 24,750; AMCOS 20/kg = 19,800; bag fee 10 x 100 = 1,000
    // (transporter rule); transport charge 15,000 -> farmer deductions 119,950; farmers' payable 1,860,050
    // Farmers by collected kg 500/300/200: 930,025 / 558,015 / 372,010
    // Farmer A owes 100,000 + 50,000 (older first): recovered 150,000 -> net 780,025
    // Farmer C owes 400,000: recovered 372,010 (all they are owed) -> net 0
    const lot: LotToSettle = {
      lotId: 'L1',
      amcosId: 'A1',
      kg: '990',
      bags: 10,
      pricePerKg: '2000',
      rules: CASHEW,
      transporters: [{ transporterId: 'T1', kg: '1000', charge: '15000' }],
      collections: [
        { farmerId: 'A', kg: '300' },
        { farmerId: 'B', kg: '300' },
        { farmerId: 'A', kg: '200' },
        { farmerId: 'C', kg: '200' },
      ],
    };
    const loans = new Map<string, LoanBalance[]>([
      [
        'A',
        [
          { loanId: 'a1', outstanding: '100000.00' },
          { loanId: 'a2', outstanding: '50000.00' },
        ],
      ],
      ['C', [{ loanId: 'c1', outstanding: '400000.00' }]],
    ]);
    const { settlement: s, loansLeft } = settleLot(lot, loans);
    expect(s).toMatchObject({
      gross: '1980000.00',
      collectedKg: '1000.000',
      beneficiaries: '84150.00',
      transporters: '16000.00',
      amcos: '19800.00',
      buyerLevies: '29700.00',
      farmersNet: '1338040.00',
      loanRecovery: '522010.00',
    });
    expect(s.farmers).toEqual([
      {
        farmerId: 'A',
        kg: '500.000',
        grossShare: '990000.00',
        deductions: '59975.00',
        owed: '930025.00',
        loanRecovery: '150000.00',
        recoveries: [
          { loanId: 'a1', amount: '100000.00' },
          { loanId: 'a2', amount: '50000.00' },
        ],
        memberShares: '0.00',
        net: '780025.00',
      },
      {
        farmerId: 'B',
        kg: '300.000',
        grossShare: '594000.00',
        deductions: '35985.00',
        owed: '558015.00',
        loanRecovery: '0.00',
        recoveries: [],
        memberShares: '0.00',
        net: '558015.00',
      },
      {
        farmerId: 'C',
        kg: '200.000',
        grossShare: '396000.00',
        deductions: '23990.00',
        owed: '372010.00',
        loanRecovery: '372010.00',
        recoveries: [{ loanId: 'c1', amount: '372010.00' }],
        memberShares: '0.00',
        net: '0.00',
      },
    ]);
    expect(loansLeft.get('C')).toEqual([{ loanId: 'c1', outstanding: '27990.00' }]);
    expect(loansLeft.get('A')?.map((l) => l.outstanding)).toEqual(['0.00', '0.00']);
    // the input balances are untouched
    expect(loans.get('C')?.[0]?.outstanding).toBe('400000.00');
    expect(s.deductions.map((d) => [d.name, d.payee.type, d.payee.id, d.amount])).toEqual([
      ['District council cess', 'beneficiary', 'council', '59400.00'],
      ['Union levy', 'beneficiary', 'union', '24750.00'],
      ['AMCOS levy', 'amcos', 'A1', '19800.00'],
      ['Bag fee', 'transporter', 'T1', '1000.00'],
      ['Transport charge', 'transporter', 'T1', '15000.00'],
    ]);
    expect(s.buyerLines.map((d) => [d.name, d.amount])).toEqual([['Crop board levy', '29700.00']]);
  });

  it('carries loan balances from one lot to the next', () => {
    const lot = (lotId: string): LotToSettle => ({
      lotId,
      amcosId: 'A1',
      kg: '100',
      bags: 1,
      pricePerKg: '1000',
      rules: [],
      transporters: [],
      collections: [{ farmerId: 'F', kg: '100' }],
    });
    const run = settleLots(
      [lot('L1'), lot('L2')],
      new Map([['F', [{ loanId: 'x', outstanding: '150000' }]]]),
    );
    expect(run.lots.map((l) => l.loanRecovery)).toEqual(['100000.00', '50000.00']);
    expect(run.totals).toMatchObject({
      gross: '200000.00',
      farmersNet: '50000.00',
      loanRecovery: '150000.00',
    });
  });
});

// Random lots: many farmers, rules of every basis with minimums and maximums, both payers, every
// recipient, transport charges, loans.
const money = fc.integer({ min: 0, max: 5_000_000_00 }).map((c) => (c / 100).toFixed(2));
const kgArb = fc.integer({ min: 1, max: 5_000_000 }).map((g) => (g / 1000).toFixed(3));
const ruleArb = fc
  .record({
    basis: fc.constantFrom('per_kg', 'percent_of_gross', 'per_bag', 'fixed' as const),
    payer: fc.constantFrom('farmer', 'buyer' as const),
    rate: fc.integer({ min: 0, max: 200_000 }).map((r) => (r / 100).toFixed(2)),
    minimum: fc.option(money, { nil: null }),
    maximum: fc.option(money, { nil: null }),
    recipient: fc.constantFrom('beneficiary', 'amcos', 'transporter' as const),
    order: fc.integer({ min: 0, max: 10 }),
  })
  .map((r) => {
    const rate = r.basis === 'percent_of_gross' ? dec(r.rate).mod(100).toFixed(2) : r.rate;
    const [minimum, maximum] =
      r.minimum && r.maximum && dec(r.minimum).gt(dec(r.maximum))
        ? [r.maximum, r.minimum]
        : [r.minimum, r.maximum];
    return { ...r, rate, minimum, maximum };
  });

const lotArb = fc.record({
  kg: kgArb,
  bags: fc.integer({ min: 1, max: 500 }),
  price: fc.integer({ min: 1, max: 1_000_000 }).map((c) => (c / 100).toFixed(2)),
  rules: fc.array(ruleArb, { maxLength: 8 }),
  transporters: fc.array(fc.record({ kg: kgArb, charge: money }), { maxLength: 3 }),
  collections: fc.array(fc.record({ farmer: fc.integer({ min: 0, max: 40 }), kg: kgArb }), {
    minLength: 1,
    maxLength: 60,
  }),
  sharesPercent: fc.option(fc.integer({ min: 0, max: 100 }).map(String), { nil: null }),
});

describe('settlement properties', () => {
  it('every lot reconciles to the cent, nobody is paid a negative amount or twice', () => {
    fc.assert(
      fc.property(
        fc.array(lotArb, { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ farmer: fc.integer({ min: 0, max: 40 }), amount: money }), { maxLength: 30 }),
        fc.array(
          fc.record({
            farmer: fc.integer({ min: 0, max: 40 }),
            society: fc.integer({ min: 0, max: 1 }),
            unpaid: money,
          }),
          { maxLength: 30 },
        ),
        (rawLots, rawLoans, rawMembers) => {
          const lots: LotToSettle[] = rawLots.map((l, i) => {
            const hasCarrier = l.transporters.length > 0;
            return {
              lotId: `L${i}`,
              amcosId: `A${i % 2}`,
              kg: l.kg,
              bags: l.bags,
              pricePerKg: l.price,
              rules: l.rules
                .filter((r) => hasCarrier || r.recipient !== 'transporter')
                .map((r, j): SettlementRule => {
                  const base = ruleInput({ ...r, id: `R${j}`, name: `Rule ${j}` });
                  return r.recipient === 'beneficiary'
                    ? { ...base, recipient: 'beneficiary', beneficiaryId: `B${j % 3}` }
                    : { ...base, recipient: r.recipient };
                }),
              transporters: l.transporters.map((t, j) => ({
                transporterId: `T${j}`,
                kg: t.kg,
                charge: t.charge,
              })),
              collections: l.collections.map((c) => ({ farmerId: `F${c.farmer}`, kg: c.kg })),
              sharesRule: l.sharesPercent ? { ruleId: 'S', name: 'Shares', percent: l.sharesPercent } : null,
            };
          });
          const members = new Map<string, MemberShares>(
            rawMembers.map((m) => [`F${m.farmer}`, { amcosId: `A${m.society}`, unpaid: m.unpaid }]),
          );
          const loans = new Map<string, LoanBalance[]>();
          rawLoans.forEach((l, i) => {
            const list = loans.get(`F${l.farmer}`) ?? [];
            list.push({ loanId: `loan${i}`, outstanding: l.amount });
            loans.set(`F${l.farmer}`, list);
          });
          const run = settleLots(lots, loans, members);
          for (const s of run.lots) {
            const parts = [
              s.beneficiaries,
              s.transporters,
              s.amcos,
              s.farmersNet,
              s.loanRecovery,
              s.memberShares,
            ];
            expect(sum(parts).toFixed(2)).toBe(s.gross);
            expect(sum(s.deductions.map((d) => d.amount)).toFixed(2)).toBe(
              sum([s.beneficiaries, s.transporters, s.amcos]).toFixed(2),
            );
            const ids = s.farmers.map((f) => f.farmerId);
            expect(new Set(ids).size).toBe(ids.length);
            for (const f of s.farmers) {
              for (const v of [f.net, f.owed, f.deductions, f.loanRecovery, f.grossShare, f.memberShares]) {
                expect(dec(v).isNegative()).toBe(false);
              }
              expect(dec(f.owed).minus(dec(f.loanRecovery)).minus(dec(f.memberShares)).toFixed(2)).toBe(
                f.net,
              );
              // Shares only from a member of the lot's society, and only after the loans: a farmer
              // whose shares took something has nothing left of their loans... or of their money.
              if (dec(f.memberShares).gt(0)) {
                expect(members.get(f.farmerId)?.amcosId).toBe(s.amcosId);
                expect(s.farmers.length).toBeGreaterThan(0);
              }
              expect(dec(f.owed).plus(dec(f.deductions)).toFixed(2)).toBe(f.grossShare);
            }
            expect(sum(s.farmers.map((f) => f.grossShare)).toFixed(2)).toBe(s.gross);
            for (const d of [...s.deductions, ...s.buyerLines]) expect(dec(d.amount).gt(0)).toBe(true);
            // Each farmer's deductions named line by line (#31) add up to their share to the cent.
            for (const f of s.farmers) {
              const named = farmerDeductionsByName(f.deductions, s.deductions);
              expect(sum(named.map((d) => d.amount)).toFixed(2)).toBe(f.deductions);
              for (const d of named) expect(dec(d.amount).gt(0)).toBe(true);
            }
          }
          // Loans: never recover more than was outstanding, and what is left + recovered = before.
          const before = sum(rawLoans.map((l) => l.amount));
          const after = sum([...run.loansLeft.values()].flat().map((l) => l.outstanding));
          expect(after.plus(dec(run.totals.loanRecovery)).toFixed(2)).toBe(before.toFixed(2));
          for (const l of [...run.loansLeft.values()].flat())
            expect(dec(l.outstanding).isNegative()).toBe(false);
          // Shares: never more than a member's unpaid shares over the whole run.
          const paidBy = new Map<string, string[]>();
          for (const s of run.lots)
            for (const f of s.farmers)
              paidBy.set(f.farmerId, [...(paidBy.get(f.farmerId) ?? []), f.memberShares]);
          for (const [farmerId, paid] of paidBy) {
            const unpaid = members.get(farmerId)?.unpaid ?? '0';
            expect(sum(paid).lte(dec(unpaid))).toBe(true);
          }
          expect(sum(run.lots.map((l) => l.memberShares)).toFixed(2)).toBe(run.totals.memberShares);
        },
      ),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe('member shares from crop money (#32)', () => {
  const lot = (lotId: string, percent = '100'): LotToSettle => ({
    lotId,
    amcosId: 'A1',
    kg: '400',
    bags: 1,
    pricePerKg: '1000',
    rules: [],
    transporters: [],
    collections: [
      { farmerId: 'F', kg: '100' },
      { farmerId: 'P', kg: '100' },
      { farmerId: 'N', kg: '100' },
      { farmerId: 'O', kg: '100' },
    ],
    sharesRule: { ruleId: 'S', name: 'Member shares', percent },
  });
  // 400 kg x 1,000 = 400,000: each farmer is owed 100,000.
  const members = new Map<string, MemberShares>([
    ['F', { amcosId: 'A1', unpaid: '80000' }],
    ['P', { amcosId: 'A1', unpaid: '0.00' }],
    ['O', { amcosId: 'A2', unpaid: '50000' }],
  ]);
  const loans = new Map([['F', [{ loanId: 'x', outstanding: '60000' }]]]);

  it('recovers the loan first, then the shares take what is left, never more than unpaid', () => {
    const run = settleLots([lot('L1'), lot('L2')], loans, members);
    const [l1, l2] = run.lots;
    const f1 = l1?.farmers.find((f) => f.farmerId === 'F');
    // F: 100,000 owed; loan 60,000 first; shares take the other 40,000; nothing paid.
    expect(f1).toMatchObject({ loanRecovery: '60000.00', memberShares: '40000.00', net: '0.00' });
    // Next lot: 40,000 of shares still unpaid; 60,000 left to F.
    expect(l2?.farmers.find((f) => f.farmerId === 'F')).toMatchObject({
      loanRecovery: '0.00',
      memberShares: '40000.00',
      net: '60000.00',
    });
    // P's shares are paid, N is no member, O is a member of another society: nothing deducted.
    for (const id of ['P', 'N', 'O'])
      expect(l1?.farmers.find((f) => f.farmerId === id)).toMatchObject({
        memberShares: '0.00',
        net: '100000.00',
      });
    expect(run.totals).toMatchObject({
      gross: '800000.00',
      loanRecovery: '60000.00',
      memberShares: '80000.00',
      farmersNet: '660000.00',
    });
    // the input balances are untouched
    expect(members.get('F')?.unpaid).toBe('80000');
  });

  it('takes at most the percent of what is left after the loans, half-up to the cent', () => {
    const run = settleLots([lot('L1', '33.333')], loans, members);
    // (100,000 - 60,000) x 33.333% = 13,333.20
    expect(run.lots[0]?.farmers.find((f) => f.farmerId === 'F')).toMatchObject({
      memberShares: '13333.20',
      net: '26666.80',
    });
  });

  it('takes nothing without a member-shares rule', () => {
    const run = settleLots([{ ...lot('L1'), sharesRule: null }], loans, members);
    expect(run.totals.memberShares).toBe('0.00');
  });
});

describe("an AMCOS's union shares from its levy (#32)", () => {
  // 1,000 kg x 1,000 = 1,000,000; AMCOS levy 10 per kg = 10,000 on each lot.
  const lot = (lotId: string, amcosId: string, percent: string | null): LotToSettle => ({
    lotId,
    amcosId,
    kg: '1000',
    bags: 10,
    pricePerKg: '1000',
    rules: [
      {
        id: 'levy',
        name: 'AMCOS levy',
        recipient: 'amcos',
        payer: 'farmer',
        basis: 'per_kg',
        rate: '10',
        order: 1,
      },
    ],
    transporters: [],
    collections: [{ farmerId: 'F', kg: '1000' }],
    amcosSharesRule: percent ? { ruleId: 'U', name: 'AMCOS shares', percent } : null,
  });

  it('takes up to the percent of the levy, never more than the unpaid shares, carried lot to lot', () => {
    const union = new Map([
      ['A1', '7500.00'],
      ['A2', '0.00'],
    ]);
    const run = settleLots(
      [lot('L1', 'A1', '50'), lot('L2', 'A1', '50'), lot('L3', 'A2', '100')],
      new Map(),
      new Map(),
      union,
    );
    // L1: half of 10,000 = 5,000; L2: half again, but only 2,500 is still unpaid; A2 is paid up.
    expect(run.lots.map((l) => [l.amcos, l.amcosShares])).toEqual([
      ['10000.00', '5000.00'],
      ['10000.00', '2500.00'],
      ['10000.00', '0.00'],
    ]);
    expect(run.totals).toMatchObject({ amcos: '30000.00', amcosShares: '7500.00', farmersNet: '2970000.00' });
    expect(union.get('A1')).toBe('7500.00');
  });

  it('never takes more than the levy, rounds half-up, and takes nothing without a rule', () => {
    const union = new Map([['A1', '1000000']]);
    expect(settleLots([lot('L1', 'A1', '100')], new Map(), new Map(), union).totals.amcosShares).toBe(
      '10000.00',
    );
    expect(settleLots([lot('L1', 'A1', '33.33335')], new Map(), new Map(), union).totals.amcosShares).toBe(
      '3333.34',
    );
    expect(settleLots([lot('L1', 'A1', null)], new Map(), new Map(), union).totals.amcosShares).toBe('0.00');
  });
});

describe('splitUnits', () => {
  it('splits exactly like splitExact (largest remainder, ties to the earlier part)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 10_000_000 }), { minLength: 1, maxLength: 40 }),
        (cents, grams) => {
          fc.pre(grams.some((g) => g > 0));
          const exact = splitExact(
            (cents / 100).toFixed(2),
            grams.map((g) => (g / 1000).toFixed(3)),
          ).map((p) => p.toFixed(2));
          const units = splitUnits(BigInt(cents), grams.map(BigInt)).map((u) => unscaled(u, 2));
          expect(units).toEqual(exact);
        },
      ),
      { numRuns: 300 },
    );
    expect(scaled('1234.5', 2)).toBe(123450n);
    expect(unscaled(-5n, 2)).toBe('-0.05');
    expect(() => scaled('1.234', 2)).toThrow();
  });
});

describe('farmerDeductionsByName (#31)', () => {
  it("names a farmer's share of a lot's deductions, adding up to the share to the cent", () => {
    const lines = [
      { name: 'Council cess', amount: '30000.00' },
      { name: 'AMCOS levy', amount: '10000.00' },
      { name: 'Transport charge', amount: '3333.33' },
      { name: 'Transport charge', amount: '6666.67' },
    ];
    expect(farmerDeductionsByName('40000.00', lines.slice(0, 2))).toEqual([
      { name: 'Council cess', amount: '30000.00' },
      { name: 'AMCOS levy', amount: '10000.00' },
    ]);
    // A third of a lot: 16,666.67 split 3:1:2 by the lines (transport lines are one name); the
    // cent lost to rounding goes to the largest remainder, a tie to the earlier line.
    const third = farmerDeductionsByName('16666.67', lines);
    expect(third).toEqual([
      { name: 'Council cess', amount: '10000.00' },
      { name: 'AMCOS levy', amount: '3333.34' },
      { name: 'Transport charge', amount: '3333.33' },
    ]);
    expect(farmerDeductionsByName('0.00', lines)).toEqual([]);
    expect(farmerDeductionsByName('5.00', [])).toEqual([]);
    // Beyond a JS number's precision, exact.
    expect(farmerDeductionsByName('90071992547409.93', [{ name: 'Cess', amount: '1.00' }])).toEqual([
      { name: 'Cess', amount: '90071992547409.93' },
    ]);
    expect(
      addNamedDeductions([
        third,
        [
          { name: 'AMCOS levy', amount: '0.01' },
          { name: 'Road toll', amount: '5.00' },
        ],
      ]),
    ).toEqual([
      { name: 'Council cess', amount: '10000.00' },
      { name: 'AMCOS levy', amount: '3333.35' },
      { name: 'Transport charge', amount: '3333.33' },
      { name: 'Road toll', amount: '5.00' },
    ]);
  });
});
