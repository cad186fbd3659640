import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { accountId, TODAY } from '../testing.ts';

/**
 * A bank transfer between the books posts one entry per book, each balanced through due to
 * Operation (Collection 2105) / due from Collection (Operation 1204), in both directions (#16, #32):
 * Collection → Operation 300,000.00 (the union's income out of the collection bank), then
 * Operation → Collection 500,000.00 (funding a second payment's batch, which the collection bank
 * pays). After both: the collection bank +200,000.00, the operation bank -200,000.00, 2105 a credit
 * of 200,000.00 and 1204 a debit of 200,000.00 (the Collection book owes the Operation book).
 */
let t: TestApp;
let accountant: Session;
let manager: Session;
let collectionBank: string;
let operationBank: string;

/** An account's balance, debit - credit. */
const balanceOf = async (book: 'collection' | 'operation', code: string) => {
  const [row] = await queryRows(
    t.db,
    z.object({ balance: z.string() }),
    sql`select coalesce(sum(b.debit - b.credit), 0)::numeric(18,2)::text as balance
        from account_period_balances b join accounts a on a.id = b.account_id
        where a.book = ${book} and a.code = ${code}`,
  );
  return row?.balance;
};
const balances = async () => ({
  collectionBank: await balanceOf('collection', '1101'),
  dueToOperation: await balanceOf('collection', '2105'),
  operationBank: await balanceOf('operation', '1101'),
  dueFromCollection: await balanceOf('operation', '1204'),
});
const controlDifferences = async () => {
  const r = await t.request<{ data: { checks: { key: string; difference: string }[] } }>(
    'GET',
    '/reports/control-accounts',
    { token: accountant.access },
  );
  expect(r.status).toBe(200);
  return r.body.data.checks.filter((c) => c.difference !== '0.00').map((c) => c.key);
};
async function transfer(fromAccountId: string, toAccountId: string, amount: string) {
  const r = await t.request<{ data: { id: string } }>('POST', '/accounts/bank-transfers', {
    token: accountant.access,
    body: { transferDate: TODAY, fromAccountId, toAccountId, amount, narration: 'Between the books' },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const ok = await t.request<{ data: { status: string } }>(
    'PATCH',
    `/accounts/bank-transfers/${r.body.data.id}/approve`,
    { token: manager.access },
  );
  expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  return queryRows(
    t.db,
    z.object({ book: z.string(), code: z.string(), debit: z.string(), credit: z.string() }),
    sql`select e.book, a.code, l.debit::text as debit, l.credit::text as credit
        from journal_lines l join journal_entries e on e.id = l.entry_id join accounts a on a.id = l.account_id
        where e.source_type = 'bank_transfer' and e.source_id = ${r.body.data.id} and e.status = 'posted'
        order by e.book, l.debit desc, a.code`,
  ).then((rows) => rows.map((l) => [l.book, l.code, l.debit, l.credit]));
}

beforeAll(async () => {
  t = await startTestApp();
  [accountant, manager] = await Promise.all([sessionAs(t, 'Accountant'), sessionAs(t, 'Finance Manager')]);
  [collectionBank, operationBank] = await Promise.all([
    accountId(t, 'collection', '1101'),
    accountId(t, 'operation', '1101'),
  ]);
});
afterAll(() => t.close());

describe('a bank transfer between the books, both ways', () => {
  it('Collection → Operation: Dr 2105 / Cr collection bank; Dr operation bank / Cr 1204', async () => {
    expect(await transfer(collectionBank, operationBank, '300000.00')).toEqual([
      ['collection', '2105', '300000.00', '0.00'],
      ['collection', '1101', '0.00', '300000.00'],
      ['operation', '1101', '300000.00', '0.00'],
      ['operation', '1204', '0.00', '300000.00'],
    ]);
    expect(await balances()).toEqual({
      collectionBank: '-300000.00',
      dueToOperation: '300000.00',
      operationBank: '300000.00',
      dueFromCollection: '-300000.00',
    });
    expect(await controlDifferences()).toEqual([]);
  });

  it('Operation → Collection: Dr collection bank / Cr 2105; Dr 1204 / Cr operation bank', async () => {
    expect(await transfer(operationBank, collectionBank, '500000.00')).toEqual([
      ['collection', '1101', '500000.00', '0.00'],
      ['collection', '2105', '0.00', '500000.00'],
      ['operation', '1204', '500000.00', '0.00'],
      ['operation', '1101', '0.00', '500000.00'],
    ]);
    expect(await balances()).toEqual({
      collectionBank: '200000.00',
      dueToOperation: '-200000.00',
      operationBank: '-200000.00',
      dueFromCollection: '200000.00',
    });
    expect(await controlDifferences()).toEqual([]);
  });
});
