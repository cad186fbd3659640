import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocateLots, LotAllocationError } from './lots.ts';
import { dec } from './money.ts';

const pool = (kgs: string[]) => kgs.map((netKg, i) => ({ id: `c${i + 1}`, netKg }));

describe('allocateLots', () => {
  it('gives each lot whole collections up to its share of the farmers kg', () => {
    // 1,000 farmers' kg arrived as 990 warehouse kg; lot 1 (495 kg) is worth 495 x 1000/990 = 500 farmers' kg.
    expect(allocateLots(pool(['300', '200', '250', '250']), '990', ['495', '495'])).toEqual([
      ['c1', 'c2'],
      ['c3', 'c4'],
    ]);
  });

  it('takes the next collection when at least half of it fits, and always one', () => {
    // Share 100: 60 + 50 (half 25 fits under 100) -> 110; then 90 is over.
    expect(allocateLots(pool(['60', '50', '90', '10']), '210', ['100'])).toEqual([['c1', 'c2']]);
    expect(allocateLots(pool(['500', '10']), '510', ['5'])).toEqual([['c1']]);
  });

  it('puts every remaining collection in the last lot when the lots use the whole weight', () => {
    expect(allocateLots(pool(['10', '10', '10', '1']), '31', ['10', '21'])).toEqual([
      ['c1'],
      ['c2', 'c3', 'c4'],
    ]);
    // Not the whole weight: the last lot takes its share only, the rest waits for another lot.
    expect(allocateLots(pool(['10', '10', '10', '1']), '31', ['10', '10'])).toEqual([['c1'], ['c2']]);
  });

  it('refuses lots heavier than the weight left, and a lot that finds no collection', () => {
    expect(() => allocateLots(pool(['10']), '10', ['10.001'])).toThrow(
      'The lots weigh 10.001 kg but only 10.000 kg of this grade is left on the delivery notes',
    );
    try {
      allocateLots(pool(['10']), '20', ['15', '5']);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LotAllocationError);
      expect((error as LotAllocationError).lotIndex).toBe(1);
    }
  });

  it('never loses or repeats a collection (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 50_000 }), { minLength: 1, maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 5 }),
        (grams, weights) => {
          const kgs = grams.map((g) => dec(g).div(1000).toFixed(3));
          const total = kgs.reduce((s, k) => s.plus(k), dec(0));
          const weightSum = weights.reduce((a, b) => a + b, 0);
          const lotKgs = weights.map((w) => total.times(w).div(weightSum).toDecimalPlaces(3, 1));
          const used = lotKgs.reduce((s, k) => s.plus(k), dec(0));
          try {
            const lots = allocateLots(pool(kgs), used, lotKgs);
            const ids = lots.flat();
            expect(new Set(ids).size).toBe(ids.length);
            // The lots use the whole weight: every collection is in exactly one lot.
            expect(ids.length).toBe(kgs.length);
            expect(lots.every((l) => l.length > 0)).toBe(true);
          } catch (error) {
            if (!(error instanceof LotAllocationError)) throw error;
          }
        },
      ),
    );
  });
});
