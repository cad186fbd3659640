import type { BankCover, FarmerLoan, LoanBankAccount } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { makeAmcos, type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import type { Listed } from '../../../../test/master-data.ts';
import {
  makeFarmers,
  makeSettlementWorld,
  type SettlementWorld,
} from '../../../../test/settlement-fixtures.ts';
import { countRow, queryRows } from '../../../db/rows.ts';
import { systemActor } from '../../../platform/access.ts';
import { accountId, THIS_YEAR } from '../../accounts/testing.ts';
import { farmerLoans } from '../schema.ts';
import { backfillLoanPostings } from './backfill-loan-postings.ts';

/** Cash advances (#16): a named bank or cash account, maker-checker, posted in the right book. */

let t: TestApp;
let officer: Session;
let finance: Session;
let admin: Session;
let manager: Session;
let otherManager: Session;
let world: SettlementWorld;
let farmers: { id: string; farmerNo: string }[];
let collectionBank: string;
let operationBank: string;

beforeAll(async () => {
  t = await startTestApp();
  officer = await sessionAs(t, 'Settlement Officer');
  finance = await sessionAs(t, 'Finance Manager');
  admin = await sessionAs(t, 'Administrator');
  world = await makeSettlementWorld(t.db);
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: world.amcosId });
  otherManager = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
  farmers = await makeFarmers(t.db, world, ['bank', 'mobile']);
  collectionBank = await accountId(t, 'collection', '1101');
  operationBank = await accountId(t, 'operation', '1101');
});
afterAll(() => t.close());

const advance = (session: Session, body: Record<string, unknown>) =>
  t.request<{ data: FarmerLoan; message: string; errors?: Record<string, string[]> }>(
    'POST',
    '/payments/loans',
    {
      token: session.access,
      body: { farmerId: farmers[0]?.id, issuedOn: `${THIS_YEAR}-03-10`, reason: 'Cash advance', ...body },
    },
  );
const approve = (session: Session, id: string) =>
  t.request<{ data: FarmerLoan; message: string }>('PATCH', `/payments/loans/${id}/approve`, {
    token: session.access,
  });

/** An entry's lines as [book, account code, debit, credit], for one source. */
async function postedLines(sourceType: string, sourceId: string) {
  return (
    await queryRows(
      t.db,
      z.object({ book: z.string(), code: z.string(), debit: z.string(), credit: z.string() }),
      sql`select e.book, a.code, l.debit::text as debit, l.credit::text as credit
          from journal_entries e join journal_lines l on l.entry_id = e.id join accounts a on a.id = l.account_id
          where e.source_type = ${sourceType} and e.source_id = ${sourceId} and e.status = 'posted'
          order by e.book, a.code`,
    )
  ).map((r) => [r.book, r.code, r.debit, r.credit]);
}

describe('cash advances', () => {
  it('lists the bank and cash accounts of both books to pay an advance from', async () => {
    const r = await t.request<{ data: LoanBankAccount[] }>('GET', '/payments/loans/bank-accounts', {
      token: officer.access,
    });
    expect(r.status).toBe(200);
    expect(r.body.data.map((a) => `${a.book} ${a.code}`)).toEqual(
      expect.arrayContaining(['collection 1101', 'collection 1102', 'operation 1101', 'operation 1102']),
    );
    expect(r.body.data.some((a) => a.code === '1401')).toBe(false);
    expect((await t.request('GET', '/payments/loans/bank-accounts', { token: manager.access })).status).toBe(
      403,
    );
  });

  it('refuses an advance without a bank or cash account, or from another kind of account', async () => {
    const none = await advance(officer, { amount: '150000' });
    expect(none.status).toBe(400);
    expect(none.body.errors?.bankAccountId).toEqual([
      'Choose the bank or cash account the advance is paid from',
    ]);
    const loans = await accountId(t, 'collection', '1401');
    const wrong = await advance(officer, { amount: '150000', bankAccountId: loans });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Choose a bank or cash account to pay the advance from');
    const [count] = await queryRows(t.db, countRow, sql`select count(*)::int as n from farmer_loans`);
    expect(count?.n).toBe(0);
  });

  it('is a draft until another person approves it; approval posts Dr 1401 / Cr the collection bank', async () => {
    // The administrator may both enter and approve advances, but not the same one.
    const made = await advance(admin, { amount: '150000', bankAccountId: collectionBank });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      status: 'draft',
      amount: '150000.00',
      outstanding: '150000.00',
      bankAccountId: collectionBank,
      bankAccountName: '1101 Crop collection bank account',
      journalEntryId: null,
    });
    const id = made.body.data.id;
    expect(await postedLines('farmer_loan', id)).toEqual([]);
    expect((await approve(officer, id)).status).toBe(403);
    const own = await approve(admin, id);
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You entered this advance, so another person must approve it');
    expect((await approve(manager, id)).status).toBe(403);
    // Two approvers at once: one posts, the other is told it is done.
    const [a, b] = await Promise.all([approve(finance, id), approve(finance, id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body.message).toBe('This loan is already approved');
    const loan = (a.status === 200 ? a : b).body.data;
    expect(loan).toMatchObject({ status: 'active', approvedBy: finance.userId });
    expect(loan.journalEntryId).not.toBeNull();
    // 150,000 out of the collection bank into the farmer's loan, one entry, one book
    expect(await postedLines('farmer_loan', id)).toEqual([
      ['collection', '1101', '0.00', '150000.00'],
      ['collection', '1401', '150000.00', '0.00'],
    ]);
  });

  it('paid from the operation bank, posts in both books through due-to / due-from', async () => {
    const made = await advance(officer, {
      farmerId: farmers[1]?.id,
      amount: '80000.50',
      bankAccountId: operationBank,
    });
    expect(made.status).toBe(201);
    expect((await approve(finance, made.body.data.id)).status).toBe(200);
    // Collection: Dr farmer loans / Cr due to Operation; Operation: Dr due from Collection / Cr bank
    expect(await postedLines('farmer_loan', made.body.data.id)).toEqual([
      ['collection', '1401', '80000.50', '0.00'],
      ['collection', '2105', '0.00', '80000.50'],
      ['operation', '1101', '0.00', '80000.50'],
      ['operation', '1204', '80000.50', '0.00'],
    ]);
  });

  it('cancels a draft (never an approved loan); only approved loans are outstanding', async () => {
    const made = await advance(officer, { amount: '5000', bankAccountId: collectionBank });
    const cancel = (id: string) =>
      t.request<{ data: FarmerLoan }>('PATCH', `/payments/loans/${id}/cancel`, {
        token: officer.access,
        body: { reason: 'Typed twice' },
      });
    const draftOnly = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans?status=draft', {
      token: officer.access,
    });
    expect(draftOnly.body.data.map((l) => l.id)).toEqual([made.body.data.id]);
    const outstanding = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans?outstanding=true', {
      token: officer.access,
    });
    expect(outstanding.body.data.map((l) => l.amount).sort()).toEqual(['150000.00', '80000.50']);
    expect((await cancel(made.body.data.id)).body.data.status).toBe('cancelled');
    expect((await approve(finance, made.body.data.id)).status).toBe(409);
    const approvedId = outstanding.body.data[0]?.id as string;
    expect((await cancel(approvedId)).status).toBe(409);
  });

  it('keeps each society to its own farmers’ loans', async () => {
    const own = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans', { token: manager.access });
    expect(own.body.data).toHaveLength(3);
    const other = await t.request<Listed<FarmerLoan>>('GET', '/payments/loans', {
      token: otherManager.access,
    });
    expect(other.body.data).toEqual([]);
    const id = own.body.data[0]?.id as string;
    expect((await t.request('GET', `/payments/loans/${id}`, { token: otherManager.access })).status).toBe(
      403,
    );
    expect((await approve(otherManager, id)).status).toBe(403);
    expect(
      (
        await t.request('PATCH', `/payments/loans/${id}/cancel`, {
          token: otherManager.access,
          body: { reason: 'x' },
        })
      ).status,
    ).toBe(403);
  });
});

describe('loans made before advances were posted (data migration)', () => {
  it('posts each on its issue date, or on the first open day when its period is locked, once', async () => {
    const legacy = async (loanNo: string, issuedOn: string, amount: string) =>
      (
        await t.db
          .insert(farmerLoans)
          .values({
            loanNo,
            farmerId: farmers[0]?.id as string,
            amcosId: world.amcosId,
            issuedOn,
            amount,
            reason: 'Old advance',
            source: 'cash_advance',
            status: 'active',
          })
          .returning({ id: farmerLoans.id })
      )[0]?.id as string;
    const open = await legacy('LN-OLD-1', `${THIS_YEAR}-02-01`, '40000');
    const locked = await legacy('LN-OLD-2', `${THIS_YEAR}-01-05`, '25000');
    await t.db.execute(
      sql`update financial_years set collection_locked_until = ${`${THIS_YEAR}-01-31`}::date where status = 'open'`,
    );
    try {
      expect(await backfillLoanPostings(t.db, systemActor)).toBe(2);
      expect(await backfillLoanPostings(t.db, systemActor)).toBe(0);
    } finally {
      await t.db.execute(sql`update financial_years set collection_locked_until = null`);
    }
    const entries = await queryRows(
      t.db,
      z.object({ loanNo: z.string(), date: z.string(), narration: z.string() }),
      sql`select l.loan_no as "loanNo", e.entry_date::text as date, e.narration
          from farmer_loans l join journal_entries e on e.id = l.journal_entry_id
          where l.id in (${open}, ${locked}) order by l.loan_no`,
    );
    expect(entries).toEqual([
      {
        loanNo: 'LN-OLD-1',
        date: `${THIS_YEAR}-02-01`,
        narration: 'Loan LN-OLD-1: Old advance (posted by the #16 migration)',
      },
      {
        loanNo: 'LN-OLD-2',
        date: `${THIS_YEAR}-02-01`,
        narration: `Loan LN-OLD-2 issued ${THIS_YEAR}-01-05, posted ${THIS_YEAR}-02-01 (its period is closed): Old advance`,
      },
    ]);
    expect(await postedLines('farmer_loan', locked)).toEqual([
      ['collection', '1101', '0.00', '25000.00'],
      ['collection', '1401', '25000.00', '0.00'],
    ]);
  });
  it('warns when the bank cannot cover an advance, and refuses it when the union says so (issue 37)', async () => {
    const settings = (refuse: boolean) =>
      t.request('PUT', '/payments/settings', {
        token: admin.access,
        body: { payFarmersThrough: 'central', smsFarmers: true, refuseUncoveredPayments: refuse },
      });
    const made = await advance(officer, { amount: '1000000000', bankAccountId: collectionBank });
    expect(made.status).toBe(201);
    const { id, loanNo } = made.body.data;
    expect((await settings(true)).status).toBe(200);
    // What the approve confirmation shows: the account's book balance now and after the advance.
    const cover = await t.request<{ data: BankCover }>('GET', `/payments/loans/${id}/bank-cover`, {
      token: finance.access,
    });
    expect(cover.status).toBe(200);
    const { balance } = cover.body.data;
    expect(cover.body.data).toEqual({
      account: '1101 Crop collection bank account',
      balance,
      amount: '1000000000.00',
      after: dec(balance).minus('1000000000').toFixed(2),
      covered: false,
      refuse: true,
    });
    for (const other of [manager, officer])
      expect(
        (await t.request('GET', `/payments/loans/${id}/bank-cover`, { token: other.access })).status,
      ).toBe(403);
    const refused = await approve(finance, id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      new RegExp(
        `^1101 Crop collection bank account holds -?[\\d,]+\\.\\d{2} in the books, less than the 1,000,000,000.00 of cash advance ${loanNo}: the union's settings refuse payments the bank cannot cover$`,
      ),
    );
    expect(await postedLines('farmer_loan', id)).toEqual([]);
    expect((await settings(false)).status).toBe(200);
    const warned = await t.request<{ data: FarmerLoan; warning?: string }>(
      'PATCH',
      `/payments/loans/${id}/approve`,
      {
        token: finance.access,
      },
    );
    expect(warned.status).toBe(200);
    expect(warned.body.data.status).toBe('active');
    expect(warned.body.warning).toMatch(
      /less than the 1,000,000,000.00 of cash advance .*: it goes below zero$/,
    );
  });
});
