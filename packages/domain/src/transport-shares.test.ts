import { describe, expect, it } from 'vitest';
import { sum } from './money.ts';
import { transportByLot } from './transport-shares.ts';

const source = (
  lotId: string,
  dnId: string,
  collectedKg: string,
  transporterId: string | null,
  charge: string,
) => ({
  lotId,
  dnId,
  collectedKg,
  transporterId,
  charge,
});

describe('transportByLot', () => {
  it("shares a note's charge among its lots by kg, to the cent, largest remainder first", () => {
    // 100.00 over 1 : 2 kg = 33.333 / 66.666: the floors leave a cent, to the larger remainder.
    const shares = transportByLot([
      source('A', 'n1', '1.000', 't1', '100.00'),
      source('B', 'n1', '2.000', 't1', '100.00'),
    ]);
    expect(shares.get('A')).toEqual([{ transporterId: 't1', kg: '1.000', charge: '33.33' }]);
    expect(shares.get('B')).toEqual([{ transporterId: 't1', kg: '2.000', charge: '66.67' }]);
  });

  it('adds up a lot carried on two notes of one transporter, and keeps two transporters apart', () => {
    const shares = transportByLot([
      source('A', 'n1', '10.500', 't1', '50.00'),
      source('A', 'n2', '4.250', 't1', '20.00'),
      source('A', 'n3', '5.000', 't2', '7.50'),
    ]);
    expect(shares.get('A')).toEqual([
      { transporterId: 't1', kg: '14.750', charge: '70.00' },
      { transporterId: 't2', kg: '5.000', charge: '7.50' },
    ]);
  });

  it('pays nobody for a note without a transporter, and shares nothing when no kg was carried', () => {
    const shares = transportByLot([
      source('A', 'n1', '10.000', null, '50.00'),
      source('B', 'n2', '0.000', 't1', '30.00'),
      source('C', 'n2', '0.000', 't1', '30.00'),
    ]);
    expect(shares.has('A')).toBe(false);
    expect(shares.get('B')).toEqual([{ transporterId: 't1', kg: '0.000', charge: '0.00' }]);
    expect(shares.get('C')).toEqual([{ transporterId: 't1', kg: '0.000', charge: '0.00' }]);
  });

  it("splits exactly: a note's shares add up to its charge", () => {
    const kgs = ['13.337', '26.674', '40.011', '53.348', '66.685', '80.022', '93.359'];
    const shares = transportByLot(kgs.map((kg, i) => source(`L${i}`, 'n1', kg, 't1', '1000.01')));
    const charges = kgs.map((_, i) => shares.get(`L${i}`)?.[0]?.charge ?? '0');
    expect(sum(charges).toFixed(2)).toBe('1000.01');
  });
});
