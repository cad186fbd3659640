import type { PackFarmer } from '@ushirika/contracts';

/** A farmer's name as the receipt writes it. */
export const packFarmerName = (f: PackFarmer) =>
  [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ');

/** One text of lines (each line ends with a newline) and where each line starts. */
type Lines = { text: string; starts: Int32Array };

/**
 * The device's farmers made ready for searching, once per list (#29): lower-cased numbers sorted
 * for a prefix (and exact) search by binary search, and the numbers, phone digits and lower-cased
 * names each joined into one text of lines, so a keystroke over 20,000 farmers is a few native
 * `indexOf` scans that build no strings (bench `offline`: the device's farmer search, CPU slowed 4×).
 */
export type FarmerIndex = {
  farmers: readonly PackFarmer[];
  /** Lower-cased numbers in order, and each one's place in `farmers`. */
  sorted: string[];
  sortedAt: Int32Array;
  nos: Lines;
  phones: Lines;
  names: Lines;
};

const indexes = new WeakMap<readonly PackFarmer[], FarmerIndex>();

/** Lines of one text: a line per farmer, in the list's order (the text holds no other newline). */
function linesOf(text: string, count: number): Lines {
  const starts = new Int32Array(count + 1);
  let at = 0;
  for (let i = 0; i < count; i++) {
    starts[i] = at;
    at = text.indexOf('\n', at) + 1;
  }
  starts[count] = text.length;
  return { text, starts };
}

const oneLine = (s: string) => s.replace(/\n/g, ' ');

/** The list's search index (built once per list, then kept beside it). */
export function farmerIndex(farmers: readonly PackFarmer[]): FarmerIndex {
  const known = indexes.get(farmers);
  if (known) return known;
  const count = farmers.length;
  const lowerNos = farmers.map((f) => oneLine(f.farmerNo).toLowerCase());
  let inOrder = true;
  for (let i = 1; i < count && inOrder; i++) inOrder = (lowerNos[i - 1] ?? '') <= (lowerNos[i] ?? '');
  const order = Int32Array.from({ length: count }, (_, i) => i);
  if (!inOrder) {
    order.sort((a, b) => {
      const x = lowerNos[a] ?? '';
      const y = lowerNos[b] ?? '';
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  }
  const join = (parts: string[]) => (count > 0 ? `${parts.join('\n')}\n` : '');
  const index: FarmerIndex = {
    farmers,
    sorted: Array.from(order, (i) => lowerNos[i] ?? ''),
    sortedAt: order,
    nos: linesOf(join(lowerNos), count),
    // Digits only: one pass over all the phones (the newlines kept as the lines' ends).
    phones: linesOf(join(farmers.map((f) => oneLine(f.phone ?? ''))).replace(/[^\d\n]/g, ''), count),
    names: linesOf(join(farmers.map((f) => oneLine(packFarmerName(f)))).toLowerCase(), count),
  };
  indexes.set(farmers, index);
  return index;
}

/** The first place whose number is not before `q` (binary search). */
function firstAtOrAfter(sorted: string[], q: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((sorted[mid] ?? '') < q) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The line that holds `at` (binary search over the starts). */
function lineAt(starts: Int32Array, at: number): number {
  let lo = 0;
  let hi = starts.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if ((starts[mid] ?? 0) <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The lines that hold `needle`, in order, each once; lazily, so a search stops at its limit. */
function* linesHolding(lines: Lines, needle: string): Generator<number> {
  let from = 0;
  for (;;) {
    const at = lines.text.indexOf(needle, from);
    if (at < 0) return;
    const line = lineAt(lines.starts, at);
    yield line;
    from = lines.starts[line + 1] ?? lines.text.length;
  }
}

/**
 * The device's own farmer search (no network): by number (its start, or the digits after the
 * society's code), name or phone; an exact number first, then numbers starting with what was
 * typed, then the other matches in the list's order (a number or phone ending with the digits
 * typed, three or more; a name holding the text). At most `limit` matches.
 */
export function searchFarmers(
  farmers: readonly PackFarmer[] | FarmerIndex,
  text: string,
  limit = 6,
): PackFarmer[] {
  const q = text.trim().toLowerCase();
  if (!q || q.includes('\n')) return [];
  const index = 'sortedAt' in farmers ? farmers : farmerIndex(farmers);
  const list = index.farmers;
  const first = firstAtOrAfter(index.sorted, q);
  const exactAt = index.sorted[first] === q ? index.sortedAt[first] : undefined;
  if (exactAt !== undefined) return [list[exactAt] as PackFarmer];
  const found: PackFarmer[] = [];
  const taken = new Set<number>();
  for (let i = first; i < index.sorted.length && found.length < limit; i++) {
    if (!index.sorted[i]?.startsWith(q)) break;
    const at = index.sortedAt[i] ?? 0;
    found.push(list[at] as PackFarmer);
    taken.add(at);
  }
  const digits = q.replace(/\D/g, '');
  const streams = [linesHolding(index.names, q)];
  if (digits.length >= 3)
    streams.push(linesHolding(index.nos, `${digits}\n`), linesHolding(index.phones, `${digits}\n`));
  // The streams merged in the list's order: each farmer once, the first `limit`.
  const heads = streams.map((s) => s.next());
  while (found.length < limit) {
    let next = Number.POSITIVE_INFINITY;
    for (const h of heads) if (!h.done && h.value < next) next = h.value;
    if (next === Number.POSITIVE_INFINITY) break;
    heads.forEach((h, k) => {
      if (!h.done && h.value === next) heads[k] = streams[k]?.next() ?? h;
    });
    if (!taken.has(next)) found.push(list[next] as PackFarmer);
  }
  return found;
}
