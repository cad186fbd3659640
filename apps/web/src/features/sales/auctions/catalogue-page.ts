import type { AuctionLot } from '@ushirika/contracts';

/** The lots of a page of the catalogue: the search (lot, WHR or AMCOS) applied, then the page. */
export function cataloguePage(lots: AuctionLot[], search: string, page: number, perPage: number) {
  const term = search.trim().toLowerCase();
  const matching = term
    ? lots.filter((l) => [l.lotNo, l.whrNo, l.amcosName].some((v) => v?.toLowerCase().includes(term)))
    : lots;
  const pages = Math.max(1, Math.ceil(matching.length / perPage));
  const start = (Math.min(page, pages) - 1) * perPage;
  return { rows: matching.slice(start, start + perPage), total: matching.length };
}
