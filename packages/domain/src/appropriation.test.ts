import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppropriationError, appropriateSurplus, toSharesFirst } from './appropriation.ts';
import { dec, sum } from './money.ts';

describe('appropriation of the surplus', () => {
  it('reserves, pays a dividend on shares and a bonus per kg, exact to the cent (worked by hand)', () => {
    // Surplus 5,000,000.00; reserve 25% = 1,250,000.00.
    // Shares 1,000,000.00 + 2,500,000.00 + 333,333.33 = 3,833,333.33; 7% = 268,333.3331 -> 268,333.33.
    //   In cents 26,833,333 split by shares: 6,999,999.919 / 17,499,999.798 / 2,333,333.283;
    //   floors leave 2 cents, to the two largest remainders (A .919, B .798):
    //   A 70,000.00, B 175,000.00, C 23,333.33.
    // Kg 12,345.678 + 30,000.000 + 7,654.322 = 50,000.000 at 25.50 = 1,275,000.00;
    //   in cents 31,481,478.9 / 76,500,000 / 19,518,521.1: 1 cent left, to A (.9):
    //   A 314,814.79, B 765,000.00, C 195,185.21.
    // Retained 5,000,000.00 - 1,250,000.00 - 268,333.33 - 1,275,000.00 = 2,206,666.67.
    const a = appropriateSurplus({
      surplus: '5000000.00',
      reservePercent: '25',
      dividendPercent: '7',
      bonusPerKg: '25.50',
      members: [
        { id: 'A', paidShares: '1000000.00', kg: '12345.678' },
        { id: 'B', paidShares: '2500000.00', kg: '30000.000' },
        { id: 'C', paidShares: '333333.33', kg: '7654.322' },
      ],
    });
    expect(a).toEqual({
      surplus: '5000000.00',
      reserve: '1250000.00',
      dividend: '268333.33',
      bonus: '1275000.00',
      retained: '2206666.67',
      lines: [
        { id: 'A', dividend: '70000.00', bonus: '314814.79', payable: '384814.79' },
        { id: 'B', dividend: '175000.00', bonus: '765000.00', payable: '940000.00' },
        { id: 'C', dividend: '23333.33', bonus: '195185.21', payable: '218518.54' },
      ],
    });
  });

  it('refuses an appropriation that takes more than the surplus, or no surplus', () => {
    const members = [{ id: 'A', paidShares: '100000.00', kg: '1000.000' }];
    expect(() =>
      appropriateSurplus({
        surplus: '10000.00',
        reservePercent: '50',
        dividendPercent: '10',
        bonusPerKg: '0',
        members,
      }),
    ).toThrow(AppropriationError); // 5,000 + 10,000 > 10,000
    expect(() =>
      appropriateSurplus({
        surplus: '-5.00',
        reservePercent: '10',
        dividendPercent: '0',
        bonusPerKg: '0',
        members,
      }),
    ).toThrow(AppropriationError);
    expect(() =>
      appropriateSurplus({
        surplus: '100.00',
        reservePercent: '-1',
        dividendPercent: '0',
        bonusPerKg: '0',
        members,
      }),
    ).toThrow(AppropriationError);
  });

  it('pays nothing to members with no shares or no kg, and nothing when nobody has any', () => {
    const a = appropriateSurplus({
      surplus: '1000.00',
      reservePercent: '10',
      dividendPercent: '5',
      bonusPerKg: '1',
      members: [
        { id: 'A', paidShares: '0', kg: '0' },
        { id: 'B', paidShares: '0', kg: '0' },
      ],
    });
    expect(a.reserve).toBe('100.00');
    expect(a.retained).toBe('900.00');
    expect(a.lines.map((l) => l.payable)).toEqual(['0.00', '0.00']);
  });

  it('always adds up: reserve + dividend + bonus + retained = surplus; lines add up to their totals', () => {
    const cents = fc.bigInt({ min: 0n, max: 10n ** 11n }).map((c) => dec(c.toString()).div(100).toFixed(2));
    const grams = fc.bigInt({ min: 0n, max: 10n ** 9n }).map((g) => dec(g.toString()).div(1000).toFixed(3));
    fc.assert(
      fc.property(
        fc.array(fc.record({ paidShares: cents, kg: grams }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 5000 }),
        (ms, reservePct, dividendPct, perKgCents) => {
          const members = ms.map((m, i) => ({ id: String(i), ...m }));
          const perKg = dec(perKgCents).div(100).toFixed(2);
          // A surplus large enough to cover what is asked, so it never throws.
          const asked = sum(members.map((m) => dec(m.paidShares).times(dividendPct).div(100)))
            .plus(sum(members.map((m) => dec(m.kg).times(perKg))))
            .plus(1);
          const surplus = asked.times(2).toFixed(2);
          const a = appropriateSurplus({
            surplus,
            reservePercent: String(reservePct),
            dividendPercent: String(dividendPct),
            bonusPerKg: perKg,
            members,
          });
          expect(sum([a.reserve, a.dividend, a.bonus, a.retained]).eq(a.surplus)).toBe(true);
          expect(sum(a.lines.map((l) => l.dividend)).eq(a.dividend)).toBe(true);
          expect(sum(a.lines.map((l) => l.bonus)).eq(a.bonus)).toBe(true);
          expect(dec(a.retained).isNegative()).toBe(false);
        },
      ),
    );
  });
});

describe('the dividend and bonus paying unpaid shares first (#32)', () => {
  it('takes the smaller of what is owed and the unpaid shares, only when the AMCOS chose it', () => {
    const of = (payable: string, unpaidShares: string, chose: boolean) => {
      const r = toSharesFirst({ payable, unpaidShares, chose });
      return [r.toShares, r.toPay];
    };
    expect(of('40000.00', '15000.00', true)).toEqual(['15000.00', '25000.00']);
    expect(of('25000.00', '100000.00', true)).toEqual(['25000.00', '0.00']);
    expect(of('25000.00', '100000.00', false)).toEqual(['0.00', '25000.00']);
    expect(of('25000.00', '0.00', true)).toEqual(['0.00', '25000.00']);
  });
});
