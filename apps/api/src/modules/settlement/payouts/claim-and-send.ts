import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { payeeRow } from './look-up-names.ts';
import { type PayoutProvider, PayoutTimeoutError } from './provider.ts';
import { settleLine } from './settle-line.ts';

const claimedRow = payeeRow.extend({
  amount: z.string(),
  reference: z.string(),
  provider: z.string(),
});

/**
 * Lanes sending at the same time, each PER_CLAIM lines claimed together: LANES x PER_CLAIM (50)
 * lines in flight, also the most a kill can leave claimed but not yet sent.
 */
const LANES = 10;
const PER_CLAIM = 5;

/**
 * Claims lines ready to send and sends each once, in LANES lanes that each claim PER_CLAIM lines
 * just before sending them (side by side). The claim is one statement (looked_up -> sending, the
 * rows picked with SKIP LOCKED, committed before anything is sent): two workers, two processes or a
 * restart never claim a line twice, and a claimed line is never sent again. Claiming a few lines at
 * a time keeps what a kill leaves claimed but unsent (failed later as never received) to the lines
 * in flight, and the claims to one statement per few lines (not one per line). What the
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
  const accepted: SQL[] = [];
  const lane = async () => {
    while (sent < limit) {
      const lines = await claimSome(db, Math.min(PER_CLAIM, limit - sent));
      if (!lines.length) return;
      sent += lines.length;
      await Promise.all(
        lines.map(async (line) => {
          const reference = await sendClaimed(db, provider, line, log);
          if (reference) accepted.push(sql`(${line.id}::uuid, ${reference})`);
        }),
      );
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane)).finally(() => keepReferences(db, accepted));
  return sent;
}

/**
 * The provider's references of the accepted lines, in one statement after the round (a line whose
 * callback came first already has it; one left without by a kill gets it when it settles).
 */
async function keepReferences(db: DbOrTx, accepted: SQL[]): Promise<void> {
  if (!accepted.length) return;
  await db.execute(sql`update payout_lines po set provider_reference = a.reference
    from (values ${sql.join(accepted, sql`, `)}) as a(id, reference)
    where po.payment_line_id = a.id and po.provider_reference is null`);
}

const claimSome = (db: DbOrTx, n: number) =>
  queryRows(
    db,
    claimedRow,
    sql`with claimed as (
          update payout_lines po set state = 'sending', sent_at = now(), updated_at = now()
          where po.payment_line_id in (
            select payment_line_id from payout_lines where state = 'looked_up'
            order by batch_id, payment_line_id limit ${n} for update skip locked)
            and po.state = 'looked_up'
          returning po.payment_line_id, po.provider)
        select c.provider, pl.id, pl.payee_name as "payeeName", pl.method, pl.phone, pl.bank_name as "bankName",
          pl.account_no as "accountNo", pl.amount::text as amount, pl.reference
        from claimed c join payment_lines pl on pl.id = c.payment_line_id`,
  );

async function sendClaimed(
  db: DbOrTx,
  provider: PayoutProvider,
  line: z.output<typeof claimedRow>,
  log: (message: string) => void,
): Promise<string | null> {
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
      providerKind: line.provider,
    });
  } catch (error) {
    // No answer (a timeout), or an answer we cannot read: the money may have gone. Never resend;
    // a status query settles it.
    if (!(error instanceof PayoutTimeoutError)) log(`payout send of line ${line.id}: ${String(error)}`);
    await db.execute(sql`update payout_lines set state = 'unknown', updated_at = now()
        where payment_line_id = ${line.id} and state = 'sending'`);
    return null;
  }
  if (reply.outcome === 'accepted') return reply.providerReference;
  await settleLine(db, line.id, { status: 'failed', providerReference: null, reason: reply.reason });
  return null;
}
