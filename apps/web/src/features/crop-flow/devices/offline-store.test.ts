import 'fake-indexeddb/auto';
import type { DevicePack, PackFarmer } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { searchFarmers } from './farmer-search.ts';
import { clearSocietyData, openOfflineDb, readFarmerIndex, savePack } from './offline-store.ts';

const farmer = (n: number, extra: Partial<PackFarmer> = {}): PackFarmer =>
  ({
    id: `f${n}`,
    farmerNo: `MKW01-${String(n).padStart(5, '0')}`,
    firstName: 'Asha',
    middleName: null,
    lastName: `Mizani ${n}`,
    phone: `2557${String(n).padStart(8, '0')}`,
    ...extra,
  }) as unknown as PackFarmer;

// The pack's number order is not assumed: the index sorts what it keeps.
const farmers = [farmer(3), farmer(1, { firstName: 'Rehema', lastName: 'Line\nTwo' }), farmer(2)];
const pack = { farmers } as unknown as DevicePack;
const nos = (found: PackFarmer[]) => found.map((f) => f.farmerNo);

describe('the farmers a device keeps (#29)', () => {
  it('keeps them as their search index, and a farmer is found whole after an opening', async () => {
    const db = await openOfflineDb('kept-index');
    await savePack(db, pack);
    const index = await readFarmerIndex(db);
    expect(index.count).toBe(3);
    expect(searchFarmers(index, 'mkw01-00001')).toEqual([farmers[1]]);
    expect(nos(searchFarmers(index, 'MKW01-0'))).toEqual(['MKW01-00001', 'MKW01-00002', 'MKW01-00003']);
    expect(nos(searchFarmers(index, 'line two'))).toEqual(['MKW01-00001']);
    expect(nos(searchFarmers(index, '00000002'))).toEqual(['MKW01-00002']);
  });

  it('indexes a pack an earlier version kept as one JSON text; sign-out clears both', async () => {
    const db = await openOfflineDb('earlier-pack');
    await db.put('meta', JSON.stringify(farmers), 'farmers');
    expect(nos(searchFarmers(await readFarmerIndex(db), 'rehema'))).toEqual(['MKW01-00001']);
    await savePack(db, pack);
    expect(await db.get('meta', 'farmers')).toBeUndefined();
    await clearSocietyData(db);
    expect((await readFarmerIndex(db)).count).toBe(0);
  });
});
