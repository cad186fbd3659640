import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { groupWrites } from './group-writes.ts';
import type { PayoutCallback, PayoutResult } from './provider.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LineResult = { lineId: string; result: PayoutResult };

/**
 * Records lines' ends as the provider reports them, each once: only a line still `sending` or
 * `unknown` changes, so a duplicate or late callback, or a status query racing a callback, changes
 * nothing. One statement for all of them (a line named twice is decided by its first report).
 * Answers, for each report, whether it was the one that settled its line.
 */
export async function settleLines(db: DbOrTx, reports: LineResult[]): Promise<boolean[]> {
  const first = new Map<string, number>();
  reports.forEach((r, i) => {
    const id = r.lineId.toLowerCase();
    if (UUID.test(r.lineId) && !first.has(id)) first.set(id, i);
  });
  if (!first.size) return reports.map(() => false);
  const values = [...first.values()].map((i) => {
    const { lineId, result } = reports[i] as LineResult;
    return result.status === 'succeeded'
      ? sql`(${lineId}::uuid, 'succeeded', ${result.providerReference}, ${result.fee}::numeric, ${null})`
      : sql`(${lineId}::uuid, 'failed', ${result.providerReference}, ${null}::numeric, ${result.reason})`;
  });
  const settled = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`update payout_lines po set state = r.state,
          provider_reference = coalesce(r.reference, po.provider_reference), fee = coalesce(r.fee, po.fee),
          failure_reason = coalesce(r.reason, po.failure_reason), updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as r(id, state, reference, fee, reason)
        where po.payment_line_id = r.id and po.state in ('sending', 'unknown')
        returning po.payment_line_id as id`,
  );
  const ids = new Set(settled.map((s) => s.id.toLowerCase()));
  return reports.map((r, i) => first.get(r.lineId.toLowerCase()) === i && ids.has(r.lineId.toLowerCase()));
}

/** One line's end (see settleLines): whether this report settled it. */
export async function settleLine(db: DbOrTx, lineId: string, result: PayoutResult): Promise<boolean> {
  const [settled] = await settleLines(db, [{ lineId, result }]);
  return settled === true;
}

/** A verified callback, alone: the line it names settles, or nothing happens. */
export function applyCallback(db: DbOrTx, callback: PayoutCallback): Promise<boolean> {
  return settleLine(db, callback.idempotencyKey, callback);
}

/**
 * Where verified callbacks go: the line each names settles, or nothing happens. Callbacks arriving
 * together are written together (group commit); each is answered once its write has committed.
 */
export function callbackSettler(db: DbOrTx): (callback: PayoutCallback) => Promise<boolean> {
  const settle = groupWrites((reports: LineResult[]) => settleLines(db, reports));
  return (callback) => settle({ lineId: callback.idempotencyKey, result: callback });
}
