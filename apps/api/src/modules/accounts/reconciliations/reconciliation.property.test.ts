import type { Reconciliation } from '@ushirika/contracts';
import { dec, sum } from '@ushirika/domain';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accounts } from '../schema.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

/**
 * The reconciliation statement always balances, through the real database and API: random book
 * transactions in a fresh bank account, random statement lines (each clearing a group of
 * transactions of one direction, a few to several days later, or found only on the statement),
 * random subsets of them matched, a random statement date, and the bank balance the statement's
 * own (the sum of its lines up to the date). Then, exactly:
 *   bank + uncredited deposits - unpresented payments - bank-only items = books, and
 *   books = the sum of the book lines up to the date, and difference = bank-only items.
 */

const BASE = '/accounts/bank-reconciliation';
let t: TestApp;
let accountant: Session;
let manager: Session;
let template: typeof accounts.$inferSelect;
let income: string;
let expense: string;
let run = 0;

beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  const bank = await accountId(t, 'operation', '1101');
  [template] = (await t.db.select().from(accounts).where(eq(accounts.id, bank))) as [
    typeof accounts.$inferSelect,
  ];
  [income, expense] = [await accountId(t, 'operation', '4202'), await accountId(t, 'operation', '5104')];
});
afterAll(() => t.close());

const day = (n: number) => `${THIS_YEAR}-06-${String(n).padStart(2, '0')}`;
const cents = fc.integer({ min: 1, max: 5_000_000_000 }).map((c) => dec(c).div(100).toFixed(2));
const group = fc.record({
  direction: fc.constantFrom(1, -1),
  amounts: fc.array(cents, { minLength: 1, maxLength: 3 }),
  bookDay: fc.integer({ min: 1, max: 20 }),
  /** Days until the bank clears it; null: not on the statement (outstanding). */
  lag: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
  matched: fc.boolean(),
});
const world = fc.record({
  groups: fc.array(group, { minLength: 1, maxLength: 6 }),
  bankOnly: fc.array(
    fc.record({ amount: cents, direction: fc.constantFrom(1, -1), day: fc.integer({ min: 1, max: 28 }) }),
    {
      maxLength: 2,
    },
  ),
  statementDay: fc.integer({ min: 1, max: 28 }),
});

type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

async function check(w: World) {
  run++;
  const [bank] = await t.db
    .insert(accounts)
    .values({
      code: `19P${run}`,
      name: `Property bank ${run}`,
      book: 'operation',
      groupId: template.groupId,
      currency: 'TZS',
      isBankOrCash: true,
    })
    .returning({ id: accounts.id });
  if (!bank) throw new Error('no account');
  const signed = (a: string, direction: number) => (direction > 0 ? a : dec(a).neg().toFixed(2));
  // Book lines: one posted entry per group, one bank line per amount.
  const bookLines: { date: string; amount: string }[] = [];
  await t.db.transaction(async (tx) => {
    for (const [i, g] of w.groups.entries()) {
      const total = sum(g.amounts).toFixed(2);
      const bankLines = g.amounts.map((a) =>
        g.direction > 0 ? { accountId: bank.id, debit: a } : { accountId: bank.id, credit: a },
      );
      const other =
        g.direction > 0 ? { accountId: income, credit: total } : { accountId: expense, debit: total };
      await writeEntry(
        tx,
        {
          entryDate: day(g.bookDay),
          book: 'operation',
          narration: `G${i}`,
          reference: `G${run}-${i}`,
          source: 'journal',
          createdBy: accountant.userId,
          lines: [...bankLines, other],
        },
        manager.userId,
      );
      for (const a of g.amounts) bookLines.push({ date: day(g.bookDay), amount: signed(a, g.direction) });
    }
  });
  // The statement: one line per cleared group (its total, other reference), plus bank-only lines.
  const statement: { date: string; amount: string; ref: string; group?: number }[] = [];
  w.groups.forEach((g, i) => {
    if (g.lag === null) return;
    statement.push({
      date: day(Math.min(g.bookDay + g.lag, 28)),
      amount: signed(sum(g.amounts).toFixed(2), g.direction),
      ref: `S${i}`,
      group: i,
    });
  });
  for (const [i, b] of w.bankOnly.entries()) {
    statement.push({ date: day(b.day), amount: signed(b.amount, b.direction), ref: `X${i}` });
  }
  if (statement.length > 0) {
    const csv = [
      'Date,Ref,Text,Amount',
      ...statement.map((s) => `${s.date},${s.ref},line ${s.ref},${s.amount}`),
    ].join('\n');
    const imported = await t.request('POST', `${BASE}/statements`, {
      token: accountant.access,
      body: {
        accountId: bank.id,
        format: 'csv',
        content: csv,
        mapping: { date: 'Date', reference: 'Ref', description: 'Text', amount: 'Amount' },
      },
    });
    expect(imported.status).toBe(201);
  }
  // Match the chosen groups by hand (statement line = the group's book lines).
  const listed = await t.request<{
    data: {
      statementLines: { id: string; reference: string }[];
      bookLines: { id: string; reference: string }[];
    };
  }>('GET', `${BASE}/accounts/${bank.id}/lines?per_page=200`, { token: accountant.access });
  const matches = w.groups.flatMap((g, i) => {
    if (g.lag === null || !g.matched) return [];
    const line = listed.body.data.statementLines.find((s) => s.reference === `S${i}`);
    const books = listed.body.data.bookLines.filter((b) => b.reference === `G${run}-${i}`);
    return [{ reason: 'manual', statementLineIds: [line?.id], journalLineIds: books.map((b) => b.id) }];
  });
  if (matches.length > 0) {
    const m = await t.request('POST', `${BASE}/accounts/${bank.id}/matches`, {
      token: accountant.access,
      body: { matches },
    });
    expect(m.status).toBe(201);
  }
  const asAt = day(w.statementDay);
  const bankBalance = sum(statement.filter((s) => s.date <= asAt).map((s) => s.amount)).toFixed(2);
  const opened = await t.request<{ data: Reconciliation }>('POST', `${BASE}/reconciliations`, {
    token: accountant.access,
    body: { accountId: bank.id, statementDate: asAt, statementBalance: bankBalance },
  });
  expect(opened.status).toBe(201);
  const r = opened.body.data;
  expect(r.balancePerBooks).toBe(
    sum(bookLines.filter((b) => b.date <= asAt).map((b) => b.amount)).toFixed(2),
  );
  expect(
    dec(r.balancePerBank)
      .plus(r.uncreditedDeposits)
      .minus(r.unpresentedPayments)
      .minus(r.bankOnlyItems)
      .toFixed(2),
  ).toBe(r.balancePerBooks);
  expect(r.difference).toBe(r.bankOnlyItems);
}

describe('the reconciliation statement', () => {
  it('always balances for random lines and matches', async () => {
    await fc.assert(fc.asyncProperty(world, check), { numRuns: 12 });
  });
});
