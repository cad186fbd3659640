import { sum } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startDemoCropAndStores } from '../../test/demo.ts';
import { sessionAs, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { loadDemoAccounts } from './demo-accounts.ts';
import { loadDemoInputs } from './demo-inputs.ts';
import { loadDemoMembers } from './demo-members.ts';
import { loadDemoSales } from './demo-sales.ts';

let t: TestApp;
// The demo seed's order (seed-demo.ts): the crop in lots, the stores, the inputs, then the sales
// and their settlement.
beforeAll(async () => {
  t = await startDemoCropAndStores();
}, 480_000);
afterAll(() => t.close());

const loan = z.object({
  id: z.string(),
  source: z.string(),
  amount: z.string(),
  recovered: z.string(),
  distributions: z.number(),
});
const loans = () =>
  queryRows(
    t.db,
    loan,
    sql`select lo.id, lo.source, lo.amount::text as amount, lo.recovered::text as recovered,
          (select count(*)::int from input_distributions d where d.loan_id = lo.id and d.status = 'issued') as distributions
        from farmer_loans lo where lo.status <> 'cancelled' order by lo.loan_no`,
  );

describe('demo farmer inputs', () => {
  it('prices sulphur, records, approves and issues requests in the two stocked AMCOS; a second run changes nothing', async () => {
    const first = await loadDemoInputs(t.db);
    // Per society: 2 + 3 (subsidised) + 4 + 2 bags issued, the fifth request waits for the union.
    // Loans: 2 x 65,000 + 3 x 20,000 + 4 x 65,000 + 2 x 65,000 = 580,000 per society.
    expect(first).toEqual({ skipped: false, prices: 1, requests: 10, distributions: 8, loans: '1160000.00' });
    const statuses = await queryRows(
      t.db,
      z.object({ status: z.string(), n: z.number() }),
      sql`select status, count(*)::int as n from input_requests group by status order by status`,
    );
    expect(statuses).toEqual([
      { status: 'amcos_approved', n: 2 },
      { status: 'distributed', n: 8 },
    ]);
    expect((await loadDemoInputs(t.db)).skipped).toBe(true);
  });

  it("the demo settlement recovers the distributions' loans, and their balances go down by it", async () => {
    const before = await loans();
    // Every loan of the demo comes from a distribution, none recovered yet.
    expect(before.length).toBe(8);
    expect(before.every((l) => l.source === 'distribution' && l.distributions === 1)).toBe(true);
    expect(before.every((l) => l.recovered === '0.00')).toBe(true);

    const sales = await loadDemoSales(t.db);
    if (sales.skipped) throw new Error(`demo sales skipped: ${sales.reason}`);
    const settlementNo = sales.settlement?.settlementNo;
    expect(settlementNo).toBeDefined();
    const recoveries = await queryRows(
      t.db,
      z.object({ loanId: z.string(), source: z.string(), amount: z.string() }),
      sql`select r.loan_id as "loanId", lo.source, sum(r.amount)::numeric(16,2)::text as amount
          from loan_recoveries r join settlements s on s.id = r.settlement_id join farmer_loans lo on lo.id = r.loan_id
          where s.settlement_no = ${settlementNo ?? ''} and s.status = 'approved'
          group by r.loan_id, lo.source`,
    );
    // The settlement recovers loans, and every one of them is a distribution's.
    expect(recoveries.length).toBeGreaterThan(0);
    expect(recoveries.map((r) => r.source)).toEqual(recoveries.map(() => 'distribution'));
    const [settled] = await queryRows(
      t.db,
      z.object({ loanRecovery: z.string(), farmers: z.string() }),
      sql`select s.loan_recovery::text as "loanRecovery",
            (select sum(sf.loan_recovery)::numeric(16,2)::text from settlement_farmers sf where sf.settlement_id = s.id) as farmers
          from settlements s where s.settlement_no = ${settlementNo ?? ''}`,
    );
    expect(settled?.loanRecovery).toBe(sum(recoveries.map((r) => r.amount)).toFixed(2));
    expect(settled?.farmers).toBe(settled?.loanRecovery);

    // Each loan's recovered amount went up by exactly its recovery, the others stayed at zero.
    const after = await loans();
    const byId = new Map(recoveries.map((r) => [r.loanId, r.amount]));
    expect(after.map((l) => [l.id, l.recovered])).toEqual(
      before.map((l) => [l.id, byId.get(l.id) ?? '0.00']),
    );
    // The farmer-loans account (Collection book 1401) holds what is left of them.
    const [books] = await queryRows(
      t.db,
      z.object({ ledger: z.string(), open: z.string() }),
      sql`select (select coalesce(sum(l.debit - l.credit), 0)::numeric(16,2)::text from journal_lines l
              join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
              where e.status <> 'draft' and a.book = 'collection' and a.code = '1401') as ledger,
            (select coalesce(sum(amount - recovered), 0)::numeric(16,2)::text from farmer_loans where status <> 'cancelled') as open`,
    );
    expect(books?.ledger).toBe(books?.open);
    expect(books?.open).not.toBe('1160000.00');
  }, 240_000);
});

// The whole demo season is loaded above (crop, stores, inputs, sales and their settlement); the
// demo's own vouchers complete the year (#28).
describe("the demo year's financial statements", () => {
  type Line = { amount: string };
  type Section = { key: string; lines: Line[] };
  const nonZero = (sections: Section[]) =>
    sections.filter((s) => s.lines.some((l) => l.amount !== '0.00')).map((s) => s.key);

  it('have figures in all four statements of each book, and balance', async () => {
    const first = await loadDemoAccounts(t.db);
    expect(first).toEqual({ skipped: false, vouchers: 4 });
    expect((await loadDemoAccounts(t.db)).skipped).toBe(true);
    // The members' shares come through the register (#32), so share capital agrees with it.
    const loaded = await loadDemoMembers(t.db);
    expect(loaded).toMatchObject({ skipped: false, unionMembers: 3, farmerMembers: 5 });
    // The union's second payment to Mkuranga's farmers, approved through the screens' use cases.
    expect(loaded.secondPayment?.paymentNo).toMatch(/^SP-/);
    expect(loaded.secondPayment?.lines).toBeGreaterThan(0);
    const [second] = await queryRows(
      t.db,
      z.object({ status: z.string(), total: z.string(), batch: z.string().nullable() }),
      sql`select p.status, p.total::text as total, b.total::text as batch from second_payments p
          left join payment_batches b on b.id = p.payment_batch_id where p.payment_no = ${loaded.secondPayment?.paymentNo ?? ''}`,
    );
    expect(second).toEqual({
      status: 'approved',
      total: loaded.secondPayment?.total,
      batch: loaded.secondPayment?.total,
    });
    expect((await loadDemoMembers(t.db)).skipped).toBe(true);
    const auditor = await sessionAs(t, 'Auditor');
    const get = async <T>(path: string) => {
      const r = await t.request<{ data: T }>('GET', path, { token: auditor.access });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      return r.body.data;
    };
    const controls = await get<{ checks: { key: string; difference: string }[] }>(
      '/reports/control-accounts',
    );
    expect(controls.checks.find((c) => c.key === 'member_shares')?.difference).toBe('0.00');
    expect(controls.checks.find((c) => c.key === 'due_between_books')?.difference).toBe('0.00');
    for (const book of ['collection', 'operation', 'union'] as const) {
      const position = await get<{ sections: Section[]; balanced: boolean }>(
        `/reports/financial-position?book=${book}&compare=previous-year`,
      );
      expect([book, position.balanced]).toEqual([book, true]);
      expect(nonZero(position.sections), book).toEqual(
        expect.arrayContaining(['current_assets', 'current_liabilities', 'accumulated_surplus']),
      );
      const ie = await get<{ sections: Section[]; totals: { surplus: Line }; balanced: boolean }>(
        `/reports/income-and-expenditure?book=${book}&compare=previous-year`,
      );
      expect([book, nonZero(ie.sections), ie.balanced]).toEqual([book, ['income', 'expenditure'], true]);
      expect(ie.totals.surplus.amount, book).not.toBe('0.00');
      const flows = await get<{ sections: Section[]; netChange: Line; balanced: boolean }>(
        `/reports/cash-flows?book=${book}&compare=previous-year`,
      );
      expect([book, flows.balanced]).toEqual([book, true]);
      expect(nonZero(flows.sections), book).toContain('operating');
      expect(flows.netChange.amount, book).not.toBe('0.00');
      const funds = await get<{
        current: { rows: { key: string; amounts: { total: string } }[] };
        balanced: boolean;
      }>(`/reports/changes-in-funds?book=${book}&compare=previous-year`);
      expect([book, funds.balanced]).toEqual([book, true]);
      const moved = funds.current.rows.filter((r) => r.key !== 'opening' && r.amounts.total !== '0.00');
      expect(
        moved.map((r) => r.key),
        book,
      ).toEqual(expect.arrayContaining(['surplus', 'closing']));
    }
  }, 120_000);
});
