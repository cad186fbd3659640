import { toGroupedAmount } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { queryRows } from '../db/rows.ts';
import { groupedAmountSql } from './sms-texts.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('groupedAmountSql', () => {
  it('writes every amount as toGroupedAmount does (a settlement builds its SMS in SQL)', async () => {
    const amounts = [
      '0',
      '0.00',
      '-0.004',
      '0.005',
      '-0.005',
      '0.1',
      '0.10',
      '5',
      '999.995',
      '1000',
      '1234.5',
      '1234567.00',
      '-1234.56',
      '50000.00',
      '100000000.01',
      '12345678901234.99',
    ];
    const rows = await queryRows(
      t.db,
      z.object({ amount: z.string(), text: z.string() }),
      sql`select v.amount, ${groupedAmountSql(sql`v.amount::numeric`)} as text
          from unnest(${sql.param(amounts)}::text[]) as v(amount)`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.amount, r.text]))).toEqual(
      Object.fromEntries(amounts.map((a) => [a, toGroupedAmount(a)])),
    );
  });
});
