import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accountId, postedEntry, refusal, THIS_YEAR } from '../testing.ts';

let t: TestApp;
let accountant: Session;
let manager: Session;
const acc: Record<string, string> = {};
const Y = THIS_YEAR;
type Tb = {
  data: {
    from: string;
    asAt: string;
    balanced: boolean;
    rows: Record<string, string>[];
    totals: Record<string, string>;
  };
};
beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  for (const code of ['1101', '1102', '3101', '4101', '5101', '5201'])
    acc[code] = await accountId(t, 'operation', code);
});
afterAll(() => t.close());

const id = (code: string) => acc[code] ?? '';
const tb = (query: string) =>
  t.request<Tb>('GET', `/reports/trial-balance?book=operation&${query}`, { token: manager.access });

describe('golden trial balance and ledger', () => {
  // Share capital 10,000,000 on 15 Jan; rent 1,200,000 on 3 Feb; levy income 2,500,000 on 20 Feb;
  // salaries 800,000 on 28 Feb; a transfer of 300,000 to petty cash on 10 Mar.
  beforeAll(async () => {
    const post = (date: string, dr: string, cr: string, amount: string) =>
      postedEntry(
        t,
        accountant,
        manager,
        [
          { accountId: id(dr), debit: amount },
          { accountId: id(cr), credit: amount },
        ],
        { entryDate: `${Y}-${date}` },
      );
    await post('01-15', '1101', '3101', '10000000.00');
    await post('02-03', '5101', '1101', '1200000.00');
    await post('02-20', '1101', '4101', '2500000.00');
    await post('02-28', '5201', '1101', '800000.00');
    await post('03-10', '1102', '1101', '300000.00');
  });

  it('as at 28 Feb from 1 Feb: January is the opening, February the period (month-end, no line scan)', async () => {
    const r = await tb(`as_at=${Y}-02-28&from=${Y}-02-01`);
    expect(r.status).toBe(200);
    expect(r.body.data.balanced).toBe(true);
    expect(
      r.body.data.rows.map((x) => [
        x.code,
        x.openingDebit,
        x.openingCredit,
        x.periodDebit,
        x.periodCredit,
        x.closingDebit,
        x.closingCredit,
      ]),
    ).toEqual([
      // bank: 10,000,000 opening; + 2,500,000 - 1,200,000 - 800,000 = 10,500,000
      ['1101', '10000000.00', '0.00', '2500000.00', '2000000.00', '10500000.00', '0.00'],
      ['3101', '0.00', '10000000.00', '0.00', '0.00', '0.00', '10000000.00'],
      ['4101', '0.00', '0.00', '0.00', '2500000.00', '0.00', '2500000.00'],
      ['5101', '0.00', '0.00', '1200000.00', '0.00', '1200000.00', '0.00'],
      ['5201', '0.00', '0.00', '800000.00', '0.00', '800000.00', '0.00'],
    ]);
    expect(r.body.data.totals).toEqual({
      openingDebit: '10000000.00',
      openingCredit: '10000000.00',
      periodDebit: '4500000.00',
      periodCredit: '4500000.00',
      closingDebit: '12500000.00',
      closingCredit: '12500000.00',
    });
  });

  it('as at a mid-month date from a mid-month date reads the edge lines: 16 Jan to 20 Feb', async () => {
    const r = await tb(`as_at=${Y}-02-20&from=${Y}-01-16`);
    const bank = r.body.data.rows.find((x) => x.code === '1101');
    // opening = 15 Jan capital; period = rent (3 Feb) and levy (20 Feb); salaries on 28 Feb excluded
    expect(bank).toMatchObject({
      openingDebit: '10000000.00',
      periodDebit: '2500000.00',
      periodCredit: '1200000.00',
      closingDebit: '11300000.00',
    });
    expect(r.body.data.balanced).toBe(true);
  });

  it('defaults to the financial year start and today, and exports xlsx and pdf', async () => {
    const r = await tb('');
    expect(r.body.data.from).toBe(`${Y}-01-01`);
    expect(r.body.data.totals.closingDebit).toBe('12500000.00');
    const xlsx = await t.request(
      'GET',
      `/reports/trial-balance?book=operation&as_at=${Y}-02-28&format=xlsx`,
      { token: manager.access },
    );
    expect(xlsx.headers.get('content-disposition')).toBe(
      `attachment; filename="OPERATION_TRIAL_BALANCE_${Y}-02-28.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw);
    const last = book.worksheets[0]?.lastRow;
    expect(last?.getCell(2).value).toBe('Total');
    // A number the spreadsheet can total, shown to the cent with thousands grouped.
    expect(last?.getCell(7).value).toBe(12500000);
    expect(last?.getCell(7).numFmt).toBe('#,##0.00');
    const pdf = await t.request('GET', `/reports/trial-balance?book=operation&as_at=${Y}-02-28&format=pdf`, {
      token: manager.access,
    });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });

  it('pages the bank ledger by keyset with a running balance that carries across pages', async () => {
    const path = `/reports/general-ledger?account_id=${id('1101')}&from=${Y}-02-01&to=${Y}-03-31&limit=2`;
    type Gl = {
      data: {
        openingBalance: string;
        pageOpeningBalance: string;
        closingBalance: string;
        nextCursor: string | null;
        lines: Record<string, string>[];
      };
    };
    const first = await t.request<Gl>('GET', path, { token: manager.access });
    expect(first.body.data).toMatchObject({
      openingBalance: '10000000.00',
      pageOpeningBalance: '10000000.00',
      closingBalance: '10200000.00',
    });
    expect(first.body.data.lines.map((l) => [l.entryDate, l.debit, l.credit, l.balance])).toEqual([
      [`${Y}-02-03`, '0.00', '1200000.00', '8800000.00'],
      [`${Y}-02-20`, '2500000.00', '0.00', '11300000.00'],
    ]);
    const second = await t.request<Gl>('GET', `${path}&after=${first.body.data.nextCursor}`, {
      token: manager.access,
    });
    expect(second.body.data.pageOpeningBalance).toBe('11300000.00');
    expect(second.body.data.lines.map((l) => [l.entryDate, l.balance])).toEqual([
      [`${Y}-02-28`, '10500000.00'],
      [`${Y}-03-10`, '10200000.00'],
    ]);
    expect(second.body.data.nextCursor).toBeNull();
    const bad = await t.request('GET', `${path}&after=nonsense`, { token: manager.access });
    expect(bad.body.message).toBe('Not a valid page cursor');
    const pdf = await t.request(
      'GET',
      `/reports/general-ledger?account_id=${id('1101')}&from=${Y}-01-01&to=${Y}-12-31&format=pdf`,
      { token: manager.access },
    );
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });
});

describe('invariants over random postings (property)', () => {
  const codes = ['1101', '1102', '3101', '4101', '5101', '5201'];
  const line = fc.record({
    code: fc.constantFrom(...codes),
    cents: fc.integer({ min: 1, max: 500_000_000 }),
  });
  const entry = fc.record({
    month: fc.integer({ min: 1, max: 10 }),
    day: fc.integer({ min: 1, max: 28 }),
    debits: fc.array(line, { minLength: 1, maxLength: 4 }),
    creditCode: fc.constantFrom(...codes),
    reverse: fc.boolean(),
    numberAtCommit: fc.boolean(),
  });
  const money = (cents: number) => (cents / 100).toFixed(2);

  it('the trial balance always balances, balances equal the lines, reversals net to zero', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(entry, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 11 }),
        async (entries, asAtMonth) => {
          for (const e of entries) {
            const date = `${Y}-${String(e.month).padStart(2, '0')}-${String(e.day).padStart(2, '0')}`;
            const total = e.debits.reduce((s, l) => s + l.cents, 0);
            const lines = [
              ...e.debits.map((l) => ({ accountId: id(l.code), debit: money(l.cents), credit: '0' })),
              { accountId: id(e.creditCode), debit: '0', credit: money(total) },
            ];
            const posted = await t.db.transaction((tx) =>
              writeEntry(
                tx,
                {
                  entryDate: date,
                  book: 'operation',
                  narration: 'random',
                  source: 'journal',
                  createdBy: null,
                  lines,
                },
                null,
                { numberAtCommit: e.numberAtCommit },
              ),
            );
            if (e.reverse) {
              const r = await t.request<{ data: { id: string } }>(
                'PATCH',
                `/accounts/journal-entries/${posted.id}/reverse`,
                { token: manager.access, body: {} },
              );
              const [net] = await queryRows(
                t.db,
                z.object({ n: z.string() }),
                sql`select count(*)::text as n from (select account_id from journal_lines where entry_id in (${posted.id}, ${r.body.data.id})
                  group by account_id having sum(debit - credit) <> 0) x`,
              );
              expect(net?.n).toBe('0');
            }
          }
          const asAt = `${Y}-${String(asAtMonth).padStart(2, '0')}-15`;
          const report = await tb(`as_at=${asAt}&from=${Y}-01-07`);
          expect(report.body.data.balanced).toBe(true);
          const [drift] = await queryRows(
            t.db,
            z.object({ n: z.string() }),
            sql`select count(*)::text as n from (
                select account_id, date_trunc('month', entry_date)::date as period, sum(debit) as d, sum(credit) as c
                from journal_lines where posted group by 1, 2) l
              full join account_period_balances b on b.account_id = l.account_id and b.period = l.period
              where coalesce(l.d, 0) <> coalesce(b.debit, 0) or coalesce(l.c, 0) <> coalesce(b.credit, 0)`,
          );
          expect(drift?.n).toBe('0');
          // Numbered now or at commit, the JV numbers stay gap-free: 1..n.
          const [numbers] = await queryRows(
            t.db,
            z.object({ n: z.string(), last: z.string() }),
            sql`select count(*)::text as n, max(substr(number, 9)::int)::text as last from journal_entries`,
          );
          expect(numbers?.last).toBe(numbers?.n);
          const [closing] = await queryRows(
            t.db,
            z.object({ net: z.string().nullable() }),
            sql`select coalesce(sum(debit - credit), 0)::numeric(20, 2)::text as net from journal_lines
              where posted and entry_date <= ${asAt} and account_id = ${id('1101')}`,
          );
          const bank = report.body.data.rows.find((r) => r.code === '1101');
          const shown = bank
            ? dec(bank.closingDebit ?? '0')
                .minus(dec(bank.closingCredit ?? '0'))
                .toFixed(2)
            : '0.00';
          expect(shown).toBe(closing?.net ?? '0.00');
        },
      ),
      { numRuns: 15 },
    );
  });

  it('reads any date range from monthly balances and edge lines exactly as from the lines (property)', async () => {
    const day = fc
      .integer({ min: 0, max: 330 })
      .map((n) => new Date(Date.UTC(Number(Y), 0, 1 + n)).toISOString().slice(0, 10));
    await fc.assert(
      fc.asyncProperty(day, day, async (a, b) => {
        const [from, asAt] = a <= b ? [a, b] : [b, a];
        const report = await tb(`as_at=${asAt}&from=${from}`);
        const expected = await queryRows(
          t.db,
          z.object({ code: z.string(), pd: z.string(), pc: z.string(), od: z.string(), oc: z.string() }),
          sql`select a.code,
                coalesce(sum(l.debit) filter (where l.entry_date >= ${from}), 0)::numeric(20, 2)::text as pd,
                coalesce(sum(l.credit) filter (where l.entry_date >= ${from}), 0)::numeric(20, 2)::text as pc,
                coalesce(sum(l.debit - l.credit) filter (where l.entry_date < ${from}), 0)::numeric(20, 2)::text as od,
                '' as oc
              from journal_lines l join accounts a on a.id = l.account_id
              where l.posted and a.book = 'operation' and l.entry_date <= ${asAt}
              group by a.code order by a.code`,
        );
        // Accounts with neither an opening balance nor a movement in the period are not listed.
        const listed = expected.filter((r) => !(r.pd === '0.00' && r.pc === '0.00' && r.od === '0.00'));
        const shown = report.body.data.rows.map((r) => ({
          code: r.code,
          pd: r.periodDebit,
          pc: r.periodCredit,
          od: dec(r.openingDebit ?? '0')
            .minus(dec(r.openingCredit ?? '0'))
            .toFixed(2),
          oc: '',
        }));
        expect(shown).toEqual(listed);
      }),
      { numRuns: 25 },
    );
  });

  it('never posts an unbalanced entry, even written by direct SQL', async () => {
    const [fy] = await queryRows(
      t.db,
      z.object({ id: z.string() }),
      sql`select id from financial_years where status = 'open'`,
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 1, max: 1000 }),
        async (debits, off) => {
          const total = debits.reduce((s, l) => s + l.cents, 0);
          const entryId = crypto.randomUUID();
          const before = await queryRows(
            t.db,
            z.object({ n: z.string() }),
            sql`select count(*)::text as n from journal_lines`,
          );
          const message = await refusal(
            t.db.transaction(async (tx) => {
              for (const [i, l] of debits.entries()) {
                await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency_amount)
                values (gen_random_uuid(), ${entryId}, ${i + 1}, ${id(l.code)}, ${`${Y}-05-05`}, true, ${money(l.cents)}, 0, ${money(l.cents)})`);
              }
              await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency_amount)
              values (gen_random_uuid(), ${entryId}, 99, ${id('1101')}, ${`${Y}-05-05`}, true, 0, ${money(total + off)}, ${money(total + off)})`);
              await tx.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source, status, total)
              values (${entryId}, ${`SQL-${entryId}`}, ${`${Y}-05-05`}, 'operation', ${fy?.id}, 'by hand', 'journal', 'posted', ${money(total)})`);
            }),
          );
          expect(message).toMatch(/does not balance/);
          expect(
            await queryRows(
              t.db,
              z.object({ n: z.string() }),
              sql`select count(*)::text as n from journal_lines`,
            ),
          ).toEqual(before);
        },
      ),
      { numRuns: 20 },
    );
  });
});

describe('control accounts report', () => {
  it('names each account with its book: the two books’ 2101 side by side are two accounts', async () => {
    type Checks = { data: { checks: { key: string; accounts: string[] }[] } };
    const accountsOf = async (lang: 'en' | 'sw') => {
      const r = await t.request<Checks>('GET', '/reports/control-accounts', { token: manager.access, lang });
      return Object.fromEntries(r.body.data.checks.map((c) => [c.key, c.accounts]));
    };
    const en = await accountsOf('en');
    expect(en.payable_amcos).toEqual(['2101 Payable to AMCOS (Collection book)']);
    expect(en.supplier_payables).toEqual(['2101 Supplier payables (Operation book)']);
    const sw = await accountsOf('sw');
    expect(sw.payable_amcos?.[0]).toMatch(/^2101 Malipo yanayodaiwa na AMCOS \(.+\)$/);
    expect(sw.supplier_payables?.[0]).toMatch(/^2101 Madeni ya wasambazaji \(.+\)$/);
    expect(sw.payable_amcos?.[0]).not.toEqual(sw.supplier_payables?.[0]);
  });
});
