import { dec } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { StatementLine } from './document-pdf.ts';

/**
 * An account statement between two dates over `moves` (a select of d, doc, what, debit, credit,
 * at): the opening balance before `from`, the lines in date order with the running balance, and
 * the closing balance. `grows` is the side that raises the balance (debit for what a buyer owes
 * the union, credit for what the union owes a supplier).
 */
export async function runningStatement(
  db: DbOrTx,
  moves: SQL,
  from: string,
  to: string,
  grows: 'debit' | 'credit',
): Promise<{ opening: string; closing: string; lines: StatementLine[] }> {
  const net = grows === 'debit' ? sql`debit - credit` : sql`credit - debit`;
  const [opening] = await queryRows(
    db,
    z.object({ amount: z.string() }),
    sql`select coalesce(sum(${net}), 0)::numeric(16,2)::text as amount from (${moves}) m where m.d < ${from}::date`,
  );
  const rows = await queryRows(
    db,
    z.object({
      date: z.string(),
      document: z.string(),
      description: z.string(),
      debit: z.string(),
      credit: z.string(),
    }),
    sql`select d::text as date, doc as document, what as description,
          debit::numeric(16,2)::text as debit, credit::numeric(16,2)::text as credit
        from (${moves}) m where m.d between ${from}::date and ${to}::date order by m.d, m.at, m.doc`,
  );
  let balance = dec(opening?.amount ?? '0');
  const lines: StatementLine[] = rows.map((r) => {
    balance =
      grows === 'debit'
        ? balance.plus(dec(r.debit)).minus(dec(r.credit))
        : balance.plus(dec(r.credit)).minus(dec(r.debit));
    return { ...r, balance: balance.toFixed(2) };
  });
  return { opening: dec(opening?.amount ?? '0').toFixed(2), closing: balance.toFixed(2), lines };
}
