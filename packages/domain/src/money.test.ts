import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dec,
  round,
  sheetFigure,
  splitExact,
  spreadsheetNumber,
  sum,
  toGroupedAmount,
  toGroupedMoney,
  toGroupedQuantity,
  toMoney,
} from './money.ts';

describe('money', () => {
  it('gives a spreadsheet the double that reads back as the same figure, or nothing', () => {
    expect(spreadsheetNumber('1633398826.48')).toBe(1633398826.48);
    expect(spreadsheetNumber('-129692.31')).toBe(-129692.31);
    expect(spreadsheetNumber('625125.601')).toBe(625125.601);
    expect(spreadsheetNumber('0.00')).toBe(0);
    // 17 significant digits: no double reads back as this figure, so the cell keeps the text.
    expect(spreadsheetNumber('9007199254740993.25')).toBeNull();
    expect(spreadsheetNumber('1,000.00')).toBeNull();
    expect(spreadsheetNumber('12 kg')).toBeNull();
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }), (cents) => {
        const text = toMoney(dec(cents.toString()).div(100));
        const double = spreadsheetNumber(text);
        expect(double).not.toBeNull();
        expect(toMoney(String(double))).toBe(text);
      }),
    );
  });

  it('groups thousands for people to read, from the decimal string, every digit kept', () => {
    expect(toGroupedMoney('1234567.5')).toBe('1,234,567.50');
    expect(toGroupedMoney('999')).toBe('999.00');
    expect(toGroupedMoney('-1000.005')).toBe('-1,000.01');
    // 9,007,199,254,740,993.25 is past a JS float's exact range: a float would print ...992 or ...994.
    expect(toGroupedMoney('9007199254740993.25')).toBe('9,007,199,254,740,993.25');
    expect(toGroupedMoney('1500', 0)).toBe('1,500');
  });

  it('rounds half up at 2 dp', () => {
    expect(toMoney('2.345')).toBe('2.35');
    expect(toMoney('-2.345')).toBe('-2.35');
    expect(toMoney('1000')).toBe('1000.00');
    expect(round('0.125', 2).toFixed(2)).toBe('0.13');
  });

  it('refuses fractional JS numbers and junk strings', () => {
    expect(() => dec(0.1)).toThrow(/never fractional/);
    expect(() => dec('1e3')).toThrow(/Not a decimal/);
    expect(() => dec('12,5')).toThrow(/Not a decimal/);
  });

  it('adds exactly where floats would not', () => {
    expect(sum(['0.10', '0.20']).toFixed(2)).toBe('0.30');
  });

  it('splits 100.00 three ways to the cent: 33.34 + 33.33 + 33.33', () => {
    expect(splitExact('100.00', [1, 1, 1]).map((p) => p.toFixed(2))).toEqual(['33.34', '33.33', '33.33']);
  });

  it('splits 1,000 kg x 2,000 = 2,000,000 by 3% cess and the rest', () => {
    const [cess, rest] = splitExact('2000000', ['3', '97']);
    expect(cess?.toFixed(2)).toBe('60000.00');
    expect(rest?.toFixed(2)).toBe('1940000.00');
  });

  it('parts always add up exactly to the rounded whole (property)', () => {
    const amount = fc
      .bigInt({ min: 0n, max: 10n ** 13n })
      .map((c) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`);
    const weights = fc
      .array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 })
      .filter((w) => w.some((x) => x > 0));
    fc.assert(
      fc.property(amount, weights, (total, ws) => {
        const parts = splitExact(total, ws);
        expect(sum(parts).toFixed(2)).toBe(dec(total).toFixed(2));
        for (const p of parts) expect(p.isNegative()).toBe(false);
        // No part is more than one cent away from its exact share.
        const wsum = ws.reduce((a, b) => a + b, 0);
        parts.forEach((p, i) => {
          const exact = dec(total)
            .times(ws[i] ?? 0)
            .div(wsum);
          expect(p.minus(exact).abs().lte('0.01')).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('amounts and quantities in a sentence (#35)', () => {
  it('groups an amount and leaves out ".00" only when it is whole', () => {
    expect(toGroupedAmount('1234567.00')).toBe('1,234,567');
    expect(toGroupedAmount('1234567.5')).toBe('1,234,567.50');
    expect(toGroupedAmount('999.999')).toBe('1,000');
    expect(toGroupedAmount('0.05')).toBe('0.05');
    expect(toGroupedAmount('-2500')).toBe('-2,500');
  });

  it('groups a quantity and drops the zeros after its last digit', () => {
    expect(toGroupedQuantity('1234.500')).toBe('1,234.5');
    expect(toGroupedQuantity('25.000')).toBe('25');
    expect(toGroupedQuantity('100')).toBe('100');
    expect(toGroupedQuantity('0.125')).toBe('0.125');
    expect(toGroupedQuantity('1000000.0004')).toBe('1,000,000');
  });
});

describe('sheetFigure (opening imports, #36)', () => {
  it('reads typed and spreadsheet figures to the cent, and refuses what is not a figure', () => {
    expect(sheetFigure('1,250,000.5')).toBe('1250000.50');
    expect(sheetFigure(' 12 500 ')).toBe('12500.00');
    expect(sheetFigure('')).toBe('0.00');
    expect(sheetFigure('0.30000000000000004')).toBe('0.30');
    expect(sheetFigure('10.125')).toBeNull();
    expect(sheetFigure('-5')).toBeNull();
    expect(sheetFigure('12abc')).toBeNull();
    expect(sheetFigure('2.5', 3)).toBe('2.500');
  });
});
