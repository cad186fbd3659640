import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { TooManyRequestsError } from './errors.ts';

/**
 * Counts one hit on `key` in a fixed window and refuses past `limit`. Kept in the database so the
 * limit holds across API processes. Call it outside the business transaction: a refused login
 * rolls back its transaction, and the hit must still count.
 */
export async function consumeRateLimit(
  db: DbOrTx,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<void> {
  const window = sql.raw(`interval '${Math.trunc(windowSeconds)} seconds'`);
  const [row] = await queryRows(
    db,
    z.object({ hits: z.number(), retry_seconds: z.number() }),
    sql`
    insert into rate_limits (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when rate_limits.window_start < now() - ${window} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start < now() - ${window} then now() else rate_limits.window_start end
    returning hits, ceil(extract(epoch from (window_start + ${window} - now())))::int as retry_seconds`,
  );
  if (row && row.hits > limit) {
    const minutes = Math.max(1, Math.ceil(row.retry_seconds / 60));
    throw new TooManyRequestsError(
      `Too many attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    );
  }
}
