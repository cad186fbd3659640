import type { FinancialPosition, StatementMapping } from '@ushirika/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { writeTwoLineEntry } from '../../../../test/journal-entries.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

/** Who may read the statements and change their lines; bad queries; the files; the mapping. */
let t: TestApp;
let accountant: Session;
let manager: Session;
let auditor: Session;
let clerk: Session;
const Y = THIS_YEAR;
const asAt = `${Y}-06-30`;

const post = (book: 'collection' | 'operation', date: string, dr: string, cr: string, amount: string) =>
  writeTwoLineEntry(t, book, date, dr, cr, amount);

beforeAll(async () => {
  t = await startTestApp();
  const society = await makeAmcos(t);
  [accountant, manager, auditor, clerk] = await Promise.all([
    sessionAs(t, 'Accountant'),
    sessionAs(t, 'Finance Manager'),
    sessionAs(t, 'Auditor'),
    sessionAs(t, 'AMCOS Manager', { amcosId: society.id }),
  ]);
  // Shares 4,000,000; VAT input 180,000 paid; levy income 900,000; salaries 300,000.
  await post('operation', `${Y}-01-05`, '1101', '3101', '4000000.00');
  await post('operation', `${Y}-02-05`, '1203', '1101', '180000.00');
  await post('operation', `${Y}-03-05`, '1101', '4101', '900000.00');
  await post('operation', `${Y}-04-05`, '5201', '1101', '300000.00');
}, 60_000);
afterAll(() => t.close());

const PATHS = [
  `/reports/financial-position?book=union&as_at=${asAt}`,
  `/reports/income-and-expenditure?book=operation&from=${Y}-01-01&to=${asAt}`,
  `/reports/cash-flows?book=collection&from=${Y}-01-01&to=${asAt}`,
  `/reports/changes-in-funds?book=union&from=${Y}-01-01&to=${asAt}&compare=previous-year`,
];

describe('who may read the statements', () => {
  it('the accountant, the finance manager and the auditor read all four; an AMCOS user never; nobody signed out', async () => {
    for (const path of PATHS) {
      for (const session of [accountant, manager, auditor]) {
        const r = await t.request('GET', path, { token: session.access });
        expect(r.status, `${path}`).toBe(200);
      }
      expect((await t.request('GET', path, { token: clerk.access })).status).toBe(403);
      expect((await t.request('GET', path)).status).toBe(401);
    }
    const pack = await t.request('GET', `/reports/audit-pack?financial_year_id=${crypto.randomUUID()}`, {
      token: clerk.access,
    });
    expect(pack.status).toBe(403);
  });

  it('refuses a bad query with a clear message and no 500', async () => {
    const cases: [string, string][] = [
      ['/reports/financial-position?book=both', 'book'],
      [`/reports/financial-position?book=union&as_at=${Y}-02-30`, 'Not a real date'],
      [`/reports/financial-position?book=union&compare=last-year`, 'compare'],
      [
        `/reports/income-and-expenditure?book=union&from=${Y}-05-01&to=${Y}-04-30`,
        'The period must start on or before its end',
      ],
      [`/reports/cash-flows?book=union&from=9999-01-01`, 'The period must start on or before its end'],
      [`/reports/changes-in-funds?book=union&format=csv`, 'format'],
      ['/reports/audit-pack?financial_year_id=nonsense', 'financial_year_id'],
      [
        `/reports/audit-pack?financial_year_id=${crypto.randomUUID()}&threshold=-5`,
        'The threshold cannot be negative',
      ],
    ];
    for (const [path, words] of cases) {
      const r = await t.request<{ message: string; errors?: Record<string, string[]> }>('GET', path, {
        token: auditor.access,
      });
      expect(r.status, path).toBe(400);
      expect(JSON.stringify(r.body), path).toContain(words);
    }
    const missing = await t.request<{ message: string }>(
      'GET',
      `/reports/audit-pack?financial_year_id=${crypto.randomUUID()}`,
      { token: auditor.access },
    );
    expect([missing.status, missing.body.message]).toEqual([404, 'Financial year not found']);
  });
});

describe('the statements as files', () => {
  it('an xlsx with the statement in the reader language, amounts as numbers; a PDF under the letterhead', async () => {
    const xlsx = await t.request('GET', `/reports/financial-position?book=union&as_at=${asAt}&format=xlsx`, {
      token: auditor.access,
      lang: 'sw',
    });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toBe(
      `attachment; filename="UNION_FINANCIAL_POSITION_${asAt}.xlsx"`,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.raw);
    const sheet = book.worksheets[0];
    expect(sheet?.getCell('A1').value).toBe('Mizania: Chama Kikuu (vitabu vyote viwili)');
    const rows: [unknown, unknown][] = [];
    sheet?.eachRow((row) => rows.push([row.getCell(1).value, row.getCell(2).value]));
    // Bank 4,000,000 - 180,000 + 900,000 - 300,000 = 4,420,000; VAT 180,000.
    expect(rows).toContainEqual(['Fedha taslimu na benki', 4420000]);
    expect(rows).toContainEqual(['Jumla ya mali', 4600000]);
    expect(rows).toContainEqual(['Ziada ya mwaka', 600000]);
    const pdf = await t.request(
      'GET',
      `/reports/income-and-expenditure?book=operation&to=${asAt}&format=pdf`,
      {
        token: auditor.access,
      },
    );
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toBe(
      `attachment; filename="OPERATION_INCOME_AND_EXPENDITURE_${Y}-01-01_${asAt}.pdf"`,
    );
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
  });
});

describe('the statement lines the accountant maps the chart to', () => {
  const mapping = async (lang: 'en' | 'sw' = 'en') =>
    (
      await t.request<{ data: StatementMapping }>('GET', '/accounts/statement-lines', {
        token: auditor.access,
        lang,
      })
    ).body.data;
  const save = (session: Session, body: Pick<StatementMapping, 'lines' | 'rules'>) =>
    t.request<{ message: string; data: StatementMapping }>('PUT', '/accounts/statement-lines', {
      token: session.access,
      body,
    });

  it('is seeded for the default chart, each line in English and Swahili, every class with a line', async () => {
    const m = await mapping();
    expect(
      m.lines.filter((l) => l.section === 'current_assets').map((l) => [l.code, l.name, l.nameSw]),
    ).toEqual([
      ['inventories', 'Inventories', 'Hifadhi ya bidhaa'],
      ['member_loans', 'Loans to members', 'Mikopo kwa wanachama'],
      ['receivables', 'Receivables', 'Madai'],
      ['cash_bank', 'Cash and bank', 'Fedha taslimu na benki'],
      ['other_current_assets', 'Other current assets', 'Mali nyingine za muda mfupi'],
    ]);
    expect(m.classes.every((c) => m.rules.some((r) => r.target === 'class' && r.targetId === c.id))).toBe(
      true,
    );
    expect(m.accounts.map((a) => [a.book, a.code])).toEqual([
      ['collection', '3101'],
      ['collection', '4101'],
      ['operation', '3101'],
      ['operation', '3102'],
    ]);
  });

  it('an accountant adds a line and maps an account to it; the statement shows it; the change is in the history', async () => {
    const before = await mapping();
    const vat = await accountId(t, 'operation', '1203');
    const refused = await save(manager, before);
    expect(refused.status).toBe(403);
    const saved = await save(accountant, {
      lines: [
        ...before.lines,
        {
          code: 'vat_recoverable',
          section: 'current_assets',
          name: 'VAT recoverable',
          nameSw: 'VAT inayorejeshwa',
          cashFlow: 'operating',
          sortOrder: 35,
        },
      ],
      rules: [...before.rules, { target: 'account', targetId: vat, line: 'vat_recoverable' }],
    });
    expect([saved.status, saved.body.message]).toEqual([200, 'Statement lines saved successfully']);
    const s = await t.request<{ data: FinancialPosition }>(
      'GET',
      `/reports/financial-position?book=operation&as_at=${asAt}`,
      { token: auditor.access, lang: 'sw' },
    );
    expect(s.body.data.sections[1]?.lines.map((l) => [l.name, l.amount])).toEqual([
      ['VAT inayorejeshwa', '180000.00'],
      ['Fedha taslimu na benki', '4420000.00'],
    ]);
    const history = await t.request<{ data: { action: string }[] }>(
      'GET',
      '/audit/statement_mapping/00000000-0000-7000-8000-000000000028',
      { token: auditor.access },
    );
    expect(history.body.data.map((e) => e.action)).toEqual(['updated']);
    // Put back as it was: the other tests of this file read the seeded lines.
    expect((await save(accountant, before)).status).toBe(200);
  });

  it('refuses a mapping that would leave an account without a line or on a line of another kind, and changes nothing', async () => {
    const m = await mapping();
    const asset = m.classes.find((c) => c.type === 'asset');
    const receivables = m.groups.find((g) => g.code === '12');
    const cases: [Pick<StatementMapping, 'lines' | 'rules'>, string][] = [
      [
        { lines: m.lines, rules: m.rules.filter((r) => r.targetId !== asset?.id) },
        'Choose a line for the class 1 (asset)',
      ],
      [
        {
          lines: m.lines,
          rules: m.rules.map((r) => (r.targetId === receivables?.id ? { ...r, line: 'other_income' } : r)),
        },
        '12 holds asset accounts: Other income takes income accounts only',
      ],
      [
        { lines: m.lines.filter((l) => l.code !== 'cash_bank'), rules: m.rules },
        'goes to the line cash_bank, which is not in the list',
      ],
      [
        {
          lines: [...m.lines, m.lines[0] ?? m.lines[1]].filter(Boolean) as StatementMapping['lines'],
          rules: m.rules,
        },
        'Two lines have the code',
      ],
      [
        {
          lines: m.lines,
          rules: [...m.rules, { target: 'group', targetId: crypto.randomUUID(), line: 'cash_bank' }],
        },
        'No group has the id',
      ],
    ];
    for (const [body, message] of cases) {
      const r = await save(accountant, body);
      expect(r.status, message).toBe(400);
      expect(r.body.message).toContain(message);
    }
    expect(await mapping()).toEqual(m);
  });
});
