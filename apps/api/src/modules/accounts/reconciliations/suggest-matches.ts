import type { MatchSuggestion } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';

/** A line to match: signed amount in the account's currency (+ money in / debit, - money out / credit). */
export type MatchLine = { id: string; date: string; reference: string | null; amount: string };

const DAY = 86_400_000;
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;
const refKey = (reference: string | null) => reference?.trim().toUpperCase() || null;
const amountKey = (amount: string) => dec(amount).toFixed(2);

/**
 * Automatic matches, each with its reason, in this order (a line is used once):
 * 1. reference: same amount and same reference (nearest date when several);
 * 2. batch: one statement line = several book lines with its reference, totalling its amount;
 * 3. amount_date: same amount within `days` days (nearest date, then the earlier book line);
 * 4. batch: one statement line = the book lines of one date (same direction) within `days` days
 *    totalling its amount (a payment batch paid as one debit).
 */
export function suggestMatches(statement: MatchLine[], book: MatchLine[], days: number): MatchSuggestion[] {
  const used = new Set<string>();
  const out: MatchSuggestion[] = [];
  const take = (reason: MatchSuggestion['reason'], s: MatchLine, lines: MatchLine[]) => {
    used.add(s.id);
    for (const l of lines) used.add(l.id);
    const gap = Math.max(...lines.map((l) => Math.abs(dayOf(l.date) - dayOf(s.date))));
    out.push({
      reason,
      statementLineIds: [s.id],
      journalLineIds: lines.map((l) => l.id),
      amount: amountKey(s.amount),
      days: gap,
    });
  };
  const nearest = (s: MatchLine, candidates: MatchLine[] | undefined, limit: number) => {
    let best: MatchLine | undefined;
    let bestGap = Number.POSITIVE_INFINITY;
    for (const c of candidates ?? []) {
      if (used.has(c.id)) continue;
      const gap = Math.abs(dayOf(c.date) - dayOf(s.date));
      if (gap <= limit && gap < bestGap) [best, bestGap] = [c, gap];
    }
    return best;
  };
  const ordered = [...statement].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));
  const books = [...book].sort((a, b) => a.date.localeCompare(b.date) || a.id.localeCompare(b.id));

  const byRefAmount = groupBy(books, (l) =>
    refKey(l.reference) ? `${refKey(l.reference)}|${amountKey(l.amount)}` : null,
  );
  for (const s of ordered) {
    if (!refKey(s.reference)) continue;
    const hit = nearest(
      s,
      byRefAmount.get(`${refKey(s.reference)}|${amountKey(s.amount)}`),
      Number.POSITIVE_INFINITY,
    );
    if (hit) take('reference', s, [hit]);
  }

  const byRef = groupBy(books, (l) => refKey(l.reference));
  for (const s of ordered) {
    const ref = refKey(s.reference);
    if (used.has(s.id) || !ref) continue;
    const group = (byRef.get(ref) ?? []).filter((l) => !used.has(l.id));
    if (group.length > 1 && sum(group.map((l) => l.amount)).eq(s.amount)) take('batch', s, group);
  }

  const byAmount = groupBy(books, (l) => amountKey(l.amount));
  for (const s of ordered) {
    if (used.has(s.id)) continue;
    const hit = nearest(s, byAmount.get(amountKey(s.amount)), days);
    if (hit) take('amount_date', s, [hit]);
  }

  const byDate = groupBy(
    books.filter((l) => !used.has(l.id)),
    (l) => `${l.date}|${dec(l.amount).isNegative() ? '-' : '+'}`,
  );
  const groupsBySum = groupBy(
    [...byDate.values()].filter((g) => g.length > 1),
    (g) => amountKey(sum(g.map((l) => l.amount)).toFixed(2)),
  );
  for (const s of ordered) {
    if (used.has(s.id)) continue;
    const group = (groupsBySum.get(amountKey(s.amount)) ?? []).find(
      (g) => g.every((l) => !used.has(l.id)) && Math.abs(dayOf(g[0]?.date ?? s.date) - dayOf(s.date)) <= days,
    );
    if (group) take('batch', s, group);
  }
  return out;
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
