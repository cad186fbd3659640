import type { CashFlows, ChangesInFunds, FinancialPosition, IncomeAndExpenditure } from '@ushirika/contracts';
import { type BusinessEventBody, type Dec, dec, sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { postAcrossBooks } from '../journal/post-across-books.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

/**
 * The rules of the statements (#28) over random seasons: sales, receipts, settlements, the union's
 * income, loans and inputs across the books, purchases, payouts, transfers between the books,
 * shares issued, appropriations and expenses, on random days of the year. After each season, for
 * a random period and each of the Collection book, the Operation book and the union, checked
 * against sums of the journal lines themselves (not the monthly balances the statements read):
 * - assets = liabilities + members' funds, each equal to its accounts' balances;
 * - the surplus = the change in accumulated surplus before appropriation;
 * - the cash flows' closing cash = the bank and cash accounts at the end date;
 * - the union eliminates exactly the due-to / due-from balances, and their sum is zero;
 * - the changes in members' funds end at the funds of the statement of financial position.
 */
let t: TestApp;
let auditor: Session;
const Y = THIS_YEAR;
type Book = 'collection' | 'operation' | 'union';
const ids: Record<string, string> = {};

const accountRow = z.object({
  id: z.string(),
  book: z.enum(['collection', 'operation']),
  code: z.string(),
  type: z.enum(['asset', 'liability', 'equity', 'income', 'expense']),
  cash: z.boolean(),
  inter_book: z.boolean(),
  net: z.string(),
});
type AccountNet = z.output<typeof accountRow>;

/** Each account's net debit over [from, to] from the journal lines, the year-end closes left out when asked. */
async function netByAccount(from: string | null, to: string, withoutClosing = false): Promise<AccountNet[]> {
  return queryRows(
    t.db,
    accountRow,
    sql`select a.id, a.book, a.code, c.type, a.is_bank_or_cash as cash,
          a.id in (select account_id from account_mappings where key in ('due_to_operation', 'due_from_collection')) as inter_book,
          coalesce(sum(l.debit - l.credit), 0)::text as net
        from accounts a join account_groups g on g.id = a.group_id join account_classes c on c.id = g.class_id
        left join journal_lines l on l.account_id = a.id and l.posted and l.entry_date <= ${to}
          ${from === null ? sql`` : sql`and l.entry_date >= ${from}`}
          ${withoutClosing ? sql`and l.entry_id not in (select id from journal_entries where source_type = 'financial_year_close')` : sql``}
        group by a.id, a.book, a.code, c.type`,
  );
}

const inBook = (book: Book) => (a: AccountNet) => book === 'union' || a.book === book;
const total = (rows: AccountNet[], pick: (a: AccountNet) => boolean, sign: 1 | -1) =>
  sum(rows.filter(pick).map((a) => (sign === 1 ? a.net : dec(a.net).negated())));
const isPl = (a: AccountNet) => a.type === 'income' || a.type === 'expense';
/** The accounts the default mapping puts in the accumulated surplus: the books' retained earnings. */
const accumulated = (a: AccountNet) =>
  (a.book === 'operation' && a.code === '3102') || (a.book === 'collection' && a.code === '3101');

const get = async <T>(path: string) => {
  const r = await t.request<{ data: T }>('GET', path, { token: auditor.access });
  expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
};
const eq = (a: string, b: Dec, what: string) =>
  expect(a, what).toBe(b.toFixed(2) === '-0.00' ? '0.00' : b.toFixed(2));

async function checkStatements(book: Book, from: string, to: string) {
  const before = (d: string) => {
    const day = new Date(`${d}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - 1);
    return day.toISOString().slice(0, 10);
  };
  const [atEnd, atStart, inPeriod] = await Promise.all([
    netByAccount(null, to),
    netByAccount(null, before(from)),
    netByAccount(from, to, true),
  ]);
  const mine = inBook(book);
  const kept = (a: AccountNet) => mine(a) && !(book === 'union' && a.inter_book);
  const position = await get<FinancialPosition>(`/reports/financial-position?book=${book}&as_at=${to}`);
  eq(
    position.totals.assets.amount,
    total(atEnd, (a) => kept(a) && a.type === 'asset', 1),
    `${book} assets`,
  );
  eq(
    position.totals.liabilities.amount,
    total(atEnd, (a) => kept(a) && a.type === 'liability', -1),
    `${book} liabilities`,
  );
  const funds = total(atEnd, (a) => mine(a) && (a.type === 'equity' || isPl(a)), -1);
  eq(position.totals.funds.amount, funds, `${book} funds`);
  expect(position.balanced, `${book} balanced`).toBe(true);
  if (book === 'union') {
    const dueTo = total(atEnd, (a) => a.inter_book && a.type === 'liability', -1);
    const dueFrom = total(atEnd, (a) => a.inter_book && a.type === 'asset', 1);
    expect(dueTo.eq(dueFrom), 'due to = due from').toBe(true);
    eq(position.elimination?.dueToOperation.amount ?? '', dueTo, 'due to eliminated');
    eq(position.elimination?.difference.amount ?? '', dueFrom.minus(dueTo), 'nothing else eliminated');
  }
  const period = `book=${book}&from=${from}&to=${to}`;
  const ie = await get<IncomeAndExpenditure>(`/reports/income-and-expenditure?${period}`);
  const surplus = total(inPeriod, (a) => mine(a) && isPl(a), -1);
  eq(ie.totals.surplus.amount, surplus, `${book} surplus`);
  const accumulatedAt = (rows: AccountNet[]) =>
    total(rows, (a) => mine(a) && (accumulated(a) || isPl(a)), -1);
  const appropriated = total(inPeriod, (a) => mine(a) && accumulated(a), -1);
  const change = accumulatedAt(atEnd).minus(accumulatedAt(atStart)).minus(appropriated);
  expect(change.eq(surplus), `${book}: surplus ${surplus} = change in accumulated surplus ${change}`).toBe(
    true,
  );
  expect(ie.balanced).toBe(true);
  const cash = await get<CashFlows>(`/reports/cash-flows?${period}`);
  eq(
    cash.closingCash.amount,
    total(atEnd, (a) => mine(a) && a.cash, 1),
    `${book} closing cash`,
  );
  eq(
    cash.openingCash.amount,
    total(atStart, (a) => mine(a) && a.cash, 1),
    `${book} opening cash`,
  );
  expect(cash.balanced).toBe(true);
  const changes = await get<ChangesInFunds>(`/reports/changes-in-funds?${period}`);
  eq(changes.current.rows.at(-1)?.amounts.total ?? '', funds, `${book} funds at the end`);
  expect(changes.balanced).toBe(true);
}

const cents = fc.integer({ min: 100, max: 2_000_000_000 });
const money = (n: number) => `${Math.floor(n / 100)}.${String(n % 100).padStart(2, '0')}`;
const day = fc.record({ month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 28 }) });
const dateOf = (year: string, d: { month: number; day: number }) =>
  `${year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`;

type Step =
  | { kind: 'event'; body: BusinessEventBody }
  | { kind: 'journal'; book: 'c' | 'o'; dr: string; cr: string; amount: string };
const event = (body: BusinessEventBody): Step => ({ kind: 'event', body });
const journal =
  (book: 'c' | 'o', dr: string, cr: string) =>
  (n: number): Step => ({ kind: 'journal', book, dr, cr, amount: money(n) });
const step: fc.Arbitrary<Step> = fc.oneof(
  cents.map((n) => event({ type: 'sales_invoice', amount: money(n) })),
  cents.map((n) => event({ type: 'buyer_receipt', amount: money(n) })),
  fc.tuple(cents, cents, cents, cents, cents).map(([a, f, b, tr, l]) =>
    event({
      type: 'settlement',
      amcos: money(a),
      farmers: money(f),
      beneficiaries: money(b),
      transporters: money(tr),
      loanRecovery: money(l),
    }),
  ),
  cents.map((n) => event({ type: 'union_income', amount: money(n) })),
  cents.map((n) => event({ type: 'loan_issued', amount: money(n), against: 'operation_bank' })),
  fc.tuple(cents, cents).map(([cost, loan]) =>
    event({
      type: 'input_distribution',
      cost: money(cost),
      loan: money(loan),
      cash: '0',
      subsidy: '0',
      free: '0',
    }),
  ),
  cents.map((n) => event({ type: 'goods_received', amount: money(n) })),
  fc
    .tuple(cents, cents)
    .map(([net, vat]) => event({ type: 'purchase_invoice', net: money(net), vat: money(vat) })),
  cents.map((n) => event({ type: 'supplier_payment', amount: money(n) })),
  cents.map((n) => event({ type: 'payout', payable: 'payable_farmers', amount: money(n) })),
  cents.map((n) => event({ type: 'book_transfer', amount: money(n) })),
  cents.map(journal('o', '1101', '3101')),
  cents.map(journal('o', '3102', '3103')),
  cents.map(journal('o', '5201', '1101')),
  cents.map(journal('o', '1501', '2401')),
  cents.map(journal('c', '1101', '4101')),
);

async function post(year: string, steps: [Step, { month: number; day: number }][]) {
  for (const [s, d] of steps) {
    const date = dateOf(year, d);
    await t.db.transaction(async (tx) => {
      if (s.kind === 'event') {
        await postAcrossBooks(tx, {
          ...s.body,
          date,
          narration: s.body.type,
          sourceType: 'property_season',
          sourceId: crypto.randomUUID(),
          actorId: null,
        });
        return;
      }
      const account = (code: string) => ids[`${s.book}${code}`] ?? '';
      await writeEntry(
        tx,
        {
          entryDate: date,
          book: s.book === 'c' ? 'collection' : 'operation',
          narration: `${s.dr}/${s.cr}`,
          source: 'journal',
          createdBy: null,
          lines: [
            { accountId: account(s.dr), debit: s.amount },
            { accountId: account(s.cr), credit: s.amount },
          ],
        },
        null,
      );
    });
  }
}

const season = fc.array(fc.tuple(step, day), { minLength: 1, maxLength: 8 });
const period = fc
  .tuple(day, day)
  .map(([a, b]) => (dateOf(Y, a) <= dateOf(Y, b) ? ([a, b] as const) : ([b, a] as const)));

beforeAll(async () => {
  t = await startTestApp();
  auditor = await sessionAs(t, 'Auditor');
  for (const code of ['1101', '4101']) ids[`c${code}`] = await accountId(t, 'collection', code);
  for (const code of ['1101', '1501', '2401', '3101', '3102', '3103', '5201'])
    ids[`o${code}`] = await accountId(t, 'operation', code);
});
afterAll(() => t.close());

describe('the statements over random seasons', () => {
  it('balance, agree with the journal lines, and eliminate exactly the pair between the books', async () => {
    await fc.assert(
      fc.asyncProperty(season, period, async (steps, [from, to]) => {
        await post(Y, steps);
        for (const book of ['collection', 'operation', 'union'] as const) {
          await checkStatements(book, dateOf(Y, from), dateOf(Y, to));
        }
      }),
      { numRuns: 8 },
    );
  }, 600_000);

  it('closing the year changes none of its figures; the next year starts from them', async () => {
    const paths = ['collection', 'operation', 'union'].flatMap((book) => [
      `/reports/financial-position?book=${book}&as_at=${Y}-12-31`,
      `/reports/income-and-expenditure?book=${book}&from=${Y}-01-01&to=${Y}-12-31`,
      `/reports/cash-flows?book=${book}&from=${Y}-01-01&to=${Y}-12-31`,
      `/reports/changes-in-funds?book=${book}&from=${Y}-01-01&to=${Y}-12-31`,
    ]);
    const statements = () =>
      Promise.all(paths.map(async (p) => ({ ...(await get<{ year: unknown }>(p)), year: null })));
    const before = await statements();
    const manager = await sessionAs(t, 'Finance Manager');
    const years = await t.request<{ data: { id: string }[] }>('GET', '/financial-years', {
      token: manager.access,
    });
    const closed = await t.request('PATCH', `/financial-years/${years.body.data[0]?.id}/close`, {
      token: manager.access,
    });
    expect(closed.status).toBe(200);
    expect(await statements()).toEqual(before);
    const next = String(Number(Y) + 1);
    const opened = await t.request('POST', '/financial-years', {
      token: manager.access,
      body: { name: `FY ${next}`, startDate: `${next}-01-01`, endDate: `${next}-12-31` },
    });
    expect(opened.status).toBe(201);
    await fc.assert(
      fc.asyncProperty(season, async (steps) => {
        await post(next, steps);
        for (const book of ['collection', 'operation', 'union'] as const) {
          await checkStatements(book, `${next}-01-01`, `${next}-12-31`);
          // Across both years: the close of the earlier one counts, the later one's not yet.
          await checkStatements(book, `${Y}-07-01`, `${next}-06-30`);
        }
      }),
      { numRuns: 3 },
    );
    expect(await statements()).toEqual(before);
  }, 600_000);
});
