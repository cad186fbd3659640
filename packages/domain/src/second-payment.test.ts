import { describe, expect, it } from 'vitest';
import { SecondPaymentError, splitSecondPayment } from './second-payment.ts';

describe('splitSecondPayment (#32)', () => {
  it('rounds the whole once and splits it by kg, largest remainder to the cent', () => {
    // 1,000.001 kg at 33.33 = 33,330.03333 -> 33,330.03 (3,333,003 cents). By kg: 100.001 ->
    // 333,303.2997, 300 -> 999,899.9001, 600 -> 1,999,799.8002; the floors leave 2 cents, to the
    // largest remainders (300 and 600 kg).
    const s = splitSecondPayment('33.33', [
      { id: 'a', kg: '100.001' },
      { id: 'b', kg: '300.000' },
      { id: 'c', kg: '600.000' },
    ]);
    expect(s).toEqual({
      kg: '1000.001',
      total: '33330.03',
      lines: [
        { id: 'a', amount: '3333.03' },
        { id: 'b', amount: '9999.00' },
        { id: 'c', amount: '19998.00' },
      ],
    });
  });
  it('refuses a rate that is not positive, no kg, and less than a cent', () => {
    const refused = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof SecondPaymentError ? e.code : 'other';
      }
      return 'none';
    };
    expect(refused(() => splitSecondPayment('0', [{ id: 'a', kg: '10' }]))).toBe('no_rate');
    expect(refused(() => splitSecondPayment('5', []))).toBe('no_kg');
    expect(refused(() => splitSecondPayment('0.01', [{ id: 'a', kg: '0.100' }]))).toBe('nothing_to_pay');
  });
});
