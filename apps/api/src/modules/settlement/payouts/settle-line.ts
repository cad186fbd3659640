import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { PayoutCallback, PayoutResult } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Records a line's end as the provider reports it, once: only a line still `sending` or `unknown`
 * changes, so a duplicate or late callback, or a status query racing a callback, changes nothing.
 * Answers whether this report was the one that settled the line.
 */
export async function settleLine(db: DbOrTx, lineId: string, result: PayoutResult): Promise<boolean> {
  if (!UUID.test(lineId)) return false;
  const settled = await queryRows(
    db,
    z.object({ id: z.string() }),
    result.status === 'succeeded'
      ? sql`update payout_lines set state = 'succeeded', provider_reference = ${result.providerReference},
            fee = ${result.fee}, updated_at = now()
          where payment_line_id = ${lineId} and state in ('sending', 'unknown') returning payment_line_id as id`
      : sql`update payout_lines set state = 'failed', failure_reason = ${result.reason},
            provider_reference = coalesce(${result.providerReference}, provider_reference), updated_at = now()
          where payment_line_id = ${lineId} and state in ('sending', 'unknown') returning payment_line_id as id`,
  );
  return settled.length === 1;
}

/** A verified callback: the line it names settles, or nothing happens. */
export function applyCallback(db: DbOrTx, callback: PayoutCallback): Promise<boolean> {
  return settleLine(db, callback.idempotencyKey, callback);
}
