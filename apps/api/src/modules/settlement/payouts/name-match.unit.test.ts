import { describe, expect, it } from 'vitest';
import { namesMatch } from './name-match.ts';

describe('namesMatch', () => {
  it('accepts the same person written another way', () => {
    expect(namesMatch('Asha Juma', 'JUMA ASHA')).toBe(true);
    expect(namesMatch('Asha Juma', 'ASHA M. JUMA')).toBe(true);
    expect(namesMatch('Farmer00001 Test', 'FARMER00001 TEST')).toBe(true);
    expect(namesMatch('Zuhura Abdallah-Omari', 'ZUHURA ABDALLAH OMARI')).toBe(true);
  });
  it('holds another person, a partial name and an empty answer', () => {
    expect(namesMatch('Asha Juma', 'ASHA PETRO')).toBe(false);
    expect(namesMatch('Asha Juma', 'NEEMA JUMA KISANGA')).toBe(false);
    expect(namesMatch('Asha Juma', 'ASHA')).toBe(false);
    expect(namesMatch('Asha Juma', '')).toBe(false);
  });
});
