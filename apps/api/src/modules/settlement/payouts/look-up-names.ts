import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { namesMatch } from './name-match.ts';
import { inParallel } from './parallel.ts';
import type { PayoutProvider } from './provider.ts';

const pendingRow = z.object({
  id: z.string(),
  payeeName: z.string(),
  method: z.enum(['bank', 'mobile']),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
});

/**
 * Looks up the account holder's name of pending lines: a matching name moves the line on to be
 * sent; another name, or no account, holds it for a person. A lookup pays nothing, so one repeated
 * after a restart does no harm; the state changes only from pending.
 */
export async function lookUpNames(db: DbOrTx, provider: PayoutProvider, limit: number): Promise<number> {
  const lines = await queryRows(
    db,
    pendingRow,
    sql`select pl.id, pl.payee_name as "payeeName", pl.method, pl.phone, pl.bank_name as "bankName",
          pl.account_no as "accountNo"
        from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
        where po.state = 'pending' order by po.batch_id, po.payment_line_id limit ${limit}`,
  );
  await inParallel(lines, 50, async (line) => {
    const found = await provider.nameLookup(
      { channel: line.method, phone: line.phone, bankName: line.bankName, accountNo: line.accountNo },
      line.payeeName,
    );
    const name = found.found ? found.name : null;
    const state = name && namesMatch(line.payeeName, name) ? 'looked_up' : 'held_name';
    await db.execute(sql`update payout_lines set state = ${state}, looked_up_name = ${name}, updated_at = now()
      where payment_line_id = ${line.id} and state = 'pending'`);
  });
  return lines.length;
}
