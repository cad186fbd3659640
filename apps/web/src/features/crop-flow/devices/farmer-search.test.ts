import type { PackFarmer } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { searchFarmers } from './farmer-search.ts';

/** The device's farmer search (#29) over a generated society of 20,000 farmers. */
const farmers = Array.from(
  { length: 20_000 },
  (_, i): PackFarmer =>
    ({
      id: `f${i + 1}`,
      farmerNo: `MKW01-${String(i + 1).padStart(5, '0')}`,
      firstName: i === 41 ? 'Rehema' : 'Mkulima',
      middleName: null,
      lastName: `Mizani ${i + 1}`,
      phone: `2557${String(i + 1).padStart(8, '0')}`,
    }) as unknown as PackFarmer,
);
const nos = (found: PackFarmer[]) => found.map((f) => f.farmerNo);

describe('the device farmer search', () => {
  it('finds an exact number alone, numbers by their start, and by the digits after the code', () => {
    expect(nos(searchFarmers(farmers, 'mkw01-00042'))).toEqual(['MKW01-00042']);
    expect(nos(searchFarmers(farmers, 'MKW01-1999'))).toEqual([
      'MKW01-19990',
      'MKW01-19991',
      'MKW01-19992',
      'MKW01-19993',
      'MKW01-19994',
      'MKW01-19995',
    ]);
    expect(nos(searchFarmers(farmers, '12345'))[0]).toBe('MKW01-12345');
  });

  it('finds by name and by the end of the phone number; nothing for no match or blank', () => {
    expect(nos(searchFarmers(farmers, 'rehema'))).toEqual(['MKW01-00042']);
    expect(nos(searchFarmers(farmers, 'mizani 1999', 2))).toEqual(['MKW01-01999', 'MKW01-11999']);
    expect(nos(searchFarmers(farmers, '0017777'))).toEqual(['MKW01-17777']);
    expect(searchFarmers(farmers, 'no such farmer')).toEqual([]);
    expect(searchFarmers(farmers, '  ')).toEqual([]);
  });
});
