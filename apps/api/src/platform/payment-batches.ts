import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';

/**
 * Pieces of payment batches (settlement/payments) that another module drafting a batch needs too
 * (#32, an appropriation's dividends), here so that module need not import settlement.
 */

/** How a payee is paid: bank when they have a bank and an account, else mobile money, else unpayable. */
export const methodSql = (bank: string, account: string, phone: string) =>
  sql.raw(
    `case when ${bank} is not null and coalesce(${account}, '') <> '' then 'bank' when coalesce(${phone}, '') <> '' then 'mobile' else 'none' end`,
  );

/** Keeps a batch's line count and total equal to its lines. */
export async function refreshBatchTotals(tx: DbOrTx, batchId: string): Promise<void> {
  await tx.execute(sql`
    update payment_batches b set line_count = x.n, total = x.total, updated_at = now()
    from (select count(*)::int as n, coalesce(sum(amount), 0) as total from payment_lines where batch_id = ${batchId}) x
    where b.id = ${batchId}`);
}
