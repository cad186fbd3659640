import type { PackFarmer } from '@ushirika/contracts';

/** A farmer's name as the receipt writes it. */
export const packFarmerName = (f: PackFarmer) =>
  [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ');

type Entry = { farmer: PackFarmer; no: string; phone: string; name: string };

/**
 * The device's farmers made ready for searching, once per list (#29): lower-cased numbers sorted
 * for a prefix search, an exact-number map, and each farmer's name and phone digits prepared, so a
 * keystroke over 20,000 farmers compares strings and builds none (bench `offline`: the device's
 * farmer search, CPU slowed 4×).
 */
type FarmerIndex = { byNo: Map<string, PackFarmer>; sorted: Entry[]; entries: Entry[] };

const indexes = new WeakMap<readonly PackFarmer[], FarmerIndex>();

function indexOf(farmers: readonly PackFarmer[]): FarmerIndex {
  const known = indexes.get(farmers);
  if (known) return known;
  const entries = farmers.map((farmer) => ({
    farmer,
    no: farmer.farmerNo.toLowerCase(),
    phone: (farmer.phone ?? '').replace(/\D/g, ''),
    name: packFarmerName(farmer).toLowerCase(),
  }));
  const index = {
    byNo: new Map(entries.map((e) => [e.no, e.farmer])),
    sorted: [...entries].sort((a, b) => (a.no < b.no ? -1 : a.no > b.no ? 1 : 0)),
    entries,
  };
  indexes.set(farmers, index);
  return index;
}

/** The first entry whose number is not before `q` (binary search). */
function firstAtOrAfter(sorted: Entry[], q: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid]?.no ?? '') < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The device's own farmer search (no network): by number (its start, or the digits after the
 * society's code), name or phone; an exact number first, then numbers starting with what was
 * typed, then the other matches in the list's order. At most `limit` matches.
 */
export function searchFarmers(farmers: readonly PackFarmer[], text: string, limit = 6): PackFarmer[] {
  const q = text.trim().toLowerCase();
  if (!q) return [];
  const index = indexOf(farmers);
  const exact = index.byNo.get(q);
  if (exact) return [exact];
  const found: PackFarmer[] = [];
  const taken = new Set<PackFarmer>();
  for (let i = firstAtOrAfter(index.sorted, q); i < index.sorted.length && found.length < limit; i++) {
    const entry = index.sorted[i];
    if (!entry?.no.startsWith(q)) break;
    found.push(entry.farmer);
    taken.add(entry.farmer);
  }
  const digits = q.replace(/\D/g, '');
  for (const e of index.entries) {
    if (found.length >= limit) break;
    if (taken.has(e.farmer)) continue;
    const hit =
      (digits.length >= 3 && (e.no.endsWith(digits) || e.phone.endsWith(digits))) || e.name.includes(q);
    if (hit) found.push(e.farmer);
  }
  return found;
}
