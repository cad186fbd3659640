import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { type Rounds, startRounds } from '../../../platform/rounds.ts';
import { askStatuses } from './ask-statuses.ts';
import { claimAndSend } from './claim-and-send.ts';
import { completeFinishedBatches } from './complete-batches.ts';
import { lookUpNames } from './look-up-names.ts';
import type { PayoutProvider } from './provider.ts';

const PER_ROUND = 500;

export type PayoutWorker = Rounds;

/**
 * The background sender: every `workerMs` (and straight on while there is work) it looks names
 * up, claims and sends lines, asks about lines with no known end, and closes finished batches.
 * Everything it needs is in the database, so after a restart it resumes unfinished batches where
 * they were; a line claimed before the restart is only ever asked about, never sent again.
 */
export function startPayoutWorker(
  db: DbOrTx,
  provider: PayoutProvider,
  settings: Config['payouts'],
  log: { warn(message: string): void },
): PayoutWorker {
  const timings = {
    queryAfterMs: settings.queryAfterMs,
    notFoundGraceMs: settings.notFoundGraceMs,
    recheckMs: Math.max(1000, settings.workerMs * 4),
  };
  const round = async () => {
    let work = 0;
    // Looking names up and sending touch lines in different states (pending; looked up), so they
    // run side by side: this round sends what the last round looked up while it looks up the next.
    const [looked, sent] = await Promise.all([
      lookUpNames(db, provider, PER_ROUND),
      claimAndSend(db, provider, PER_ROUND, (m) => log.warn(m)),
    ]);
    work += looked + sent;
    work += await askStatuses(db, provider, PER_ROUND, timings);
    work += await completeFinishedBatches(db);
    return work;
  };
  return startRounds(round, settings.workerMs, {
    untilIdle: true,
    failed: (error) =>
      log.warn(`payout round failed: ${error instanceof Error ? error.message : String(error)}`),
  });
}
