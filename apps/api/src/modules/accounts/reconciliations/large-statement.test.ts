import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CSV_MAPPING } from '../../../../test/bank-statements.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../../test/harness.ts';
import { queryRows } from '../../../db/rows.ts';
import { accountId } from '../testing.ts';

/**
 * A statement large enough to be read on a worker thread (#38: parsing holds the event loop every
 * clerk's request needs): the same lines, the same refusals as a small one.
 */
const LINES = 8_000;
let t: TestApp;
let accountant: Session;
let bank: string;

/** 8,000 deposits of 1,000.00 + n cents over March, with the running balance: about 500 kB of CSV. */
function statement(): string {
  let balance = 0n;
  const rows = ['Txn Date,Value Date,Reference,Narrative,Debit,Credit,Balance'];
  for (let n = 1; n <= LINES; n++) {
    const cents = 100_000n + BigInt(n % 100);
    balance += cents;
    const money = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
    const day = String(1 + (n % 28)).padStart(2, '0');
    rows.push(
      `${day}/03/2026,${day}/03/2026,BIG-${n},Deposit number ${n} from a society,,${money(cents)},${money(balance)}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

beforeAll(async () => {
  t = await startTestApp();
  accountant = await sessionAs(t, 'Accountant');
  bank = await accountId(t, 'operation', '1101');
});
afterAll(() => t.close());

describe('a large bank statement', () => {
  it('is read off the event loop with the same lines and refusals as a small one', async () => {
    const file = statement();
    expect(file.length).toBeGreaterThan(256 * 1024);
    const bad = file.replace(
      'BIG-7000,Deposit number 7000 from a society,,1000.00',
      'BIG-7000,Deposit,,1000.001',
    );
    const refused = await t.request<{ message: string }>('POST', '/accounts/bank-reconciliation/statements', {
      token: accountant.access,
      body: { accountId: bank, format: 'csv', content: bad, mapping: CSV_MAPPING },
    });
    expect([refused.status, refused.body.message]).toEqual([
      400,
      'Line 7001: "1000.001" has a fraction of a cent',
    ]);
    const r = await t.request<{ data: { linesRead: number; linesAdded: number } }>(
      'POST',
      '/accounts/bank-reconciliation/statements',
      {
        token: accountant.access,
        body: { accountId: bank, format: 'csv', content: file, mapping: CSV_MAPPING },
      },
    );
    expect(r.status).toBe(201);
    expect(r.body.data).toMatchObject({ linesRead: LINES, linesAdded: LINES });
    // 8,000 x 1,000.00 + (0 + 1 + ... + 99 cents) x 80 = 8,000,000.00 + 3,960.00.
    const [sum] = await queryRows(
      t.db,
      z.object({ total: z.string(), n: z.number() }),
      sql`select sum(amount_in)::text as total, count(*)::int as n from bank_statement_lines where account_id = ${bank}`,
    );
    expect(sum).toEqual({ total: '8003960.00', n: LINES });
  }, 60_000);
});
