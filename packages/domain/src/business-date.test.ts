import { describe, expect, it } from 'vitest';
import { dateInTanzania, todayInTanzania, yearInTanzania } from './business-date.ts';

describe('the union calendar day', () => {
  it('is already the next day in Dar es Salaam from 21:00 UTC', () => {
    expect(todayInTanzania(Date.parse('2026-11-29T20:59:59Z'))).toBe('2026-11-29');
    expect(todayInTanzania(Date.parse('2026-11-29T21:00:00Z'))).toBe('2026-11-30');
    expect(todayInTanzania(Date.parse('2026-12-31T22:30:00Z'))).toBe('2027-01-01');
  });
});

describe('the union calendar year', () => {
  it('turns at midnight in Dar es Salaam', () => {
    expect(yearInTanzania(Date.parse('2026-12-31T20:59:59Z'))).toBe(2026);
    expect(yearInTanzania(Date.parse('2026-12-31T21:00:00Z'))).toBe(2027);
  });
});

describe('the union calendar day of a moment', () => {
  it('reads a timestamp in Tanzania time', () => {
    expect(dateInTanzania('2026-11-29T21:30:00.000Z')).toBe('2026-11-30');
    expect(dateInTanzania('2026-11-30T00:30:00+03:00')).toBe('2026-11-30');
    expect(dateInTanzania(new Date('2026-11-29T20:30:00Z'))).toBe('2026-11-29');
  });
});
