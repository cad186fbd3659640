import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { type PayoutProvider, PayoutTimeoutError } from './provider.ts';
import { settleLine } from './settle-line.ts';

const claimedRow = z.object({
  id: z.string(),
  payeeName: z.string(),
  method: z.enum(['bank', 'mobile']),
  phone: z.string().nullable(),
  bankName: z.string().nullable(),
  accountNo: z.string().nullable(),
  amount: z.string(),
  reference: z.string(),
});

/** Lines sent at the same time: also the most a kill can leave claimed but not yet sent. */
const LANES = 50;

/**
 * Claims lines ready to send and sends each once, in LANES lanes that each claim one line just
 * before sending it. The claim is one statement (looked_up -> sending, the row picked with SKIP
 * LOCKED, committed before anything is sent): two workers, two processes or a restart never claim
 * a line twice, and a claimed line is never sent again. Claiming one line at a time keeps what a
 * kill leaves claimed but unsent (failed later as never received) to the lines in flight. What the
 * provider answers: accepted (its callback will settle the line), rejected (failed: nothing was
 * paid) or no answer (unknown: only a status query settles it).
 */
export async function claimAndSend(
  db: DbOrTx,
  provider: PayoutProvider,
  limit: number,
  log: (message: string) => void,
): Promise<number> {
  let sent = 0;
  const lane = async () => {
    while (sent < limit) {
      const [line] = await claimOne(db);
      if (!line) return;
      sent++;
      await sendClaimed(db, provider, line, log);
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  return sent;
}

const claimOne = (db: DbOrTx) =>
  queryRows(
    db,
    claimedRow,
    sql`with claimed as (
          update payout_lines po set state = 'sending', sent_at = now(), updated_at = now()
          where po.payment_line_id = (
            select payment_line_id from payout_lines where state = 'looked_up'
            order by batch_id, payment_line_id limit 1 for update skip locked)
            and po.state = 'looked_up'
          returning po.payment_line_id)
        select pl.id, pl.payee_name as "payeeName", pl.method, pl.phone, pl.bank_name as "bankName",
          pl.account_no as "accountNo", pl.amount::text as amount, pl.reference
        from claimed c join payment_lines pl on pl.id = c.payment_line_id`,
  );

async function sendClaimed(
  db: DbOrTx,
  provider: PayoutProvider,
  line: z.output<typeof claimedRow>,
  log: (message: string) => void,
): Promise<void> {
  let reply: Awaited<ReturnType<PayoutProvider['send']>>;
  try {
    reply = await provider.send({
      idempotencyKey: line.id,
      account: {
        channel: line.method,
        phone: line.phone,
        bankName: line.bankName,
        accountNo: line.accountNo,
      },
      name: line.payeeName,
      amount: line.amount,
      reference: line.reference,
    });
  } catch (error) {
    // No answer (a timeout), or an answer we cannot read: the money may have gone. Never resend;
    // a status query settles it.
    if (!(error instanceof PayoutTimeoutError)) log(`payout send of line ${line.id}: ${String(error)}`);
    await db.execute(sql`update payout_lines set state = 'unknown', updated_at = now()
        where payment_line_id = ${line.id} and state = 'sending'`);
    return;
  }
  if (reply.outcome === 'rejected')
    await settleLine(db, line.id, { status: 'failed', providerReference: null, reason: reply.reason });
  else
    await db.execute(sql`update payout_lines set provider_reference = ${reply.providerReference}
        where payment_line_id = ${line.id} and provider_reference is null`);
}
