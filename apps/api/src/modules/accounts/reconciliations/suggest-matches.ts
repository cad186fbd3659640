import type { MatchSuggestion } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { z } from 'zod';

/** A line to match: signed amount in the account's currency (+ money in / debit, - money out / credit). */
/** A statement or book line as matching compares them: its date, reference and signed amount. */
export const matchLine = z.object({
  id: z.string(),
  date: z.string(),
  reference: z.string().nullable(),
  amount: z.string(),
  /** A book line of a payment batch paid through a payout provider: the batch's number (#30). */
  payoutBatch: z.string().nullable().optional(),
});
export type MatchLine = z.infer<typeof matchLine>;

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
/** `cents`: the amount in exact integer cents (BigInt), to total groups of 200,000 lines cheaply. */
type Line = MatchLine & { day: number; key: string; ref: string | null; cents: bigint };
const totalCents = (lines: Line[]) => lines.reduce((total, l) => total + l.cents, 0n);
/** Plain code-unit order (localeCompare collates, which is slow over 200,000 lines). */
const byDateThenId = (a: Line, b: Line) => a.day - b.day || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const refKey = (reference: string | null) => reference?.trim().toUpperCase() || null;
/** The database sends amounts with two decimals; anything else is normalised through decimal.js. */
const amountKey = (amount: string) =>
  /^-?\d+\.\d{2}$/.test(amount) && amount !== '-0.00' ? amount : dec(amount).toFixed(2);

/**
 * Automatic matches, each with its reason, in this order (a line is used once):
 * 1. reference: same amount and same reference (nearest date when several);
 * 2. payout_batch: one statement line = what a payment batch paid through a payout provider posted
 *    to the bank (sent plus fees), by its amount, with the batch number in its reference or within
 *    `days` days;
 * 3. batch: one statement line = several book lines with its reference, totalling its amount;
 * 4. amount_date: same amount within `days` days (nearest date, then the earlier book line);
 * 5. batch: one statement line = the book lines of one date (same direction) within `days` days
 *    totalling its amount (a payment batch paid as one debit).
 */
export function suggestMatches(
  statementLines: MatchLine[],
  bookLines: MatchLine[],
  days: number,
): MatchSuggestion[] {
  // A year has few dates: each is parsed once.
  const dayCache = new Map<string, number>();
  const dayNumber = (date: string) => {
    const known = dayCache.get(date);
    if (known !== undefined) return known;
    const n = dayOf(date);
    dayCache.set(date, n);
    return n;
  };
  const prepare = (l: MatchLine): Line => {
    const key = amountKey(l.amount);
    const cents = BigInt(key.replace('.', ''));
    return {
      id: l.id,
      date: l.date,
      reference: l.reference,
      amount: l.amount,
      payoutBatch: l.payoutBatch ?? null,
      day: dayNumber(l.date),
      key,
      ref: refKey(l.reference),
      cents,
    };
  };
  const statement = statementLines.map(prepare);
  const book = bookLines.map(prepare);
  const used = new Set<string>();
  const out: MatchSuggestion[] = [];
  const take = (reason: MatchSuggestion['reason'], s: Line, lines: Line[]) => {
    used.add(s.id);
    for (const l of lines) used.add(l.id);
    const gap = Math.max(...lines.map((l) => Math.abs(l.day - s.day)));
    out.push({
      reason,
      statementLineIds: [s.id],
      journalLineIds: lines.map((l) => l.id),
      amount: s.key,
      days: gap,
    });
  };
  const nearest = (s: Line, candidates: Line[] | undefined, limit: number) => {
    let best: Line | undefined;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const c of candidates ?? []) {
      if (used.has(c.id)) continue;
      const gap = Math.abs(c.day - s.day);
      if (gap <= limit && gap < bestGap) [best, bestGap] = [c, gap];
    }
    return best;
  };
  const ordered = [...statement].sort(byDateThenId);
  const books = [...book].sort(byDateThenId);

  const byRefAmount = groupBy(books, (l) => (l.ref ? `${l.ref}|${l.key}` : null));
  for (const s of ordered) {
    if (!s.ref) continue;
    const hit = nearest(s, byRefAmount.get(`${s.ref}|${s.key}`), Number.POSITIVE_INFINITY);
    if (hit) take('reference', s, [hit]);
  }

  matchPayoutBatches(ordered, books, days, used, take);

  const byRef = groupBy(books, (l) => l.ref);
  for (const s of ordered) {
    if (used.has(s.id) || !s.ref) continue;
    const group = (byRef.get(s.ref) ?? []).filter((l) => !used.has(l.id));
    if (group.length > 1 && totalCents(group) === s.cents) take('batch', s, group);
  }

  const byAmount = groupBy(books, (l) => l.key);
  for (const s of ordered) {
    if (used.has(s.id)) continue;
    const hit = nearest(s, byAmount.get(s.key), days);
    if (hit) take('amount_date', s, [hit]);
  }

  const byDate = groupBy(
    books.filter((l) => !used.has(l.id)),
    (l) => `${l.date}|${l.key.startsWith('-') ? '-' : '+'}`,
  );
  const groupsBySum = groupBy(
    [...byDate.values()].filter((g) => g.length > 1),
    (g) => String(totalCents(g)),
  );
  for (const s of ordered) {
    if (used.has(s.id)) continue;
    const group = (groupsBySum.get(String(s.cents)) ?? []).find(
      (g) => g.every((l) => !used.has(l.id)) && Math.abs((g[0]?.day ?? s.day) - s.day) <= days,
    );
    if (group) take('batch', s, group);
  }
  return out;
}

/**
 * One bank debit for all a payout batch posted to the bank (the payouts and the fees): the
 * statement line of the group's total whose reference names the batch, else the nearest such
 * line within `days` days of the batch's posting.
 */
function matchPayoutBatches(
  ordered: Line[],
  books: Line[],
  days: number,
  used: Set<string>,
  take: (reason: MatchSuggestion['reason'], s: Line, lines: Line[]) => void,
) {
  for (const [batchNo, group] of groupBy(books, (l) => l.payoutBatch ?? null)) {
    const lines = group.filter((l) => !used.has(l.id));
    if (lines.length !== group.length || lines.length === 0) continue;
    const cents = totalCents(lines);
    const day = Math.max(...lines.map((l) => l.day));
    const no = batchNo.toUpperCase();
    const candidates = ordered.filter((s) => !used.has(s.id) && s.cents === cents);
    const named = candidates.find((s) => s.ref?.includes(no));
    let near: Line | undefined;
    for (const s of candidates)
      if (Math.abs(s.day - day) <= days && (!near || Math.abs(s.day - day) < Math.abs(near.day - day)))
        near = s;
    const hit = named ?? near;
    if (hit) take('payout_batch', hit, lines);
  }
}

function groupBy<T>(items: T[], key: (item: T) => string | null): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    if (k === null) continue;
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}
