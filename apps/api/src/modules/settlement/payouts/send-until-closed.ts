import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import type { Actor } from '../../../platform/access.ts';
import { payoutProviderOf } from './providers.ts';
import { sendPayouts } from './send-payouts.ts';
import { callbackSettler } from './settle-line.ts';
import { startPayoutWorker } from './worker.ts';

/**
 * Sends an approved batch through the providers of the union's settings and pays it in this
 * process until it is closed (the demo seed: no server runs): sent as the send button sends it
 * (sendPayouts), the callbacks settled as the server settles them, the worker's rounds one after
 * another. Answers the batch's status at the end (paid, or partly paid).
 */
export async function sendUntilClosed(
  db: DbOrTx,
  actor: Actor,
  input: { batchId: string; total: string; config: Config; timeoutMs?: number },
): Promise<string> {
  const { batchId, config, timeoutMs = 120_000 } = input;
  const provider = payoutProviderOf(db, config);
  const settle = callbackSettler(db);
  provider.onCallback(async (headers, body) => {
    await settle(provider.verifyCallback(headers, body));
  });
  await provider.refresh();
  await sendPayouts(db, actor, { id: batchId, total: input.total, providers: provider.kindsByChannel() });
  const worker = startPayoutWorker(db, provider, config.payouts, { warn: () => {} });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      await worker.runOnce();
      const [batch] = await queryRows(
        db,
        z.object({ status: z.string() }),
        sql`select status from payment_batches where id = ${batchId}`,
      );
      if (batch?.status !== 'sending') return batch?.status ?? 'missing';
      if (Date.now() > deadline) throw new Error(`Payment batch ${batchId} is still being sent`);
      await new Promise((r) => setTimeout(r, config.payouts.workerMs));
    }
  } finally {
    await worker.stop();
    await provider.stop();
  }
}
