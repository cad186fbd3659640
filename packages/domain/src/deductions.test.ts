import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyerLevies, type DeductionRuleInput, type LevyRule, splitGross } from './deductions.ts';
import { dec, sum } from './money.ts';

const rule = (over: Partial<DeductionRuleInput> & Pick<DeductionRuleInput, 'basis' | 'rate'>) => ({
  id: over.name ?? over.basis,
  name: over.basis,
  payer: 'farmer' as const,
  order: 1,
  ...over,
});

/** A cashew season's rules as a union would set them. */
const CASHEW_RULES: DeductionRuleInput[] = [
  rule({ name: 'District council cess', basis: 'percent_of_gross', rate: '3', order: 1 }),
  rule({ name: 'Crop board levy', basis: 'percent_of_gross', rate: '1.5', order: 2, payer: 'buyer' }),
  rule({ name: 'Union levy', basis: 'per_kg', rate: '25', order: 3 }),
  rule({ name: 'AMCOS levy', basis: 'per_kg', rate: '20', order: 4 }),
  rule({ name: 'Transport', basis: 'per_kg', rate: '40', order: 5 }),
  rule({ name: 'Warehouse charges', basis: 'per_bag', rate: '1200', order: 6, payer: 'buyer' }),
  rule({ name: 'Bag fee', basis: 'fixed', rate: '500', order: 7 }),
];

describe('splitGross', () => {
  it('splits 1,000 kg at 2,000 TZS/kg to the shilling (worked by hand)', () => {
    // gross 1,000 x 2,000 = 2,000,000.00
    // farmer: cess 3% = 60,000; union 25/kg = 25,000; AMCOS 20/kg = 20,000; transport 40/kg = 40,000;
    //         bag fee 500 -> 145,500; net 1,854,500
    // buyer: crop board 1.5% = 30,000; warehouse 12 bags x 1,200 = 14,400 -> 44,400; pays 2,044,400
    const split = splitGross({ kg: '1000', pricePerKg: '2000', bags: 12 }, CASHEW_RULES);
    expect(split).toMatchObject({
      gross: '2000000.00',
      farmerDeductions: '145500.00',
      farmerNet: '1854500.00',
      buyerDeductions: '44400.00',
      buyerTotal: '2044400.00',
    });
    expect(split.farmerLines.map((l) => [l.name, l.amount])).toEqual([
      ['District council cess', '60000.00'],
      ['Union levy', '25000.00'],
      ['AMCOS levy', '20000.00'],
      ['Transport', '40000.00'],
      ['Bag fee', '500.00'],
    ]);
  });

  it('holds a rule between its minimum and maximum ("the higher of 15% or 100,000")', () => {
    const rules = [rule({ basis: 'percent_of_gross', rate: '15', minimum: '100000', maximum: '250000' })];
    expect(splitGross({ kg: '100', pricePerKg: '2000', bags: 1 }, rules).farmerDeductions).toBe('100000.00');
    expect(splitGross({ kg: '1000', pricePerKg: '2000', bags: 1 }, rules).farmerDeductions).toBe('250000.00');
  });

  it('rounds half up to the cent: 333.333 kg x 3.33 = 1,109.998... -> 1,110.00', () => {
    const split = splitGross({ kg: '333.333', pricePerKg: '3.33', bags: 1 }, [
      rule({ basis: 'percent_of_gross', rate: '3' }),
    ]);
    expect(split.gross).toBe('1110.00');
    expect(split.farmerLines[0]?.amount).toBe('33.30');
  });

  it('caps farmer deductions at the gross; the farmers never get a negative amount', () => {
    const split = splitGross({ kg: '10', pricePerKg: '100', bags: 1 }, [
      rule({ name: 'Transport', basis: 'per_kg', rate: '80', order: 1 }),
      rule({ name: 'Levy', basis: 'per_kg', rate: '50', order: 2 }),
    ]);
    expect(split.farmerLines.map((l) => [l.computed, l.amount])).toEqual([
      ['800.00', '800.00'],
      ['500.00', '200.00'],
    ]);
    expect(split.farmerNet).toBe('0.00');
  });

  it('skips rules not valid on the sale date', () => {
    const rules = [rule({ basis: 'fixed', rate: '100', validFrom: '2026-10-01', validTo: '2026-12-31' })];
    expect(splitGross({ kg: '1', pricePerKg: '1000', bags: 1, on: '2027-01-05' }, rules).farmerLines).toEqual(
      [],
    );
    expect(
      splitGross({ kg: '1', pricePerKg: '1000', bags: 1, on: '2026-11-05' }, rules).farmerLines,
    ).toHaveLength(1);
  });
});

const decimalString = (max: number, dp: number) =>
  fc.integer({ min: 0, max: max * 10 ** dp }).map((n) => (n / 10 ** dp).toFixed(dp));

const arbitraryRule = fc.record({
  id: fc.uuid(),
  name: fc.string({ minLength: 1, maxLength: 8 }),
  payer: fc.constantFrom('farmer' as const, 'buyer' as const),
  basis: fc.constantFrom(
    'per_kg' as const,
    'percent_of_gross' as const,
    'per_bag' as const,
    'fixed' as const,
  ),
  rate: decimalString(5000, 4),
  minimum: fc.option(decimalString(100000, 2), { nil: null }),
  maximum: fc.option(decimalString(10000000, 2), { nil: null }),
  order: fc.integer({ min: 0, max: 20 }),
});

describe('splitGross properties', () => {
  const sale = fc.record({
    kg: decimalString(200000, 3),
    pricePerKg: decimalString(6000, 2),
    bags: fc.integer({ min: 0, max: 3000 }),
  });

  it('farmer deductions plus the farmers net always add up exactly to the gross', () => {
    fc.assert(
      fc.property(sale, fc.array(arbitraryRule, { maxLength: 10 }), (s, rules) => {
        const split = splitGross(s, rules);
        const parts = sum([...split.farmerLines.map((l) => l.amount), split.farmerNet]);
        expect(parts.toFixed(2)).toBe(split.gross);
        expect(dec(split.farmerNet).isNegative()).toBe(false);
        expect(split.farmerLines.every((l) => !dec(l.amount).isNegative())).toBe(true);
        expect(dec(split.buyerTotal).minus(split.buyerDeductions).toFixed(2)).toBe(split.gross);
        for (const line of [...split.farmerLines, ...split.buyerLines])
          expect(line.amount).toMatch(/^\d+\.\d{2}$/);
      }),
      { numRuns: 500 },
    );
  });

  it('every rule appears once, on its payer side', () => {
    fc.assert(
      fc.property(sale, fc.array(arbitraryRule, { maxLength: 10 }), (s, rules) => {
        const split = splitGross(s, rules);
        expect(split.farmerLines.length + split.buyerLines.length).toBe(rules.length);
        expect(split.buyerLines.every((l) => l.payer === 'buyer')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });
});

describe('buyerLevies', () => {
  const levy = (over: Partial<LevyRule> & Pick<LevyRule, 'id' | 'basis' | 'rate'>): LevyRule => ({
    name: over.id,
    payer: 'buyer',
    order: 1,
    seasonCropId: 'cashew',
    gradeId: null,
    beneficiaryId: null,
    ...over,
  });
  // 333.333 kg x 3.33 = 1,109.998... -> 1,110.00 a lot.
  const lot = (gradeId: string, bags: number) => ({
    seasonCropId: 'cashew',
    gradeId,
    bags,
    kg: '333.333',
    pricePerKg: '3.33',
  });

  it('rounds each lot to the cent before the sum, one line per rule in the rules order (by hand)', () => {
    const rules = [
      levy({ id: 'warehouse', basis: 'per_bag', rate: '1200', order: 2, gradeId: 'std', beneficiaryId: 'w' }),
      levy({ id: 'board', basis: 'percent_of_gross', rate: '1.25', order: 1, beneficiaryId: 'b' }),
      levy({ id: 'other crop', basis: 'per_kg', rate: '10', seasonCropId: 'coffee' }),
      levy({ id: 'farmer cess', basis: 'per_kg', rate: '10', payer: 'farmer' }),
      levy({ id: 'nothing', basis: 'fixed', rate: '0', order: 3 }),
    ];
    // Board: 1,110.00 x 1.25% = 13.875 -> 13.88 a lot, 27.76 for two (27.75 on the sum).
    // Warehouse: the standard-grade lot's 4 bags x 1,200 = 4,800.00; the other grade pays none.
    expect(buyerLevies([lot('std', 4), lot('ug', 3)], rules, '2026-11-01')).toEqual([
      { ruleId: 'board', name: 'board', beneficiaryId: 'b', amount: '27.76' },
      { ruleId: 'warehouse', name: 'warehouse', beneficiaryId: 'w', amount: '4800.00' },
    ]);
  });

  it('charges nothing for a rule not valid on the invoice date, nor with no lots', () => {
    const rules = [levy({ id: 'old', basis: 'per_kg', rate: '5', validTo: '2025-12-31' })];
    expect(buyerLevies([lot('std', 1)], rules, '2026-11-01')).toEqual([]);
    expect(buyerLevies([], rules, '2026-11-01')).toEqual([]);
  });
});
