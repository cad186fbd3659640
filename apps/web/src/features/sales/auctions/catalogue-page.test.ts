import type { AuctionLot } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { cataloguePage } from './catalogue-page.ts';

const lot = (i: number) =>
  ({
    lotId: `id-${i}`,
    lotNo: `LOT-${String(i).padStart(3, '0')}`,
    whrNo: `WHR-${i}`,
    amcosName: i % 2 ? 'Nanyumbu' : 'Mtwara',
  }) as AuctionLot;
const eighty = Array.from({ length: 80 }, (_, i) => lot(i + 1));

describe('the auction catalogue by page (issue #20: 80 lots on one page)', () => {
  it('shows one page of lots and counts them all', () => {
    const first = cataloguePage(eighty, '', 1, 25);
    expect([first.rows.length, first.total, first.rows[0]?.lotNo]).toEqual([25, 80, 'LOT-001']);
    const last = cataloguePage(eighty, '', 4, 25);
    expect(last.rows.map((l) => l.lotNo)).toEqual(['LOT-076', 'LOT-077', 'LOT-078', 'LOT-079', 'LOT-080']);
    // A page past the end (the lots shrank) shows the last page, not an empty table.
    expect(cataloguePage(eighty, '', 9, 50).rows[0]?.lotNo).toBe('LOT-051');
  });

  it('searches by lot, WHR or society before paging', () => {
    expect(cataloguePage(eighty, 'lot-07', 1, 25).rows.map((l) => l.lotNo)).toEqual(
      Array.from({ length: 10 }, (_, i) => `LOT-07${i}`),
    );
    expect(cataloguePage(eighty, 'whr-8', 1, 25).total).toBe(2);
    expect(cataloguePage(eighty, 'MTWARA', 1, 25).total).toBe(40);
  });
});
