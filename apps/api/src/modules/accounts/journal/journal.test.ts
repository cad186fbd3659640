import { dec, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { accountId, draftEntry, postedEntry, refusal, THIS_YEAR, TODAY } from '../testing.ts';
import { narrate } from './narrations.ts';
import { postBusinessEvent } from './post-business-event.ts';
import { entryNumber } from './queries.ts';
import { writeEntry } from './write-entry.ts';

let t: TestApp;
let accountant: Session;
let manager: Session;
let bank: string;
let rent: string;
let salaries: string;
beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  [bank, rent, salaries] = await Promise.all([
    accountId(t, 'operation', '1101'),
    accountId(t, 'operation', '5101'),
    accountId(t, 'operation', '5201'),
  ]);
});
afterAll(() => t.close());

const count = async (table: string) =>
  Number(
    (
      await queryRows(t.db, z.object({ n: z.string() }), sql.raw(`select count(*)::text as n from ${table}`))
    )[0]?.n,
  );

describe('entering a journal entry', () => {
  it('saves a balanced draft with a JV number of the year and SPEC message; lines in TZS', async () => {
    const r = await draftEntry(t, accountant, [
      { accountId: rent, debit: '1500000.00' },
      { accountId: bank, credit: '1500000.00' },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Journal entry created successfully');
    expect(r.body.data).toMatchObject({
      status: 'draft',
      total: '1500000.00',
      book: 'operation',
      source: 'journal',
    });
    expect(r.body.data.number).toMatch(new RegExp(`^JV-${THIS_YEAR}-\\d{6}$`));
    const detail = await t.request<{ data: { lines: Record<string, unknown>[] } }>(
      'GET',
      `/accounts/journal-entries/${r.body.data.id}`,
      {
        token: manager.access,
      },
    );
    expect(detail.body.data.lines).toMatchObject([
      {
        lineNo: 1,
        accountCode: '5101',
        debit: '1500000.00',
        credit: '0.00',
        currency: 'TZS',
        currencyAmount: '1500000.00',
        rate: '1.000000',
      },
      { lineNo: 2, accountCode: '1101', debit: '0.00', credit: '1500000.00' },
    ]);
  });

  it('refuses unbalanced, one-sided, foreign-book and closed-period entries and writes nothing', async () => {
    const before = [
      await count('journal_entries'),
      await count('journal_lines'),
      await count('document_sequences'),
    ];
    const unbalanced = await draftEntry(t, accountant, [
      { accountId: rent, debit: '100.00' },
      { accountId: bank, credit: '99.99' },
    ]);
    expect(unbalanced.status).toBe(400);
    expect(unbalanced.body.message).toBe('Debits (100.00) must equal credits (99.99)');
    const collectionBank = await accountId(t, 'collection', '1101');
    const otherBook = await draftEntry(t, accountant, [
      { accountId: rent, debit: '100.00' },
      { accountId: collectionBank, credit: '100.00' },
    ]);
    expect(otherBook.status).toBe(400);
    expect(otherBook.body.message).toBe('Line 2: the account 1101 is not in the operation book');
    const noYear = await draftEntry(
      t,
      accountant,
      [
        { accountId: rent, debit: '100.00' },
        { accountId: bank, credit: '100.00' },
      ],
      { entryDate: '1999-06-30' },
    );
    expect(noYear.status).toBe(400);
    expect(noYear.body.message).toBe('No financial year covers 1999-06-30');
    const oneLine = await draftEntry(t, accountant, [{ accountId: rent, debit: '100.00' }]);
    expect(oneLine.status).toBe(400);
    const bothSides = await draftEntry(t, accountant, [
      { accountId: rent, debit: '100.00', credit: '100.00' },
      { accountId: bank, credit: '100.00' },
    ]);
    expect(bothSides.body.message).toBe('Line 1: enter either a debit or a credit');
    expect([
      await count('journal_entries'),
      await count('journal_lines'),
      await count('document_sequences'),
    ]).toEqual(before);
  });

  it('converts foreign-currency lines at the rate of the day: USD 1,000 x 2,450.50 = TZS 2,450,500.00', async () => {
    const rate = await t.request('POST', '/accounts/exchange-rates', {
      token: accountant.access,
      body: { currency: 'USD', rateDate: `${THIS_YEAR}-01-01`, rate: '2450.50' },
    });
    expect(rate.status).toBe(201);
    const r = await draftEntry(t, accountant, [
      { accountId: rent, debit: '1000.00', currency: 'USD' },
      { accountId: bank, credit: '2450500.00' },
    ]);
    expect(r.status).toBe(201);
    expect(r.body.data.total).toBe('2450500.00');
  });
});

describe('approving', () => {
  it('refuses the maker (403), posts for the checker with SPEC message, then 409 on a second approve', async () => {
    const draft = await draftEntry(t, manager, [
      { accountId: salaries, debit: '300000.00' },
      { accountId: bank, credit: '300000.00' },
    ]);
    expect(draft.status).toBe(403); // a finance manager holds no accounts.journal.create
    const admin = await sessionAs(t, 'Administrator');
    const own = await draftEntry(t, admin, [
      { accountId: salaries, debit: '300000.00' },
      { accountId: bank, credit: '300000.00' },
    ]);
    const self = await t.request('PATCH', `/accounts/journal-entries/${own.body.data.id}/approve`, {
      token: admin.access,
    });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('You entered this journal entry, so another person must approve it');
    const ok = await t.request<{ message: string; data: { status: string; approvedByName: string } }>(
      'PATCH',
      `/accounts/journal-entries/${own.body.data.id}/approve`,
      { token: manager.access },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe('Journal entry approved successfully');
    expect(ok.body.data.status).toBe('posted');
    const again = await t.request('PATCH', `/accounts/journal-entries/${own.body.data.id}/approve`, {
      token: manager.access,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This journal entry is already approved');
  });

  it('lets exactly one of two simultaneous approvers post; the other gets 409', async () => {
    const other = await sessionAs(t, 'Finance Manager');
    for (let round = 0; round < 5; round++) {
      const draft = await draftEntry(t, accountant, [
        { accountId: rent, debit: '1000.00' },
        { accountId: bank, credit: '1000.00' },
      ]);
      const path = `/accounts/journal-entries/${draft.body.data.id}/approve`;
      const results = await Promise.all([
        t.request('PATCH', path, { token: manager.access }),
        t.request('PATCH', path, { token: other.access }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [lines] = await queryRows(
        t.db,
        z.object({ n: z.string() }),
        sql`select count(*)::text as n from account_period_balances b join journal_lines l on l.account_id = b.account_id
            where l.entry_id = ${draft.body.data.id}`,
      );
      expect(Number(lines?.n)).toBe(2);
    }
  });
});

describe('reversing', () => {
  it('posts the mirror entry, links both, and the two net to zero on every account', async () => {
    const id = await postedEntry(t, accountant, manager, [
      { accountId: rent, debit: '750000.00' },
      { accountId: salaries, debit: '250000.00' },
      { accountId: bank, credit: '1000000.00' },
    ]);
    const r = await t.request<{
      message: string;
      data: {
        id: string;
        status: string;
        reversalOfId: string;
        lines: { accountCode: string; debit: string; credit: string }[];
      };
    }>('PATCH', `/accounts/journal-entries/${id}/reverse`, { token: manager.access, body: {} });
    expect(r.status).toBe(201);
    expect(r.body.message).toBe('Journal entry reversed successfully');
    expect(r.body.data).toMatchObject({ status: 'posted', reversalOfId: id, source: 'reversal' });
    expect(r.body.data.lines.map((l) => [l.accountCode, l.debit, l.credit])).toEqual([
      ['5101', '0.00', '750000.00'],
      ['5201', '0.00', '250000.00'],
      ['1101', '1000000.00', '0.00'],
    ]);
    const original = await t.request<{ data: { status: string; reversedById: string } }>(
      'GET',
      `/accounts/journal-entries/${id}`,
      {
        token: manager.access,
      },
    );
    expect(original.body.data).toMatchObject({ status: 'reversed', reversedById: r.body.data.id });
    const [net] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from (select account_id, sum(debit - credit) s from journal_lines
          where entry_id in (${id}, ${r.body.data.id}) group by account_id) x where s <> 0`,
    );
    expect(net?.n).toBe('0');
    const twice = await t.request('PATCH', `/accounts/journal-entries/${id}/reverse`, {
      token: manager.access,
      body: {},
    });
    expect(twice.status).toBe(409);
  });
});

describe('the list as a file (#20)', () => {
  it('names the file by book and day and prints what the screen shows, in the reader language', async () => {
    await postedEntry(t, accountant, manager, [
      { accountId: rent, debit: '450000.00' },
      { accountId: bank, credit: '450000.00' },
    ]);
    const sheetOf = async (lang: 'en' | 'sw') => {
      const file = await t.request('GET', '/accounts/journal-entries?book=operation&format=xlsx', {
        token: manager.access,
        lang,
      });
      expect(file.status).toBe(200);
      expect(file.headers.get('content-disposition')).toBe(
        `attachment; filename="OPERATION_JOURNAL_ENTRIES_${todayInTanzania()}.xlsx"`,
      );
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.raw);
      const sheet = workbook.worksheets[0];
      if (!sheet) throw new Error('no sheet');
      const headers = (sheet.getRow(1).values as unknown[]).slice(1);
      const posted = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(4).value !== null);
      if (!posted) throw new Error('no row');
      const cell = (header: string) => posted.getCell(headers.indexOf(header) + 1);
      return { headers, cell };
    };
    const en = await sheetOf('en');
    expect(en.headers.slice(0, 3)).toEqual(['Number', 'Date', 'Book']);
    expect(en.cell('Book').value).toBe('Operation');
    expect(en.cell('Status').value).toBe('Posted');
    expect(en.cell('Date').numFmt).toBe('mm/dd/yyyy');
    expect((en.cell('Date').value as Date).toISOString().slice(0, 10)).toBe(TODAY);

    const sw = await sheetOf('sw');
    expect(sw.headers).toContain('Hali');
    expect(sw.headers).toContain('Tarehe');
    expect(sw.headers).not.toContain('Status');
    expect(sw.cell('Hali').value).toBe('Imeingizwa vitabuni');
    expect(sw.cell('Hali').value).not.toBe('posted');
    expect(sw.cell('Tarehe').numFmt).toBe('dd/mm/yyyy');

    const csv = await t.request('GET', '/accounts/journal-entries?book=operation&format=csv', {
      token: manager.access,
      lang: 'sw',
    });
    const [y, m, d] = TODAY.split('-');
    expect(new TextDecoder().decode(csv.raw)).toContain(`,${d}/${m}/${y},Uendeshaji,`);
  });
});

describe('the database guards the ledger', () => {
  it('refuses to change or delete posted entries and lines, or add lines to them', async () => {
    const id = await postedEntry(t, accountant, manager, [
      { accountId: rent, debit: '5000.00' },
      { accountId: bank, credit: '5000.00' },
    ]);
    expect(
      await refusal(
        t.db.execute(sql`update journal_lines set debit = 6000 where entry_id = ${id} and debit > 0`),
      ),
    ).toBe('Posted journal lines cannot be changed or deleted');
    expect(await refusal(t.db.execute(sql`delete from journal_lines where entry_id = ${id}`))).toBe(
      'Posted journal lines cannot be changed or deleted',
    );
    expect(
      await refusal(t.db.execute(sql`update journal_entries set narration = 'x' where id = ${id}`)),
    ).toMatch(/^Posted journal entry JV-\d{4}-\d{6} cannot be changed; reverse it instead$/);
    expect(await refusal(t.db.execute(sql`delete from journal_entries where id = ${id}`))).toMatch(
      /cannot be deleted$/,
    );
    expect(
      await refusal(
        t.db.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, debit, credit, currency_amount)
          values (gen_random_uuid(), ${id}, 3, ${rent}, ${TODAY}, 1, 0, 1)`),
      ),
    ).toBe('Lines cannot be added to a posted journal entry');
  });

  it('refuses, at commit, a posted entry that does not balance, even written by direct SQL', async () => {
    const before = await count('journal_entries');
    expect(
      await refusal(
        t.db.transaction(async (tx) => {
          const [fy] = await queryRows(
            tx,
            z.object({ id: z.string() }),
            sql`select id from financial_years where status = 'open'`,
          );
          await tx.execute(sql`insert into journal_lines (id, entry_id, line_no, account_id, entry_date, posted, debit, credit, currency_amount)
          values (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 1, ${rent}, ${TODAY}, true, 100, 0, 100),
                 (gen_random_uuid(), '00000000-0000-7000-8000-000000000001', 2, ${bank}, ${TODAY}, true, 0, 90, 90)`);
          await tx.execute(sql`insert into journal_entries (id, number, entry_date, book, financial_year_id, narration, source, status, total)
          values ('00000000-0000-7000-8000-000000000001', 'SQL-1', ${TODAY}, 'operation', ${fy?.id}, 'by hand', 'journal', 'posted', 100)`);
        }),
      ),
    ).toMatch(/does not balance: debits 100.00 and credits 90.00 over 2 lines$/);
    const draft = await draftEntry(t, accountant, [
      { accountId: rent, debit: '100.00' },
      { accountId: bank, credit: '100.00' },
    ]);
    expect(
      await refusal(
        t.db.transaction(async (tx) => {
          await tx.execute(
            sql`update journal_lines set credit = 90, currency_amount = 90 where entry_id = ${draft.body.data.id} and credit > 0`,
          );
          await tx.execute(
            sql`update journal_lines set posted = true where entry_id = ${draft.body.data.id}`,
          );
          await tx.execute(
            sql`update journal_entries set status = 'posted' where id = ${draft.body.data.id}`,
          );
        }),
      ),
    ).toMatch(/does not balance/);
    expect(await count('journal_entries')).toBe(before + 1);
  });
});

describe('postBusinessEvent', () => {
  it('posts a sales invoice into the collection book from the mappings: Dr 1201 / Cr 2201', async () => {
    const { id } = await t.db.transaction((tx) =>
      postBusinessEvent(tx, {
        type: 'sales_invoice',
        amount: '12500000.00',
        date: TODAY,
        narration: 'INV-1: 5,000 kg x 2,500',
        sourceType: 'sales_invoice',
        sourceId: '00000000-0000-7000-8000-0000000000aa',
        actorId: accountant.userId,
        party: { type: 'buyer', name: 'Olam Tanzania' },
      }),
    );
    expect(await entryNumber(t.db, id)).toMatch(/^JV-\d{4}-\d{6}$/);
    const entry = await t.request<{
      data: {
        status: string;
        book: string;
        lines: { accountCode: string; debit: string; credit: string; partyName: string }[];
      };
    }>('GET', `/accounts/journal-entries/${id}`, { token: manager.access });
    expect(entry.body.data).toMatchObject({ status: 'posted', book: 'collection', source: 'event' });
    expect(entry.body.data.lines.map((l) => [l.accountCode, l.debit, l.credit, l.partyName])).toEqual([
      ['1201', '12500000.00', '0.00', 'Olam Tanzania'],
      ['2201', '0.00', '12500000.00', 'Olam Tanzania'],
    ]);
  });

  it('writes a system narration from its template in both languages; each reader sees theirs (#20)', async () => {
    const { id } = await t.db.transaction((tx) =>
      postBusinessEvent(tx, {
        type: 'sales_invoice',
        amount: '1000.00',
        date: TODAY,
        narration: narrate('salesInvoice', { invoiceNo: 'SI-2026-000042', buyer: 'Olam Tanzania' }),
        sourceType: 'sales_invoice',
        sourceId: '00000000-0000-7000-8000-0000000000ab',
        actorId: accountant.userId,
        party: { type: 'buyer', name: 'Olam Tanzania' },
      }),
    );
    const narrationAs = async (lang: 'en' | 'sw') =>
      (
        await t.request<{ data: { narration: string } }>('GET', `/accounts/journal-entries/${id}`, {
          token: manager.access,
          lang,
        })
      ).body.data.narration;
    expect(await narrationAs('en')).toBe('Sales invoice SI-2026-000042 to Olam Tanzania');
    expect(await narrationAs('sw')).toBe('Ankara ya mauzo SI-2026-000042 kwa Olam Tanzania');
    // The list shows and finds it in the reader's language too; a person's own words stay as written.
    const listed = await t.request<{ data: { id: string; narration: string }[] }>(
      'GET',
      '/accounts/journal-entries?search=Ankara%20ya%20mauzo%20SI-2026-000042',
      { token: manager.access, lang: 'sw' },
    );
    expect(listed.body.data.map((r) => [r.id, r.narration])).toEqual([
      [id, 'Ankara ya mauzo SI-2026-000042 kwa Olam Tanzania'],
    ]);
    const own = await postedEntry(t, accountant, manager, [
      { accountId: rent, debit: '10.00' },
      { accountId: bank, credit: '10.00' },
    ]);
    const ownAs = await t.request<{ data: { narration: string } }>(
      'GET',
      `/accounts/journal-entries/${own}`,
      {
        token: manager.access,
        lang: 'sw',
      },
    );
    expect(ownAs.body.data.narration).not.toBe('');
    expect(ownAs.body.data.narration).not.toContain('Ankara');
    // The default accounts the system created read in Swahili too (their name_sw).
    const lines = await t.request<{ data: { lines: { accountCode: string; accountName: string }[] } }>(
      'GET',
      `/accounts/journal-entries/${own}`,
      { token: manager.access, lang: 'sw' },
    );
    expect(lines.body.data.lines.map((l) => [l.accountCode, l.accountName])).toEqual([
      ['5101', 'Kodi ya ofisi'],
      ['1101', 'Akaunti ya benki ya uendeshaji'],
    ]);
  });

  it('numbers at commit: provisional inside, next gap-free number after, none on rollback', async () => {
    const grn = (n: number) => ({
      type: 'goods_received' as const,
      amount: '1000.00',
      date: TODAY,
      narration: `GRN ${n}`,
      sourceType: 'grn',
      sourceId: `00000000-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
      actorId: null,
    });
    const last = async () =>
      Number(
        (
          await queryRows(
            t.db,
            z.object({ n: z.string() }),
            sql`select coalesce(max(last_value), 0)::text as n from document_sequences where type = 'JV'`,
          )
        )[0]?.n,
      );
    const balance = async () =>
      (
        await queryRows(
          t.db,
          z.object({ d: z.string() }),
          sql`select coalesce(sum(b.debit), 0)::text as d from account_period_balances b
              join account_mappings m on m.account_id = b.account_id and m.key = 'inventory'`,
        )
      )[0]?.d;
    const mapped = async (key: string) =>
      (
        await queryRows(
          t.db,
          z.object({ id: z.string() }),
          sql`select account_id as id from account_mappings where key = ${key}`,
        )
      )[0]?.id ?? '';
    const [inventory, grni] = [await mapped('inventory'), await mapped('grni')];
    const before = await last();
    const inventoryBefore = await balance();
    let inside = '';
    const { id } = await t.db.transaction(async (tx) => {
      const posted = await postBusinessEvent(tx, grn(1));
      inside = (await entryNumber(tx, posted.id)).replace(/[0-9a-f-]{36}$/, '<id>');
      return posted;
    });
    expect(inside).toBe(`~${THIS_YEAR}~<id>`);
    expect(await entryNumber(t.db, id)).toBe(`JV-${THIS_YEAR}-${String(before + 1).padStart(6, '0')}`);
    // Rolled back after posting: no number is used up.
    await expect(
      t.db.transaction(async (tx) => {
        await postBusinessEvent(tx, grn(2));
        throw new Error('the business action failed later');
      }),
    ).rejects.toThrow('the business action failed later');
    expect(await last()).toBe(before + 1);
    // Ten at once, beside entries numbered in their statement (a manual entry's writeEntry):
    // distinct, consecutive numbers.
    const ids = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.db.transaction(async (tx) =>
          i % 2 === 0
            ? (await postBusinessEvent(tx, grn(10 + i))).id
            : (
                await writeEntry(
                  tx,
                  {
                    entryDate: TODAY,
                    book: 'operation',
                    narration: `Manual ${i}`,
                    source: 'journal',
                    createdBy: null,
                    lines: [
                      { accountId: inventory, debit: '1000.00' },
                      { accountId: grni, credit: '1000.00' },
                    ],
                  },
                  null,
                )
              ).id,
        ),
      ),
    );
    const numbers = await Promise.all(ids.map((x) => entryNumber(t.db, x)));
    expect(numbers.map((n) => Number(n.slice(8))).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => before + 2 + i),
    );
    // Eleven postings of 1,000.00 into inventory, one balance statement each.
    expect(await balance()).toBe(
      dec(inventoryBefore ?? '0')
        .plus(11_000)
        .toFixed(2),
    );
  });

  it('writes nothing when it refuses, even if the caller went on and committed (one guarded statement)', async () => {
    const sourceId = '00000000-0000-7000-8000-0000000000cc';
    const grn = {
      type: 'goods_received' as const,
      amount: '100.00',
      date: TODAY,
      narration: 'GRN',
      sourceType: 'grn',
      sourceId,
      actorId: null,
    };
    const collectionAccount = await accountId(t, 'collection', '1201');
    const cases: {
      setup: ReturnType<typeof sql> | null;
      event: Parameters<typeof postBusinessEvent>[1];
      refusal: string;
    }[] = [
      { setup: null, event: { ...grn, date: '1999-06-30' }, refusal: 'No financial year covers 1999-06-30' },
      {
        setup: sql`update financial_years set operation_locked_until = ${TODAY}::date where status = 'open'`,
        event: grn,
        refusal: `The operation book is locked up to ${TODAY}`,
      },
      {
        setup: sql`update financial_years set status = 'closed' where status = 'open'`,
        event: grn,
        refusal: 'is closed',
      },
      {
        setup: sql`delete from account_mappings where key = 'grni'`,
        event: grn,
        refusal: 'No account is mapped to grni; set it in the account mappings',
      },
      {
        setup: sql`update accounts set active = false where id = (select account_id from account_mappings where key = 'grni')`,
        event: grn,
        refusal: 'Line 2: the account 2102 is inactive',
      },
      {
        setup: sql`update account_mappings set account_id = ${collectionAccount} where key = 'grni'`,
        event: grn,
        refusal: 'Line 2: the account 1201 is not in the operation book',
      },
      {
        setup: null,
        event: {
          type: 'buyer_receipt',
          amount: '100.00',
          date: TODAY,
          narration: 'RCT',
          sourceType: 'receipt',
          sourceId,
          actorId: null,
          bankAccountId: '00000000-0000-7000-8000-0000000000dd',
        },
        refusal: 'Line 1: the account does not exist',
      },
    ];
    for (const c of cases) {
      const written = await t.db
        .transaction(async (tx) => {
          if (c.setup) await tx.execute(c.setup);
          const refused = await postBusinessEvent(tx, c.event).then(
            () => 'posted',
            (error: Error) => error.message,
          );
          expect(refused).toContain(c.refusal);
          // The caller caught the refusal and carried on: its transaction holds no line or entry.
          const [rows] = await queryRows(
            tx,
            z.object({ n: z.string() }),
            sql`select ((select count(*) from journal_entries where source_id = ${sourceId})
              + (select count(*) from journal_lines l join journal_entries e on e.id = l.entry_id
                 where e.source_id = ${sourceId}))::text as n`,
          );
          throw new Error(`rows ${rows?.n}`);
        })
        .catch((error: Error) => error.message);
      expect([c.refusal, written]).toEqual([c.refusal, 'rows 0']);
    }
  });

  it('fails the whole business action when it cannot post', async () => {
    const before = await count('journal_entries');
    await expect(
      t.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into document_sequences (type, year, last_value) values ('BUSINESS', 1, 1)`,
        );
        await tx.execute(sql`delete from account_mappings where key = 'grni'`);
        await postBusinessEvent(tx, {
          type: 'goods_received',
          amount: '100.00',
          date: TODAY,
          narration: 'GRN',
          sourceType: 'grn',
          sourceId: '00000000-0000-7000-8000-0000000000bb',
          actorId: null,
        });
      }),
    ).rejects.toThrow('No account is mapped to grni; set it in the account mappings');
    expect(await count('journal_entries')).toBe(before);
    const [kept] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from document_sequences where type = 'BUSINESS'`,
    );
    expect(kept?.n).toBe('0');
    const [mapping] = await queryRows(
      t.db,
      z.object({ n: z.string() }),
      sql`select count(*)::text as n from account_mappings where key = 'grni'`,
    );
    expect(mapping?.n).toBe('1');
  });
});
