import type {
  CashFlows,
  ChangesInFunds,
  FinancialPosition,
  FinancialStatementSection,
  IncomeAndExpenditure,
  YearSurplus,
  YearSurplusBook,
} from '@ushirika/contracts';
import type { BusinessEventBody } from '@ushirika/domain';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { postAcrossBooks } from '../journal/post-across-books.ts';
import { writeEntry } from '../journal/write-entry.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

/**
 * A small year worked out by hand (#28). Year P (the comparative, this calendar year) and year N
 * (the next), each posted through the one posting door, P closed before N opens.
 *
 * P: members subscribe 20,000,000 in shares; levy income 5,000,000 and rent 3,000,000 in the
 * Operation book (surplus 2,000,000); interest 200,000 and bank charges 50,000 in the Collection
 * book (surplus 150,000). The close puts them into 3102 and 3101 (Collection).
 *
 * N:
 * - a bank loan of 25,000,000 and a vehicle bought for 28,000,000 (Operation);
 * - a purchase: goods 3,000,000 received, invoiced with 540,000 VAT, paid 3,540,000;
 * - an input loan: inputs costing 1,200,000 given on credit for 1,600,000 (across the books);
 * - two sales: 50,000,000 received in full, 12,000,000 of which 8,000,000 received;
 * - the settlement of the first: AMCOS 2,500,000, farmers 35,400,000, beneficiaries 10,000,000,
 *   transporters 500,000, the loan 1,600,000 recovered; the union's own levy 9,000,000 of the
 *   beneficiaries' share (across the books); farmers, AMCOS and the other beneficiaries paid;
 * - a transfer of 10,000,000 from the collection bank to the operation bank (600,000 still due);
 * - salaries 6,000,000, rent 2,400,000, new shares 1,000,000, 500,000 of retained earnings to the
 *   general reserve; interest 300,000 and bank charges 80,000 in the Collection book.
 */
let t: TestApp;
let manager: Session;
let auditor: Session;
let accountant: Session;
const P = THIS_YEAR;
const N = String(Number(P) + 1);
const ids: Record<string, string> = {};
const acc = (book: 'c' | 'o', code: string) => ids[`${book}${code}`] ?? '';

async function journal(book: 'c' | 'o', date: string, dr: string, cr: string, amount: string) {
  await t.db.transaction((tx) =>
    writeEntry(
      tx,
      {
        entryDate: date,
        book: book === 'c' ? 'collection' : 'operation',
        narration: `${dr}/${cr}`,
        source: 'journal',
        createdBy: null,
        lines: [
          { accountId: acc(book, dr), debit: amount },
          { accountId: acc(book, cr), credit: amount },
        ],
      },
      null,
    ),
  );
}

async function event(date: string, body: BusinessEventBody) {
  await t.db.transaction((tx) =>
    postAcrossBooks(tx, {
      ...body,
      date,
      narration: body.type,
      sourceType: 'hand_worked_year',
      sourceId: crypto.randomUUID(),
      actorId: null,
    }),
  );
}

async function yearIdOf(name: string) {
  const years = await t.request<{ data: { id: string; name: string }[] }>('GET', '/financial-years', {
    token: manager.access,
  });
  return years.body.data.find((y) => y.name === name)?.id ?? '';
}

beforeAll(async () => {
  t = await startTestApp();
  [manager, auditor, accountant] = await Promise.all([
    sessionAs(t, 'Finance Manager'),
    sessionAs(t, 'Auditor'),
    sessionAs(t, 'Accountant'),
  ]);
  for (const [book, code] of [
    ...['1101', '1201', '1401', '2101', '2102', '2103', '2104', '2105', '2201', '3101', '4101', '5301'].map(
      (c) => ['c', c] as const,
    ),
    ...['1101', '1203', '1204', '1301', '1501', '2101', '2102', '2401', '3101', '3102', '3103'].map(
      (c) => ['o', c] as const,
    ),
    ...['4101', '4203', '5101', '5201'].map((c) => ['o', c] as const),
  ]) {
    ids[`${book}${code}`] = await accountId(t, book === 'c' ? 'collection' : 'operation', code);
  }
  // Year P.
  await journal('o', `${P}-01-10`, '1101', '3101', '20000000.00');
  await journal('o', `${P}-03-15`, '5101', '1101', '3000000.00');
  await journal('o', `${P}-06-30`, '1101', '4101', '5000000.00');
  await journal('c', `${P}-09-30`, '1101', '4101', '200000.00');
  await journal('c', `${P}-09-30`, '5301', '1101', '50000.00');
  const closed = await t.request('PATCH', `/financial-years/${await yearIdOf(`FY ${P}`)}/close`, {
    token: manager.access,
  });
  expect(closed.status).toBe(200);
  const opened = await t.request('POST', '/financial-years', {
    token: manager.access,
    body: { name: `FY ${N}`, startDate: `${N}-01-01`, endDate: `${N}-12-31` },
  });
  expect(opened.status).toBe(201);
  // Year N: its budget, salaries 500,000 and rent 200,000 a month, approved.
  const budget = await t.request<{ data: { id: string } }>('POST', '/accounts/budgets', {
    token: accountant.access,
    body: {
      name: 'Union operations',
      financialYearId: await yearIdOf(`FY ${N}`),
      book: 'operation',
      lines: [
        { accountId: acc('o', '5201'), months: Array.from({ length: 12 }, () => '500000.00') },
        { accountId: acc('o', '5101'), months: Array.from({ length: 12 }, () => '200000.00') },
      ],
    },
  });
  expect(budget.status).toBe(201);
  const approved = await t.request('PATCH', `/accounts/budgets/${budget.body.data.id}/approve`, {
    token: manager.access,
  });
  expect(approved.status).toBe(200);
  await journal('o', `${N}-01-15`, '1101', '2401', '25000000.00');
  await journal('o', `${N}-01-20`, '1501', '1101', '28000000.00');
  await event(`${N}-01-25`, { type: 'goods_received', amount: '3000000.00' });
  await event(`${N}-01-28`, { type: 'purchase_invoice', net: '3000000.00', vat: '540000.00' });
  await event(`${N}-02-28`, { type: 'supplier_payment', amount: '3540000.00' });
  await event(`${N}-02-01`, {
    type: 'input_distribution',
    cost: '1200000.00',
    loan: '1600000.00',
    cash: '0',
    subsidy: '0',
    free: '0',
  });
  await event(`${N}-02-10`, { type: 'sales_invoice', amount: '50000000.00' });
  await event(`${N}-02-25`, { type: 'buyer_receipt', amount: '50000000.00' });
  await event(`${N}-03-05`, { type: 'sales_invoice', amount: '12000000.00' });
  await event(`${N}-03-20`, { type: 'buyer_receipt', amount: '8000000.00' });
  await event(`${N}-03-01`, {
    type: 'settlement',
    amcos: '2500000.00',
    farmers: '35400000.00',
    beneficiaries: '10000000.00',
    transporters: '500000.00',
    loanRecovery: '1600000.00',
  });
  await event(`${N}-03-01`, { type: 'union_income', amount: '9000000.00' });
  await event(`${N}-03-10`, { type: 'payout', payable: 'payable_farmers', amount: '35400000.00' });
  await event(`${N}-03-10`, { type: 'payout', payable: 'payable_amcos', amount: '2500000.00' });
  await event(`${N}-03-10`, { type: 'payout', payable: 'payable_beneficiaries', amount: '1000000.00' });
  await event(`${N}-03-31`, { type: 'book_transfer', amount: '10000000.00' });
  await journal('o', `${N}-04-30`, '5201', '1101', '6000000.00');
  await journal('o', `${N}-04-30`, '5101', '1101', '2400000.00');
  await journal('o', `${N}-05-15`, '3102', '3103', '500000.00');
  await journal('o', `${N}-05-20`, '1101', '3101', '1000000.00');
  await journal('c', `${N}-06-30`, '1101', '4101', '300000.00');
  await journal('c', `${N}-06-30`, '5301', '1101', '80000.00');
}, 120_000);
afterAll(() => t.close());

const get = async <T>(path: string, session = auditor) => {
  const r = await t.request<{ data: T }>('GET', path, { token: session.access });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};

/** A statement's sections as [section, [[line, amount, comparative]...], total, comparative total]. */
const layout = (sections: FinancialStatementSection[]) =>
  sections.map((s) => [
    s.key,
    s.lines.map((l) => [l.name, l.amount, l.comparative]),
    s.total.amount,
    s.total.comparative,
  ]);

/** Every line of a statement in order, as [line, amount, comparative]. */
const lines = (sections: FinancialStatementSection[]) =>
  sections.flatMap((s) => s.lines.map((l) => [l.name, l.amount, l.comparative]));

const year = `from=${N}-01-01&to=${N}-12-31&compare=previous-year`;

describe('the hand-worked year: statement of financial position', () => {
  it('the union as a whole: both books, the 600,000 due-to / due-from pair eliminated', async () => {
    const s = await get<FinancialPosition>(
      `/reports/financial-position?book=union&as_at=${N}-12-31&compare=previous-year`,
    );
    expect(s.comparativeAsAt).toBe(`${P}-12-31`);
    expect(layout(s.sections)).toEqual([
      ['non_current_assets', [['Property and equipment', '28000000.00', '0.00']], '28000000.00', '0.00'],
      [
        'current_assets',
        [
          ['Inventories', '1800000.00', '0.00'],
          // buyers owe 12,000,000 - 8,000,000; VAT input 540,000
          ['Receivables', '4540000.00', '0.00'],
          // operation 18,060,000 + collection 9,470,000 (P: 22,000,000 + 150,000)
          ['Cash and bank', '27530000.00', '22150000.00'],
        ],
        '33870000.00',
        '22150000.00',
      ],
      ['non_current_liabilities', [['Borrowings', '25000000.00', '0.00']], '25000000.00', '0.00'],
      [
        'current_liabilities',
        [
          ['Payables', '500000.00', '0.00'],
          ['Crop proceeds held for members', '12000000.00', '0.00'],
        ],
        '12500000.00',
        '0.00',
      ],
      [
        'share_capital',
        [["Members' share capital", '21000000.00', '20000000.00']],
        '21000000.00',
        '20000000.00',
      ],
      ['reserves', [['Reserves', '500000.00', '0.00']], '500000.00', '0.00'],
      [
        'accumulated_surplus',
        [
          // 3102: P's 2,000,000 closed into it, 500,000 to the reserve; collection 3101: P's 150,000
          ['Accumulated surplus', '1650000.00', '0.00'],
          // 9,000,000 + 400,000 + 300,000 - 6,000,000 - 2,400,000 - 80,000; P: 2,000,000 + 150,000
          ['Surplus for the year', '1220000.00', '2150000.00'],
        ],
        '2870000.00',
        '2150000.00',
      ],
    ]);
    expect(s.totals).toEqual({
      assets: { amount: '61870000.00', comparative: '22150000.00', change: '39720000.00' },
      liabilities: { amount: '37500000.00', comparative: '0.00', change: '37500000.00' },
      funds: { amount: '24370000.00', comparative: '22150000.00', change: '2220000.00' },
      liabilitiesAndFunds: { amount: '61870000.00', comparative: '22150000.00', change: '39720000.00' },
    });
    expect(s.elimination).toEqual({
      dueToOperation: { amount: '600000.00', comparative: '0.00', change: '600000.00' },
      dueFromCollection: { amount: '600000.00', comparative: '0.00', change: '600000.00' },
      difference: { amount: '0.00', comparative: '0.00', change: '0.00' },
    });
    expect(s.balanced).toBe(true);
    expect(s.year).toMatchObject({ name: `FY ${N}`, status: 'open' });
    const cash = s.sections[1]?.lines.find((l) => l.key === 'cash_bank');
    expect(cash?.accounts.map((a) => [a.book, a.code, a.amount])).toEqual([
      ['collection', '1101', '9470000.00'],
      ['operation', '1101', '18060000.00'],
    ]);
  });

  it('each book on its own shows what it owes or is owed by the other', async () => {
    const op = await get<FinancialPosition>(
      `/reports/financial-position?book=operation&as_at=${N}-12-31&compare=previous-year`,
    );
    expect(lines(op.sections)).toEqual([
      ['Property and equipment', '28000000.00', '0.00'],
      ['Inventories', '1800000.00', '0.00'],
      ['Receivables', '540000.00', '0.00'],
      ['Cash and bank', '18060000.00', '22000000.00'],
      ['Due from the Collection book', '600000.00', '0.00'],
      ['Borrowings', '25000000.00', '0.00'],
      ["Members' share capital", '21000000.00', '20000000.00'],
      ['Reserves', '500000.00', '0.00'],
      ['Accumulated surplus', '1500000.00', '0.00'],
      ['Surplus for the year', '1000000.00', '2000000.00'],
    ]);
    expect([op.totals.assets.amount, op.totals.liabilitiesAndFunds.amount, op.balanced]).toEqual([
      '49000000.00',
      '49000000.00',
      true,
    ]);
    const col = await get<FinancialPosition>(
      `/reports/financial-position?book=collection&as_at=${N}-12-31&compare=previous-year`,
    );
    expect(lines(col.sections)).toEqual([
      ['Receivables', '4000000.00', '0.00'],
      ['Cash and bank', '9470000.00', '150000.00'],
      ['Payables', '500000.00', '0.00'],
      ['Crop proceeds held for members', '12000000.00', '0.00'],
      ['Due to the Operation book', '600000.00', '0.00'],
      ['Accumulated surplus', '150000.00', '0.00'],
      ['Surplus for the year', '220000.00', '150000.00'],
    ]);
    expect([col.totals.assets.amount, col.totals.liabilitiesAndFunds.amount, col.elimination]).toEqual([
      '13470000.00',
      '13470000.00',
      null,
    ]);
  });
});

describe('the hand-worked year: income and expenditure, cash flows, changes in members funds', () => {
  it('income and expenditure of the union: the surplus 1,220,000 against 2,150,000', async () => {
    const s = await get<IncomeAndExpenditure>(`/reports/income-and-expenditure?book=union&${year}`);
    expect([s.from, s.to, s.comparativeFrom, s.comparativeTo]).toEqual([
      `${N}-01-01`,
      `${N}-12-31`,
      `${P}-01-01`,
      `${P}-12-31`,
    ]);
    // P's figures are read before its closing entries: the close moves them, it is not income.
    expect(layout(s.sections)).toEqual([
      [
        'income',
        [
          ['Levies and commissions', '9000000.00', '5000000.00'],
          ['Other income', '700000.00', '200000.00'],
        ],
        '9700000.00',
        '5200000.00',
      ],
      [
        'expenditure',
        [
          ['Administration expenses', '2400000.00', '3000000.00'],
          ['Staff costs', '6000000.00', '0.00'],
          ['Finance costs', '80000.00', '50000.00'],
        ],
        '8480000.00',
        '3050000.00',
      ],
    ]);
    expect(s.totals.surplus).toEqual({
      amount: '1220000.00',
      comparative: '2150000.00',
      change: '-930000.00',
    });
    expect(s.balanced).toBe(true);
    const other = s.sections[0]?.lines.find((l) => l.key === 'other_income');
    expect(other?.accounts.map((a) => [a.book, a.code, a.amount, a.comparative])).toEqual([
      ['collection', '4101', '300000.00', '200000.00'],
      ['operation', '4203', '400000.00', '0.00'],
    ]);
  });

  it('cash flows of the union by the indirect method end at the bank and cash accounts', async () => {
    const s = await get<CashFlows>(`/reports/cash-flows?book=union&${year}`);
    expect(layout(s.sections)).toEqual([
      [
        'operating',
        [
          ['Surplus for the period', '1220000.00', '2150000.00'],
          ['(Increase)/decrease in inventories', '-1800000.00', '0.00'],
          ['(Increase)/decrease in receivables', '-4540000.00', '0.00'],
          ['Increase/(decrease) in payables', '500000.00', '0.00'],
          ['Increase/(decrease) in crop proceeds held for members', '12000000.00', '0.00'],
        ],
        '7380000.00',
        '2150000.00',
      ],
      [
        'investing',
        [['(Increase)/decrease in property and equipment', '-28000000.00', '0.00']],
        '-28000000.00',
        '0.00',
      ],
      [
        'financing',
        [
          ['Increase/(decrease) in borrowings', '25000000.00', '0.00'],
          ["Movement in members' share capital", '1000000.00', '20000000.00'],
          ['Movement in reserves', '500000.00', '0.00'],
          ['Movement in accumulated surplus', '-500000.00', '0.00'],
        ],
        '26000000.00',
        '20000000.00',
      ],
    ]);
    expect(
      [s.netChange, s.openingCash, s.closingCash, s.cashPerBooks].map((f) => [f.amount, f.comparative]),
    ).toEqual([
      ['5380000.00', '22150000.00'],
      ['22150000.00', '0.00'],
      ['27530000.00', '22150000.00'],
      ['27530000.00', '22150000.00'],
    ]);
    expect(s.balanced).toBe(true);
    const op = await get<CashFlows>(`/reports/cash-flows?book=operation&from=${N}-01-01&to=${N}-12-31`);
    expect(op.sections.map((x) => [x.key, x.total.amount])).toEqual([
      // 1,000,000 - 1,800,000 - 540,000 - 600,000 owed by the Collection book
      ['operating', '-1940000.00'],
      ['investing', '-28000000.00'],
      ['financing', '26000000.00'],
    ]);
    expect([op.openingCash.amount, op.closingCash.amount, op.cashPerBooks.amount, op.balanced]).toEqual([
      '22000000.00',
      '18060000.00',
      '18060000.00',
      true,
    ]);
  });

  it('changes in members funds of the union, the previous year as its own block', async () => {
    const s = await get<ChangesInFunds>(`/reports/changes-in-funds?book=union&${year}`);
    expect(s.columns.map((c) => c.name)).toEqual([
      'Share capital',
      'Reserves',
      'Accumulated surplus',
      'Total',
    ]);
    const rows = (b: ChangesInFunds['current']) =>
      b.rows.map((r) => [
        r.name,
        r.amounts.share_capital,
        r.amounts.reserves,
        r.amounts.accumulated_surplus,
        r.amounts.total,
      ]);
    expect(rows(s.current)).toEqual([
      ['Balance at the start', '20000000.00', '0.00', '2150000.00', '22150000.00'],
      ['Surplus for the period', '0.00', '0.00', '1220000.00', '1220000.00'],
      ['3101 Members share capital', '1000000.00', '0.00', '0.00', '1000000.00'],
      ['3102 Retained earnings', '0.00', '0.00', '-500000.00', '-500000.00'],
      ['3103 General reserve', '0.00', '500000.00', '0.00', '500000.00'],
      ['Balance at the end', '21000000.00', '500000.00', '2870000.00', '24370000.00'],
    ]);
    expect(s.comparative && rows(s.comparative)).toEqual([
      ['Balance at the start', '0.00', '0.00', '0.00', '0.00'],
      ['Surplus for the period', '0.00', '0.00', '2150000.00', '2150000.00'],
      ['3101 Members share capital', '20000000.00', '0.00', '0.00', '20000000.00'],
      ['Balance at the end', '20000000.00', '0.00', '2150000.00', '22150000.00'],
    ]);
    expect(s.balanced).toBe(true);
  });
});

describe('a closed year never changes', () => {
  const paths = [
    `/reports/financial-position?book=union&as_at=${N}-12-31&compare=previous-year`,
    `/reports/income-and-expenditure?book=union&${year}`,
    `/reports/cash-flows?book=union&${year}`,
    `/reports/changes-in-funds?book=union&${year}`,
    `/reports/financial-position?book=collection&as_at=${N}-12-31`,
    `/reports/income-and-expenditure?book=operation&${year}`,
  ];
  /** The statements without the year's status, which is what closing changes. */
  const statements = async () =>
    Promise.all(paths.map(async (p) => ({ ...(await get<{ year: unknown }>(p)), year: null })));

  it('closing it changes no figure; nothing posts into it after; reopening it is logged with the reason', async () => {
    const before = await statements();
    const id = await yearIdOf(`FY ${N}`);
    const closed = await t.request('PATCH', `/financial-years/${id}/close`, { token: manager.access });
    expect(closed.status).toBe(200);
    expect(await statements()).toEqual(before);
    expect((await get<FinancialPosition>(paths[0] ?? '')).year).toMatchObject({ status: 'closed' });
    await expect(journal('o', `${N}-12-30`, '5101', '1101', '1000.00')).rejects.toThrow(/closed/);
    expect(await statements()).toEqual(before);

    const short = await t.request<{ message: string }>('PATCH', `/financial-years/${id}/reopen`, {
      token: manager.access,
      body: { reason: 'no' },
    });
    expect([short.status, short.body.message]).toEqual([
      400,
      'Say why the year is reopened (at least 5 characters)',
    ]);
    const byAuditor = await t.request('PATCH', `/financial-years/${id}/reopen`, {
      token: auditor.access,
      body: { reason: 'Audit adjustment for depreciation' },
    });
    expect(byAuditor.status).toBe(403);
    const older = await t.request<{ message: string }>(
      'PATCH',
      `/financial-years/${await yearIdOf(`FY ${P}`)}/reopen`,
      {
        token: manager.access,
        body: { reason: 'Audit adjustment for depreciation' },
      },
    );
    expect([older.status, older.body.message]).toEqual([
      409,
      `Only the latest financial year can be reopened: FY ${N} follows it`,
    ]);
    const reopened = await t.request<{ message: string; data: { status: string } }>(
      'PATCH',
      `/financial-years/${id}/reopen`,
      {
        token: manager.access,
        body: { reason: 'Audit adjustment for depreciation' },
      },
    );
    expect([reopened.status, reopened.body.message, reopened.body.data.status]).toEqual([
      200,
      'Financial year reopened successfully',
      'open',
    ]);
    const again = await t.request('PATCH', `/financial-years/${id}/reopen`, {
      token: manager.access,
      body: { reason: 'Audit adjustment for depreciation' },
    });
    expect(again.status).toBe(409);
    const history = await t.request<{ data: { action: string; after: { reason?: string } }[] }>(
      'GET',
      `/audit/financial_year/${id}`,
      { token: manager.access },
    );
    expect(history.body.data.find((e) => e.action === 'reopened')?.after.reason).toBe(
      'Audit adjustment for depreciation',
    );
    // Reopened, its figures are what they were; an adjustment now changes them, and closing again
    // closes only the adjustment.
    expect(await statements()).toEqual(before);
    await journal('o', `${N}-12-30`, '5101', '1101', '1000.00');
    const adjusted = await get<IncomeAndExpenditure>(paths[1] ?? '');
    expect(adjusted.totals.surplus.amount).toBe('1219000.00');
    expect((await t.request('PATCH', `/financial-years/${id}/close`, { token: manager.access })).status).toBe(
      200,
    );
    expect((await get<IncomeAndExpenditure>(paths[1] ?? '')).totals.surplus.amount).toBe('1219000.00');
  });
});

describe("the auditors' pack (after the close above)", () => {
  it('is one zip for the year: a workbook and PDFs, in the reader language, the entries above the threshold', async () => {
    const id = await yearIdOf(`FY ${N}`);
    const r = await t.request('GET', `/reports/audit-pack?financial_year_id=${id}&threshold=10000000`, {
      token: auditor.access,
      lang: 'sw',
    });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/zip');
    expect(r.headers.get('content-disposition')).toBe(
      `attachment; filename="KIFURUSHI_CHA_UKAGUZI_FY_${N}.zip"`,
    );
    const zip = await JSZip.loadAsync(r.raw);
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([
      '01_TAARIFA_ZA_FEDHA_UNION.pdf',
      '02_TAARIFA_ZA_FEDHA_COLLECTION.pdf',
      '03_TAARIFA_ZA_FEDHA_OPERATION.pdf',
      '04_URARI_WA_HESABU_COLLECTION.pdf',
      '05_URARI_WA_HESABU_OPERATION.pdf',
      '06_AKAUNTI_ZA_UDHIBITI.pdf',
      `07_BAJETI_DHIDI_YA_HALISI_BUD-${N}-000001.pdf`,
      '09_MAINGIZO_YA_JARIDA.pdf',
      `KIFURUSHI_CHA_UKAGUZI_FY_${N}.xlsx`,
    ]);
    for (const pdf of names.filter((n) => n.endsWith('.pdf'))) {
      const head = await zip.file(pdf)?.async('uint8array');
      expect(new TextDecoder().decode(head?.slice(0, 5)), pdf).toBe('%PDF-');
    }
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(
      await (zip.file(`KIFURUSHI_CHA_UKAGUZI_FY_${N}.xlsx`)?.async('arraybuffer') ?? new ArrayBuffer(0)),
    );
    expect(book.worksheets.map((w) => w.name).slice(0, 6)).toEqual([
      'Yaliyomo',
      'Chama Kikuu · Mizania',
      'Chama Kikuu · Mapato na matu',
      'Chama Kikuu · Mtiririko wa f',
      'Chama Kikuu · Mabadiliko ya',
      'Makusanyo · Mizania',
    ]);
    const cells = (name: string) => {
      const found: unknown[][] = [];
      book.getWorksheet(name)?.eachRow((row) => found.push((row.values as unknown[]).slice(1)));
      return found;
    };
    // The union's position with P beside it and the change, numbers in the cells (the bank 1,000
    // lower by the adjustment posted while the year was reopened, above).
    expect(cells('Chama Kikuu · Mizania')).toContainEqual(['Jumla ya mali', 61869000, 22150000, 39719000]);
    // The trial balance before the closing entries still shows the year's income.
    const tbRows: unknown[][] = [];
    for (const trial of book.worksheets.filter((w) => w.name.startsWith('Urari wa hesabu kabla'))) {
      trial.eachRow((row) => tbRows.push((row.values as unknown[]).slice(1)));
    }
    expect(
      tbRows.some((row) => row[0] === '4101' && (row.includes('9000000.00') || row.includes(9000000))),
    ).toBe(true);
    // The year is closed (above): budget against actual still reads its expenses, not the close.
    const budgetRows = cells(book.worksheets.find((w) => w.name.startsWith('Bajeti dhidi'))?.name ?? '');
    expect(budgetRows.map((row) => [row[0], String(row[5])])).toEqual([
      ['Msimbo', 'Halisi'],
      ['5101', '2401000'],
      ['5201', '6000000'],
    ]);
    const journal = book.worksheets.at(-1);
    const entries: unknown[] = [];
    journal?.eachRow((row, n) => {
      if (n > 1 && row.getCell(1).value) entries.push(String(row.getCell(5).value));
    });
    // 25,000,000 loan, 28,000,000 vehicle, 50,000,000 invoice and receipt, 12,000,000 invoice,
    // 50,000,000 settlement, 35,400,000 to farmers, the 10,000,000 transfer in each book.
    expect(entries).toEqual([
      '25000000',
      '28000000',
      '50000000',
      '50000000',
      '50000000',
      '12000000',
      '35400000',
      '10000000',
      '10000000',
    ]);
    const contents = cells('Yaliyomo').map((row) => row[1]);
    expect(contents).toContain('Hakuna ulinganisho mwishoni mwa mwaka');
  });
});

describe("a closed year's surplus, for the AGM (after the close above)", () => {
  const row = (b: YearSurplusBook) => [
    b.book,
    b.opening,
    b.surplus,
    b.beforeAppropriation,
    b.appropriated,
    b.closing,
  ];

  it('per book and for the union: the accumulated surplus before appropriation, what the year moved out, the end', async () => {
    const n = await get<YearSurplus>(`/financial-years/${await yearIdOf(`FY ${N}`)}/surplus`);
    expect(n.year).toMatchObject({ name: `FY ${N}`, startDate: `${N}-01-01`, endDate: `${N}-12-31` });
    // N's surplus is 1,219,000 after the 1,000 adjusted while it was reopened (above); P's
    // 2,150,000 is the opening; the 500,000 to the general reserve is what N appropriated.
    expect(n.books.map(row)).toEqual([
      ['union', '2150000.00', '1219000.00', '3369000.00', '500000.00', '2869000.00'],
      ['collection', '150000.00', '220000.00', '370000.00', '0.00', '370000.00'],
      ['operation', '2000000.00', '999000.00', '2999000.00', '500000.00', '2499000.00'],
    ]);
    // The same figures as the statements: the surplus of income and expenditure, the accumulated
    // surplus of the financial position at the year end.
    const ie = await get<IncomeAndExpenditure>(`/reports/income-and-expenditure?book=union&${year}`);
    const position = await get<FinancialPosition>(`/reports/financial-position?book=union&as_at=${N}-12-31`);
    expect([ie.totals.surplus.amount, position.sections.at(-1)?.total.amount]).toEqual([
      n.books[0]?.surplus,
      n.books[0]?.closing,
    ]);
    const p = await get<YearSurplus>(`/financial-years/${await yearIdOf(`FY ${P}`)}/surplus`, manager);
    expect(p.books.map(row)).toEqual([
      ['union', '0.00', '2150000.00', '2150000.00', '0.00', '2150000.00'],
      ['collection', '0.00', '150000.00', '150000.00', '0.00', '150000.00'],
      ['operation', '0.00', '2000000.00', '2000000.00', '0.00', '2000000.00'],
    ]);
  });

  it('an open year is refused: its surplus can still change; an unknown year is not found', async () => {
    const next = String(Number(N) + 1);
    const opened = await t.request<{ data: { id: string } }>('POST', '/financial-years', {
      token: manager.access,
      body: { name: `FY ${next}`, startDate: `${next}-01-01`, endDate: `${next}-12-31` },
    });
    expect(opened.status).toBe(201);
    const open = await t.request<{ message: string }>(
      'GET',
      `/financial-years/${opened.body.data.id}/surplus`,
      { token: auditor.access },
    );
    expect([open.status, open.body.message]).toEqual([
      409,
      `FY ${next} is open: its surplus is final once the year is closed`,
    ]);
    const unknown = await t.request('GET', `/financial-years/${crypto.randomUUID()}/surplus`, {
      token: auditor.access,
    });
    expect(unknown.status).toBe(404);
  });
});
