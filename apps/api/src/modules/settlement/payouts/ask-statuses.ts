import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { inParallel } from './parallel.ts';
import type { PayoutProvider } from './provider.ts';
import { settleLine } from './settle-line.ts';

export const NOT_RECEIVED = 'The provider has no record of this payment: it was not sent';

const askedRow = z.object({ id: z.string(), pastGrace: z.boolean() });

export type StatusTimings = { queryAfterMs: number; notFoundGraceMs: number; recheckMs: number };

/**
 * Asks the provider about lines whose end is not known: unknown lines (no answer to the send) and
 * lines sent longer ago than `queryAfterMs` with no callback (a restart loses what was in flight).
 * Each line is asked at most once per `recheckMs` (the claim sets checked_at). What the provider
 * reports settles the line; a payment it has no record of past the grace period was never
 * received, so the line fails and returns to the payable. Nothing is ever sent again from here.
 */
export async function askStatuses(
  db: DbOrTx,
  provider: PayoutProvider,
  limit: number,
  t: StatusTimings,
): Promise<number> {
  const asked = await queryRows(
    db,
    askedRow,
    sql`update payout_lines po set checked_at = now()
        where po.payment_line_id in (
          select payment_line_id from payout_lines
          where (state = 'unknown'
                 or (state = 'sending' and sent_at < now() - make_interval(secs => ${t.queryAfterMs / 1000})))
            and (checked_at is null or checked_at < now() - make_interval(secs => ${t.recheckMs / 1000}))
          order by sent_at limit ${limit} for update skip locked)
        returning po.payment_line_id as id,
          po.sent_at < now() - make_interval(secs => ${t.notFoundGraceMs / 1000}) as "pastGrace"`,
  );
  await inParallel(asked, 50, async (line) => {
    const reply = await provider.queryStatus(line.id);
    if (reply.status === 'succeeded' || reply.status === 'failed') await settleLine(db, line.id, reply);
    else if (reply.status === 'not_found' && line.pastGrace)
      await settleLine(db, line.id, { status: 'failed', providerReference: null, reason: NOT_RECEIVED });
    else if (reply.status === 'not_found')
      await db.execute(sql`update payout_lines set state = 'unknown', updated_at = now()
        where payment_line_id = ${line.id} and state = 'sending'`);
  });
  return asked.length;
}
