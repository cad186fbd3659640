import { describe, expect, it } from 'vitest';
import { addToTally, emptyTally, moistureVerdict, readNet } from './weighing.ts';

describe('readNet', () => {
  it('is gross minus tare with 3 decimals, spaces around the figures ignored', () => {
    expect(readNet('162.5', '2.5')).toEqual({ netKg: '160.000', tareTooHeavy: false });
    expect(readNet(' 240.25 ', '3.75')).toEqual({ netKg: '236.500', tareTooHeavy: false });
    // Exact in decimals where floats are not: 0.3 - 0.1 is 0.19999999999999998 as a JS number.
    expect(readNet('0.3', '0.1')).toEqual({ netKg: '0.200', tareTooHeavy: false });
  });

  it('has no net while either figure is not a kg figure yet', () => {
    for (const [gross, tare] of [
      ['', '1'],
      ['80', ''],
      ['80.', '1'],
      ['80.1234', '1'],
      ['-80', '1'],
      ['1e3', '1'],
      ['1234567890123', '1'],
    ]) {
      expect(readNet(gross ?? '', tare ?? '')).toEqual({ netKg: null, tareTooHeavy: false });
    }
  });

  it('says when the tare is not below the gross, as the API refuses it', () => {
    expect(readNet('10', '10')).toEqual({ netKg: '0.000', tareTooHeavy: true });
    expect(readNet('10', '12.5')).toEqual({ netKg: '-2.500', tareTooHeavy: true });
    expect(readNet('10', '9.999').tareTooHeavy).toBe(false);
  });
});

describe('moistureVerdict', () => {
  it('is fine at or below the maximum and while the reading is not a percentage yet', () => {
    expect(moistureVerdict('10', '10.00', 'refuse')).toBe('ok');
    expect(moistureVerdict('9.99', '10.00', 'flag')).toBe('ok');
    expect(moistureVerdict('', '10.00', 'refuse')).toBe('ok');
    expect(moistureVerdict('10.001', '10.00', 'refuse')).toBe('ok');
    expect(moistureVerdict('1000', '10.00', 'refuse')).toBe('ok');
  });

  it('above the maximum: flagged under the flag policy, refused under the refuse policy', () => {
    expect(moistureVerdict('10.01', '10.00', 'flag')).toBe('flag');
    expect(moistureVerdict(' 12 ', '10', 'refuse')).toBe('too-wet');
  });
});

describe('addToTally', () => {
  it('counts the farmer and adds the net kg exactly', () => {
    const tally = ['160.000', '236.500', '79.000'].reduce(addToTally, emptyTally);
    expect(tally).toEqual({ farmers: 3, kg: '475.500' });
    expect(addToTally({ farmers: 1, kg: '0.100' }, '0.200')).toEqual({ farmers: 2, kg: '0.300' });
  });
});
