import { readFileSync } from 'node:fs';
import type { Reconciliation } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSV_MAPPING } from '../../../../test/bank-statements.ts';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { accountId, THIS_YEAR } from '../testing.ts';

/**
 * Golden statements (fixtures/, written by hand) against hand-made book lines. The fixtures are
 * dated 2026; the test moves them to the current year, whose financial year the test database has.
 */
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8').replaceAll('2026', THIS_YEAR);
const day = (mmdd: string) => `${THIS_YEAR}-${mmdd}`;
const BASE = '/accounts/bank-reconciliation';

let t: TestApp;
let accountant: Session;
let manager: Session;
let amcosUser: Session;
let bank: string;
let collectionBank: string;
const acct: Record<string, string> = {};

type Suggestion = {
  reason: string;
  statementLineIds: string[];
  journalLineIds: string[];
  amount: string;
  days: number;
};
type Lines = {
  statementLines: {
    id: string;
    reference: string | null;
    amountIn: string;
    amountOut: string;
    matchId: string | null;
    entryNumber: string | null;
    entryStatus: string | null;
  }[];
  bookLines: {
    id: string;
    entryNumber: string;
    reference: string | null;
    debit: string;
    credit: string;
    description: string;
  }[];
};

/** A journal entry entered by the accountant and approved by the finance manager; its bank lines' ids. */
async function posted(
  book: 'operation' | 'collection',
  date: string,
  reference: string | undefined,
  narration: string,
  lines: { accountId: string; debit?: string; credit?: string; description?: string }[],
) {
  const draft = await t.request<{ data: { id: string } }>('POST', '/accounts/journal-entries', {
    token: accountant.access,
    body: { entryDate: date, book, narration, reference, lines },
  });
  if (draft.status !== 201) throw new Error(JSON.stringify(draft.body));
  const ok = await t.request('PATCH', `/accounts/journal-entries/${draft.body.data.id}/approve`, {
    token: manager.access,
  });
  if (ok.status !== 200) throw new Error(JSON.stringify(ok.body));
  return draft.body.data.id;
}

const count = async (table: string) =>
  (await queryRows(t.db, z.object({ n: z.number() }), sql.raw(`select count(*)::int as n from ${table}`)))[0]
    ?.n;

async function lines(account: string, matched = false): Promise<Lines> {
  const r = await t.request<{ data: Lines }>(
    'GET',
    `${BASE}/accounts/${account}/lines?matched=${matched}&per_page=200`,
    {
      token: accountant.access,
    },
  );
  expect(r.status).toBe(200);
  return r.body.data;
}

async function suggestions(account: string) {
  const r = await t.request<{ data: Suggestion[] }>('GET', `${BASE}/accounts/${account}/suggestions?days=3`, {
    token: accountant.access,
  });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** Accepts suggested matches as the screen sends them: each one's reason and its two sides. */
const accept = (account: string, found: Suggestion[]) =>
  t.request<{ data: { matched: number } }>('POST', `${BASE}/accounts/${account}/matches`, {
    token: accountant.access,
    body: {
      matches: found.map(({ reason, statementLineIds, journalLineIds }) => ({
        reason,
        statementLineIds,
        journalLineIds,
      })),
    },
  });

/** Each suggestion named by its statement references and its book lines' descriptions. */
async function named(account: string, found: Suggestion[]) {
  const all = await lines(account, true);
  const ref = (id: string) => all.statementLines.find((l) => l.id === id)?.reference;
  const desc = (id: string) => all.bookLines.find((l) => l.id === id)?.description;
  return found
    .map(
      (s) =>
        `${s.reason} ${s.statementLineIds.map(ref).join('+')} = ${s.journalLineIds.map(desc).sort().join('+')} (${s.amount}, ${s.days}d)`,
    )
    .sort();
}

beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  amcosUser = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
  bank = await accountId(t, 'operation', '1101');
  collectionBank = await accountId(t, 'collection', '1101');
  for (const code of ['4101', '4102', '4201', '5101', '5102', '5103', '5104', '5106', '5201', '5301']) {
    acct[code] = await accountId(t, 'operation', code);
  }
  for (const code of ['1201', '2102', '2104', '5301'])
    acct[`c${code}`] = await accountId(t, 'collection', code);
});
afterAll(() => t.close());

describe('the operation bank, March: a CSV statement', () => {
  it('books: receipts, rent, a salary batch, power, fuel and repairs, audit fees, a levy not yet banked', async () => {
    await posted('operation', day('03-02'), 'RCT-0001', 'Levy from Mkombozi AMCOS', [
      { accountId: bank, debit: '5000000.00', description: 'Levy Mkombozi' },
      { accountId: acct['4101'] as string, credit: '5000000.00' },
    ]);
    await posted('operation', day('03-05'), 'PV-0001', 'Office rent March', [
      { accountId: acct['5101'] as string, debit: '1500000.00' },
      { accountId: bank, credit: '1500000.00', description: 'Rent March' },
    ]);
    // One entry, three bank lines: the bank pays the batch PB-0003 as one debit of 1,000,000.
    await posted('operation', day('03-10'), 'PB-0003', 'Salaries March', [
      { accountId: acct['5201'] as string, debit: '1000000.00' },
      { accountId: bank, credit: '400000.00', description: 'Salary J. Mushi' },
      { accountId: bank, credit: '350000.00', description: 'Salary A. Said' },
      { accountId: bank, credit: '250000.00', description: 'Salary P. Kimaro' },
    ]);
    await posted('operation', day('03-12'), undefined, 'TANESCO March', [
      { accountId: acct['5102'] as string, debit: '180000.00' },
      { accountId: bank, credit: '180000.00', description: 'Electricity March' },
    ]);
    await posted('operation', day('03-16'), undefined, 'Fuel', [
      { accountId: acct['5103'] as string, debit: '120000.00' },
      { accountId: bank, credit: '120000.00', description: 'Fuel pickup' },
    ]);
    await posted('operation', day('03-16'), undefined, 'Repairs', [
      { accountId: acct['5104'] as string, debit: '80000.00' },
      { accountId: bank, credit: '80000.00', description: 'Repairs pickup' },
    ]);
    await posted('operation', day('03-20'), 'RCT-0002', 'Commission', [
      { accountId: bank, debit: '750000.00', description: 'Commission on sales' },
      { accountId: acct['4102'] as string, credit: '750000.00' },
    ]);
    await posted('operation', day('03-28'), 'PV-0002', 'Audit fees', [
      { accountId: acct['5106'] as string, debit: '600000.00' },
      { accountId: bank, credit: '600000.00', description: 'Audit fees cheque 000102' },
    ]);
    await posted('operation', day('03-30'), 'RCT-0003', 'Levy Nguvu Moja', [
      { accountId: bank, debit: '900000.00', description: 'Levy Nguvu Moja' },
      { accountId: acct['4101'] as string, credit: '900000.00' },
    ]);
  });

  it('refuses a bad file with a clear 400 and writes nothing', async () => {
    const before = [
      await count('bank_statements'),
      await count('bank_statement_lines'),
      await count('bank_statement_mappings'),
    ];
    const bad = fixture('operation-bank-march.csv').replace('"180,000.00"', '"18O,000.00"');
    const r = await t.request<{ message: string }>('POST', `${BASE}/statements`, {
      token: accountant.access,
      body: { accountId: bank, format: 'csv', content: bad, mapping: CSV_MAPPING },
    });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Line 5: "18O,000.00" is not an amount');
    const noColumn = await t.request<{ message: string }>('POST', `${BASE}/statements`, {
      token: accountant.access,
      body: {
        accountId: bank,
        format: 'csv',
        content: fixture('operation-bank-march.csv'),
        mapping: { ...CSV_MAPPING, balance: 'Saldo' },
      },
    });
    expect(noColumn.body.message).toBe('CSV: the file has no column "Saldo"');
    const notBank = await t.request<{ message: string }>('POST', `${BASE}/statements`, {
      token: accountant.access,
      body: {
        accountId: acct['5101'],
        format: 'csv',
        content: fixture('operation-bank-march.csv'),
        mapping: CSV_MAPPING,
      },
    });
    expect(notBank.status).toBe(400);
    expect(notBank.body.message).toBe('Only a bank or cash account can be reconciled');
    expect([
      await count('bank_statements'),
      await count('bank_statement_lines'),
      await count('bank_statement_mappings'),
    ]).toEqual(before);
  });

  it('imports the statement with the mapping, saves the mapping, and never imports a line twice', async () => {
    const file = fixture('operation-bank-march.csv');
    const first = await t.request<{ data: { linesRead: number; linesAdded: number; linesSkipped: number } }>(
      'POST',
      `${BASE}/statements`,
      {
        token: accountant.access,
        body: { accountId: bank, format: 'csv', fileName: 'march.csv', content: file, mapping: CSV_MAPPING },
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toEqual(
      expect.objectContaining({ linesRead: 8, linesAdded: 8, linesSkipped: 0 }),
    );
    // The second import is one click: no mapping sent, the saved one is used.
    const again = await t.request<{ data: { linesAdded: number; linesSkipped: number } }>(
      'POST',
      `${BASE}/statements`,
      {
        token: accountant.access,
        body: { accountId: bank, format: 'csv', content: file },
      },
    );
    expect(again.body.data).toEqual(expect.objectContaining({ linesAdded: 0, linesSkipped: 8 }));
    // An overlapping statement: the last four lines of March again, and nothing new.
    const rows = file.trim().split('\n');
    const overlap = [rows[0], ...rows.slice(5)].join('\n');
    const third = await t.request<{ data: { linesRead: number; linesAdded: number } }>(
      'POST',
      `${BASE}/statements`,
      {
        token: accountant.access,
        body: { accountId: bank, format: 'csv', content: overlap },
      },
    );
    expect(third.body.data).toEqual(expect.objectContaining({ linesRead: 4, linesAdded: 0 }));
    const accounts = await t.request<{ data: { id: string; mapping: unknown; unmatchedLines: number }[] }>(
      'GET',
      `${BASE}/accounts`,
      {
        token: accountant.access,
      },
    );
    expect(accounts.body.data.find((a) => a.id === bank)).toMatchObject({
      mapping: CSV_MAPPING,
      unmatchedLines: 8,
    });
    const got = await lines(bank);
    expect(got.statementLines.map((l) => `${l.reference} ${l.amountIn} ${l.amountOut}`)).toEqual([
      'RCT-0001 5000000.00 0.00',
      'PV-0001 0.00 1500000.00',
      'PB-0003 0.00 1000000.00',
      'TXN88812 0.00 180000.00',
      'TB-7781 0.00 200000.00',
      'RCT-0002 750000.00 0.00',
      'CHG-0331 0.00 25000.00',
      'INT-0331 12500.00 0.00',
    ]);
  });

  it('suggests the expected matches, each with its reason, and accepts them in bulk', async () => {
    const found = await suggestions(bank);
    expect(await named(bank, found)).toEqual([
      'amount_date TXN88812 = Electricity March (-180000.00, 2d)',
      'batch PB-0003 = Salary A. Said+Salary J. Mushi+Salary P. Kimaro (-1000000.00, 0d)',
      'batch TB-7781 = Fuel pickup+Repairs pickup (-200000.00, 1d)',
      'reference PV-0001 = Rent March (-1500000.00, 1d)',
      'reference RCT-0001 = Levy Mkombozi (5000000.00, 0d)',
      'reference RCT-0002 = Commission on sales (750000.00, 1d)',
    ]);
    const r = await accept(bank, found);
    expect(r.status).toBe(201);
    expect(r.body.data.matched).toBe(6);
    // Accepting the same again: the lines are taken, 409, nothing more saved.
    const twice = await accept(bank, found.slice(0, 1));
    expect(twice.status).toBe(409);
    const open = await lines(bank);
    expect(open.statementLines.map((l) => l.reference)).toEqual(['CHG-0331', 'INT-0331']);
    expect(open.bookLines.map((l) => l.description)).toEqual(['Audit fees cheque 000102', 'Levy Nguvu Moja']);
  });

  let reconciliationId = '';

  it('refuses to close while the bank charges and interest are not in the books', async () => {
    const r = await t.request<{ data: Reconciliation }>('POST', `${BASE}/reconciliations`, {
      token: accountant.access,
      body: { accountId: bank, statementDate: day('03-31'), statementBalance: '2857500.00' },
    });
    expect(r.status).toBe(201);
    reconciliationId = r.body.data.id;
    // Books 5,000,000 - 1,500,000 - 1,000,000 - 180,000 - 200,000 + 750,000 - 600,000 + 900,000 = 3,170,000;
    // bank 2,857,500 + 900,000 - 600,000 = 3,157,500: 12,500 short = charges 25,000 less interest 12,500.
    expect(r.body.data).toMatchObject({
      status: 'open',
      balancePerBank: '2857500.00',
      uncreditedDeposits: '900000.00',
      unpresentedPayments: '600000.00',
      balancePerBooks: '3170000.00',
      bankOnlyItems: '-12500.00',
      difference: '-12500.00',
    });
    expect(r.body.data.items.map((i) => `${i.kind} ${i.reference} ${i.amount}`)).toEqual([
      'unpresented_payment PV-0002 600000.00',
      'uncredited_deposit RCT-0003 900000.00',
      'bank_only CHG-0331 25000.00',
      'bank_only INT-0331 12500.00',
    ]);
    const second = await t.request('POST', `${BASE}/reconciliations`, {
      token: accountant.access,
      body: { accountId: bank, statementDate: day('04-30'), statementBalance: '0.00' },
    });
    expect(second.status).toBe(409);
    const close = await t.request<{ message: string }>(
      'PATCH',
      `${BASE}/reconciliations/${reconciliationId}/close`,
      {
        token: manager.access,
      },
    );
    expect(close.status).toBe(400);
    expect(close.body.message).toBe(
      'The reconciliation does not balance: bank 2857500.00 + uncredited 900000.00 - unpresented 600000.00 differs from the books 3170000.00 by -12500.00',
    );
    expect(
      (
        await t.request<{ data: Reconciliation }>('GET', `${BASE}/reconciliations/${reconciliationId}`, {
          token: manager.access,
        })
      ).body.data.status,
    ).toBe('open');
  });

  it('records the charges and the interest as draft journal entries, approved the normal way, then matched', async () => {
    const open = await lines(bank);
    const [charges, interest] = open.statementLines;
    const c = await t.request<{
      data: {
        id: string;
        status: string;
        reference: string;
        lines: { accountCode: string; debit: string; credit: string }[];
      };
    }>('POST', `${BASE}/entries`, {
      token: accountant.access,
      body: { statementLineId: charges?.id, counterAccountId: acct['5301'] },
    });
    expect(c.status).toBe(201);
    expect(c.body.data).toMatchObject({
      status: 'draft',
      reference: 'CHG-0331',
      narration: 'Ledger fees March',
      entryDate: day('03-31'),
    });
    expect(c.body.data.lines.map((l) => `${l.accountCode} ${l.debit} ${l.credit}`)).toEqual([
      '5301 25000.00 0.00',
      '1101 0.00 25000.00',
    ]);
    const twice = await t.request('POST', `${BASE}/entries`, {
      token: accountant.access,
      body: { statementLineId: charges?.id, counterAccountId: acct['5301'] },
    });
    expect(twice.status).toBe(409);
    const i = await t.request<{ data: { id: string } }>('POST', `${BASE}/entries`, {
      token: accountant.access,
      body: { statementLineId: interest?.id, counterAccountId: acct['4201'] },
    });
    expect(i.status).toBe(201);
    // The statement lines name their entries in the journal's own state: draft until approved.
    const entryStates = async () =>
      (await lines(bank)).statementLines
        .filter((l) => l.entryNumber)
        .map((l) => `${l.reference} ${l.entryStatus}`);
    expect(await entryStates()).toEqual(['CHG-0331 draft', 'INT-0331 draft']);
    // A draft is not in the books: nothing to match yet. The maker cannot approve their own entry.
    expect(await suggestions(bank)).toEqual([]);
    const own = await t.request('PATCH', `/accounts/journal-entries/${c.body.data.id}/approve`, {
      token: accountant.access,
    });
    expect(own.status).toBe(403);
    for (const id of [c.body.data.id, i.body.data.id]) {
      expect(
        (await t.request('PATCH', `/accounts/journal-entries/${id}/approve`, { token: manager.access }))
          .status,
      ).toBe(200);
    }
    expect(await entryStates()).toEqual(['CHG-0331 posted', 'INT-0331 posted']);
    const found = await suggestions(bank);
    expect(await named(bank, found)).toEqual([
      'reference CHG-0331 = Ledger fees March (-25000.00, 0d)',
      'reference INT-0331 = Interest March (12500.00, 0d)',
    ]);
    const r = await accept(bank, found);
    expect(r.status).toBe(201);
  });

  it('manual matching refuses lines that do not agree; a match can be undone before the close', async () => {
    const open = await lines(bank);
    const [audit, levy] = open.bookLines;
    const unequal = await t.request<{ message: string }>('POST', `${BASE}/accounts/${bank}/matches`, {
      token: accountant.access,
      body: { matches: [{ reason: 'manual', journalLineIds: [audit?.id, levy?.id] }] },
    });
    expect(unequal.status).toBe(400);
    expect(unequal.body.message).toBe(
      'The statement lines (0.00) and the book lines (300000.00) differ by -300000.00',
    );
    const search = await t.request<{ data: Lines }>(
      'GET',
      `${BASE}/accounts/${bank}/lines?matched=true&search=TXN888`,
      {
        token: accountant.access,
      },
    );
    expect(search.body.data.statementLines.map((l) => l.reference)).toEqual(['TXN88812']);
    const matchId = search.body.data.statementLines[0]?.matchId;
    expect(
      (await t.request('DELETE', `${BASE}/matches/${matchId}`, { token: accountant.access })).status,
    ).toBe(200);
    const electricity = (await lines(bank)).bookLines.find((l) => l.description === 'Electricity March');
    const redo = await t.request('POST', `${BASE}/accounts/${bank}/matches`, {
      token: accountant.access,
      body: {
        matches: [
          {
            reason: 'manual',
            statementLineIds: [search.body.data.statementLines[0]?.id],
            journalLineIds: [electricity?.id],
          },
        ],
      },
    });
    expect(redo.status).toBe(201);
  });

  it('closes to the cent, locks its matches, and prints the statement as PDF and xlsx', async () => {
    const close = await t.request<{ data: Reconciliation }>(
      'PATCH',
      `${BASE}/reconciliations/${reconciliationId}/close`,
      { token: manager.access },
    );
    expect(close.status).toBe(200);
    // 2,857,500 + 900,000 - 600,000 = 3,157,500 = 3,170,000 - 25,000 + 12,500.
    expect(close.body.data).toMatchObject({
      status: 'closed',
      balancePerBank: '2857500.00',
      uncreditedDeposits: '900000.00',
      unpresentedPayments: '600000.00',
      bankOnlyItems: '0.00',
      balancePerBooks: '3157500.00',
      difference: '0.00',
    });
    const again = await t.request('PATCH', `${BASE}/reconciliations/${reconciliationId}/close`, {
      token: manager.access,
    });
    expect(again.status).toBe(409);
    const matched = await lines(bank, true);
    const locked = matched.statementLines[0]?.matchId;
    const undo = await t.request<{ message: string }>('DELETE', `${BASE}/matches/${locked}`, {
      token: accountant.access,
    });
    expect(undo.status).toBe(409);
    expect(undo.body.message).toBe('This match is part of a closed reconciliation and cannot be undone');
    const pdf = await t.request('GET', `${BASE}/reconciliations/${reconciliationId}?format=pdf`, {
      token: manager.access,
    });
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode(pdf.raw.slice(0, 5))).toBe('%PDF-');
    const xlsx = await t.request('GET', `${BASE}/reconciliations/${reconciliationId}?format=xlsx`, {
      token: manager.access,
    });
    expect(xlsx.status).toBe(200);
    expect(new Uint8Array(xlsx.raw.slice(0, 2))).toEqual(new Uint8Array([0x50, 0x4b]));
    const list = await t.request<{ data: Reconciliation[] }>(
      'GET',
      `${BASE}/reconciliations?account_id=${bank}`,
      {
        token: manager.access,
      },
    );
    expect(list.body.data.map((r) => `${r.status} ${r.difference}`)).toEqual(['closed 0.00']);
    const earlier = await t.request<{ message: string }>('POST', `${BASE}/reconciliations`, {
      token: accountant.access,
      body: { accountId: bank, statementDate: day('03-15'), statementBalance: '0.00' },
    });
    expect(earlier.status).toBe(400);
    expect(earlier.body.message).toBe(
      `The statement date must be after the last closed reconciliation (${day('03-31')})`,
    );
  });
});

describe('the crop collection bank, April: a camt.053 statement', () => {
  it('imports the XML, deduplicates by the bank reference, matches by reference and by amount within days', async () => {
    await posted('collection', day('04-03'), 'RCPT-0101', 'Olam Tanzania receipt', [
      { accountId: collectionBank, debit: '12500000.00', description: 'Olam receipt' },
      { accountId: acct.c1201 as string, credit: '12500000.00' },
    ]);
    await posted('collection', day('04-08'), 'PAY-0201', 'Farmer payments', [
      { accountId: acct.c2102 as string, debit: '3000000.00' },
      { accountId: collectionBank, credit: '3000000.00', description: 'Farmers batch' },
    ]);
    await posted('collection', day('04-09'), undefined, 'Transport Mtwara', [
      { accountId: acct.c2104 as string, debit: '450000.00' },
      { accountId: collectionBank, credit: '450000.00', description: 'Haulage Mtwara' },
    ]);
    const xml = fixture('collection-bank-april.camt053.xml');
    const body = { accountId: collectionBank, format: 'camt053', fileName: 'april.xml', content: xml };
    const first = await t.request<{ data: { linesAdded: number; linesNotBooked: number } }>(
      'POST',
      `${BASE}/statements`,
      {
        token: accountant.access,
        body,
      },
    );
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ linesAdded: 4, linesNotBooked: 0 });
    const again = await t.request<{ data: { linesAdded: number; linesSkipped: number } }>(
      'POST',
      `${BASE}/statements`,
      {
        token: accountant.access,
        body,
      },
    );
    expect(again.body.data).toMatchObject({ linesAdded: 0, linesSkipped: 4 });
    const got = await lines(collectionBank);
    expect(got.statementLines.map((l) => `${l.reference} ${l.amountIn} ${l.amountOut}`)).toEqual([
      'RCPT-0101 12500000.00 0.00',
      'PAY-0201 0.00 3000000.00',
      'NMB2604110002 0.00 450000.00',
      'NMB2604300099 0.00 15000.00',
    ]);
    expect(await named(collectionBank, await suggestions(collectionBank))).toEqual([
      'amount_date NMB2604110002 = Haulage Mtwara (-450000.00, 2d)',
      'reference PAY-0201 = Farmers batch (-3000000.00, 0d)',
      'reference RCPT-0101 = Olam receipt (12500000.00, 0d)',
    ]);
  });

  it('refuses malformed XML, another currency and a DOCTYPE with a clear 400, nothing written', async () => {
    const before = await count('bank_statement_lines');
    const xml = fixture('collection-bank-april.camt053.xml');
    const send = (content: string) =>
      t.request<{ message: string }>('POST', `${BASE}/statements`, {
        token: accountant.access,
        body: { accountId: collectionBank, format: 'camt053', content },
      });
    const broken = await send(xml.replace('</BookgDt>', ''));
    expect(broken.status).toBe(400);
    expect(broken.body.message).toMatch(/^XML: unexpected <\/Ntry>|^XML: /);
    const usd = await send(xml.replace('<Amt Ccy="TZS">450000.00</Amt>', '<Amt Ccy="USD">450000.00</Amt>'));
    expect(usd.body.message).toBe('Entry 3: the amount is in USD, the account in TZS');
    const dtd = await send(xml.replace('<Document', '<!DOCTYPE x [<!ENTITY a "b">]><Document'));
    expect(dtd.body.message).toBe('XML: a DOCTYPE is not accepted');
    // The bank's closing balance 9,035,000.00 against 0.00 + 12,500,000.00 - 3,000,000.00 - 15,000.00
    // when the haulage entry is missing from the file.
    const short = await send(xml.replace(/<Ntry>\s*<Amt Ccy="TZS">450000\.00<\/Amt>[\s\S]*?<\/Ntry>/, ''));
    expect([short.status, short.body.message]).toEqual([
      400,
      "Statement 1: the closing balance (CLBD) is 9,035,000.00 but the opening balance plus the booked entries make 9,485,000.00: a page or an entry is missing, or this is not the bank's whole statement",
    ]);
    const split = await send(xml.replace('<Amt Ccy="TZS">15000.00</Amt>', '<Amt Ccy="TZS">15000.005</Amt>'));
    expect(split.body.message).toBe('Entry 4: "15000.005" has a fraction of a cent');
    expect(await count('bank_statement_lines')).toBe(before);
  });
});

describe('tenancy', () => {
  it('AMCOS users get 403 on every reconciliation endpoint (no account belongs to an AMCOS)', async () => {
    const id = '0190c0de-0000-7000-8000-000000000000';
    const calls: [string, string, unknown?][] = [
      ['GET', `${BASE}/accounts`],
      ['POST', `${BASE}/preview`, { content: 'a,b\n1,2' }],
      ['POST', `${BASE}/statements`, { accountId: bank, format: 'csv', content: 'x', mapping: CSV_MAPPING }],
      ['GET', `${BASE}/accounts/${bank}/lines`],
      ['GET', `${BASE}/accounts/${bank}/suggestions`],
      [
        'POST',
        `${BASE}/accounts/${bank}/matches`,
        { matches: [{ reason: 'manual', statementLineIds: [id, id] }] },
      ],
      ['DELETE', `${BASE}/matches/${id}`],
      ['POST', `${BASE}/entries`, { statementLineId: id, counterAccountId: id }],
      ['GET', `${BASE}/reconciliations`],
      [
        'POST',
        `${BASE}/reconciliations`,
        { accountId: bank, statementDate: day('05-31'), statementBalance: '0.00' },
      ],
      ['GET', `${BASE}/reconciliations/${id}`],
      ['PATCH', `${BASE}/reconciliations/${id}/close`],
    ];
    for (const [method, path, body] of calls) {
      const r = await t.request(method, path, { token: amcosUser.access, body });
      expect(`${method} ${path} ${r.status}`).toBe(`${method} ${path} 403`);
    }
  });
});
