import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { namesMatch } from './name-match.ts';
import { inParallel } from './parallel.ts';
import type { PayoutProvider } from './provider.ts';

/** A line's payee and the account it is paid to. */
export const payeeRow = z.object({
  id: z.string(),
  payeeName: z.string(),
  method: z.enum(['bank', 'mobile']),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
});

/**
 * Looks up the account holder's name of pending lines: a matching name moves the line on to be
 * sent; another name, or no account, holds it for a person. The answers are written together once
 * the round's lookups are done. A lookup pays nothing, so one repeated after a restart does no
 * harm; the state changes only from pending.
 */
export async function lookUpNames(db: DbOrTx, provider: PayoutProvider, limit: number): Promise<number> {
  const lines = await queryRows(
    db,
    payeeRow,
    sql`select pl.id, pl.payee_name as "payeeName", pl.method, pl.phone, pl.bank_name as "bankName",
          pl.account_no as "accountNo"
        from payout_lines po join payment_lines pl on pl.id = po.payment_line_id
        where po.state = 'pending' order by po.batch_id, po.payment_line_id limit ${limit}`,
  );
  const answers: SQL[] = [];
  await inParallel(lines, WIDTH, async (line) => {
    const found = await provider.nameLookup(
      { channel: line.method, phone: line.phone, bankName: line.bankName, accountNo: line.accountNo },
      line.payeeName,
    );
    const name = found.found ? found.name : null;
    const state = name && namesMatch(line.payeeName, name) ? 'looked_up' : 'held_name';
    answers.push(sql`(${line.id}::uuid, ${state}, ${name})`);
  }).finally(() => record(db, answers));
  return lines.length;
}

/** Lookups asked at the same time. */
const WIDTH = 50;

/** The round's answers in one statement (each line changes only from pending). */
async function record(db: DbOrTx, answers: SQL[]): Promise<void> {
  if (!answers.length) return;
  await db.execute(sql`update payout_lines po set state = a.state, looked_up_name = a.name, updated_at = now()
    from (values ${sql.join(answers, sql`, `)}) as a(id, state, name)
    where po.payment_line_id = a.id and po.state = 'pending'`);
}
