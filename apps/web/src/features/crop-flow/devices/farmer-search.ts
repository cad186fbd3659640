import type { PackFarmer } from '@ushirika/contracts';

/** A farmer's name as the receipt writes it. */
export const packFarmerName = (f: PackFarmer) =>
  [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' ');

/** One text of lines (each line ends with a newline) and where each line starts. */
type Lines = { text: string; starts: Int32Array };

/**
 * The search index as the device keeps it beside its pack (#29), made once when a pack is saved so
 * that an opening only reads it: each farmer as a line of JSON (parsed only when found), and the
 * lower-cased numbers, phone digits and lower-cased names each joined into one text of lines, so a
 * keystroke over 20,000 farmers is a few native `indexOf` scans that build no strings (bench
 * `offline`: the device's farmer search and the installed app's opening, CPU slowed 4×); the
 * places of the farmers in number order for a prefix (and exact) search by binary search.
 */
export type KeptFarmerIndex = {
  count: number;
  records: string;
  nos: string;
  phones: string;
  names: string;
  byNumber: Int32Array;
};

/** The kept index with where each of its lines starts, ready to search. */
export type FarmerIndex = {
  count: number;
  /** The farmers parsed so far, by place: one object per farmer, so equal matches stay equal. */
  parsed: Map<number, PackFarmer>;
  records: Lines;
  nos: Lines;
  phones: Lines;
  names: Lines;
  byNumber: Int32Array;
};

const oneLine = (s: string) => s.replace(/\n/g, ' ');

/** The index of a list of farmers, as the device keeps it (a line each, in the list's order). */
export function keptFarmerIndex(farmers: readonly PackFarmer[]): KeptFarmerIndex {
  const count = farmers.length;
  const lowerNos = farmers.map((f) => oneLine(f.farmerNo).toLowerCase());
  const byNumber = Int32Array.from({ length: count }, (_, i) => i);
  byNumber.sort((a, b) => {
    const x = lowerNos[a] ?? '';
    const y = lowerNos[b] ?? '';
    return x < y ? -1 : x > y ? 1 : a - b;
  });
  const join = (parts: string[]) => (count > 0 ? `${parts.join('\n')}\n` : '');
  return {
    count,
    // JSON writes a newline inside a text as \n: a record is one line.
    records: join(farmers.map((f) => JSON.stringify(f))),
    nos: join(lowerNos),
    // Digits only: one pass over all the phones (the newlines kept as the lines' ends).
    phones: join(farmers.map((f) => oneLine(f.phone ?? ''))).replace(/[^\d\n]/g, ''),
    names: join(farmers.map((f) => oneLine(packFarmerName(f)))).toLowerCase(),
    byNumber,
  };
}

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

/** A kept index made ready to search: only where its lines start is found (no parse, no strings). */
export function readyFarmerIndex(kept: KeptFarmerIndex): FarmerIndex {
  const { count } = kept;
  return {
    count,
    parsed: new Map(),
    records: linesOf(kept.records, count),
    nos: linesOf(kept.nos, count),
    phones: linesOf(kept.phones, count),
    names: linesOf(kept.names, count),
    byNumber: kept.byNumber,
  };
}

const indexes = new WeakMap<readonly PackFarmer[], FarmerIndex>();

/** A list's search index (built once per list, then kept beside it). */
export function farmerIndex(farmers: readonly PackFarmer[]): FarmerIndex {
  const known = indexes.get(farmers);
  if (known) return known;
  const index = readyFarmerIndex(keptFarmerIndex(farmers));
  indexes.set(farmers, index);
  return index;
}

/** Line `i` of a text, without its newline. */
const lineText = (lines: Lines, i: number) =>
  lines.text.slice(lines.starts[i] ?? 0, (lines.starts[i + 1] ?? 1) - 1);

/** The farmer at place `i` of the list, parsed the first time it is found. */
function farmerAt(index: FarmerIndex, i: number): PackFarmer {
  let farmer = index.parsed.get(i);
  if (!farmer) {
    farmer = JSON.parse(lineText(index.records, i)) as PackFarmer;
    index.parsed.set(i, farmer);
  }
  return farmer;
}

/** The lower-cased number `k`th in number order. */
const numberAt = (index: FarmerIndex, k: number) => lineText(index.nos, index.byNumber[k] ?? 0);

/** The first place in number order whose number is not before `q` (binary search). */
function firstAtOrAfter(index: FarmerIndex, q: string): number {
  let lo = 0;
  let hi = index.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (numberAt(index, mid) < q) lo = mid + 1;
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
  const index = 'byNumber' in farmers ? farmers : farmerIndex(farmers);
  const first = firstAtOrAfter(index, q);
  if (first < index.count && numberAt(index, first) === q)
    return [farmerAt(index, index.byNumber[first] ?? 0)];
  const found: PackFarmer[] = [];
  const taken = new Set<number>();
  for (let k = first; k < index.count && found.length < limit; k++) {
    if (!numberAt(index, k).startsWith(q)) break;
    const at = index.byNumber[k] ?? 0;
    found.push(farmerAt(index, at));
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
    if (!taken.has(next)) found.push(farmerAt(index, next));
  }
  return found;
}
