import type { PackFarmer } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { farmerIndex, packFarmerName, searchFarmers } from './farmer-search.ts';

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

  it('answers what a plain scan of the list answers, on a list out of number order too', () => {
    // The plain scan the index stands for: exact number alone; numbers by their start (in number
    // order); then by number or phone ending (3+ digits) or name holding the text, in list order.
    const plain = (list: PackFarmer[], text: string, limit = 6) => {
      const q = text.trim().toLowerCase();
      if (!q) return [];
      const exact = list.find((f) => f.farmerNo.toLowerCase() === q);
      if (exact) return [exact];
      const byNo = [...list].sort((a, b) => (a.farmerNo.toLowerCase() < b.farmerNo.toLowerCase() ? -1 : 1));
      const found = byNo.filter((f) => f.farmerNo.toLowerCase().startsWith(q)).slice(0, limit);
      const digits = q.replace(/\D/g, '');
      for (const f of list) {
        if (found.length >= limit) break;
        if (found.includes(f)) continue;
        const phone = (f.phone ?? '').replace(/\D/g, '');
        if (
          (digits.length >= 3 && (f.farmerNo.toLowerCase().endsWith(digits) || phone.endsWith(digits))) ||
          packFarmerName(f).toLowerCase().includes(q)
        )
          found.push(f);
      }
      return found;
    };
    const shuffled = farmers.slice(0, 3_000).reverse();
    shuffled.push({
      ...farmers[5],
      id: 'x',
      farmerNo: 'ZZ-9',
      phone: '+255 712 000 137',
      middleName: 'Ö',
    } as PackFarmer);
    const index = farmerIndex(shuffled);
    const texts = [
      '0137',
      '137',
      'mkw01-0',
      'mizani 2',
      'ö',
      'zz',
      'zz-9',
      '000 137',
      'offline',
      '99',
      '2999',
      'ani 1',
    ];
    for (const text of texts)
      for (const limit of [1, 6, 50])
        expect(nos(searchFarmers(index, text, limit))).toEqual(nos(plain(shuffled, text, limit)));
  });
});

describe('the farmers a search finds', () => {
  it('are the same objects each time, so a keystroke finding the same farmers draws nothing new', () => {
    const index = farmerIndex(farmers.slice(0, 100));
    const first = searchFarmers(index, 'mizani 4');
    expect(first.length).toBeGreaterThan(0);
    expect(searchFarmers(index, 'mizani 4')).toEqual(first);
    const again = searchFarmers(index, 'mizani 4');
    for (const [i, f] of again.entries()) expect(f).toBe(first[i]);
  });
});
