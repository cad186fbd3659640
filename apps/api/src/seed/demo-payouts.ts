import { and, asc, eq } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { approveBatch } from '../modules/settlement/payments/approve-batch.ts';
import { retryLines } from '../modules/settlement/payments/retry-lines.ts';
import { settingsKeysOf } from '../modules/settlement/payouts/providers.ts';
import { sendUntilClosed } from '../modules/settlement/payouts/send-until-closed.ts';
import { savePayoutSettings } from '../modules/settlement/payouts/settings/save-payout-settings.ts';
import { storedPayoutSettings } from '../modules/settlement/payouts/settings/stored.ts';
import { paymentBatches, paymentLines } from '../modules/settlement/schema.ts';
import type { Actor } from '../platform/access.ts';
import { withFarmerSmsOff } from './demo-payments.ts';
import { demoActors } from './demo-sales-support.ts';

export type DemoPayouts =
  | { skipped: true; reason: string; configured: boolean }
  | { skipped: false; configured: boolean; batchNo: string; lines: number; status: string };

/**
 * Paying farmers through a payout provider (#30), as the screens do it: the administrator sets up
 * the built-in simulator in the union's payout settings and maps mobile money and bank accounts
 * to it (left as it is when already so); the two farmers' lines the bank refused in the first
 * settlement are put into a new batch by the settlement officer, approved by the administrator
 * and sent by the finance manager through the simulator: names looked up, sent, called back, and
 * the batch closes itself paid, its money and the simulator's fees posted. A second run finds no
 * refused line left to pay and changes nothing.
 */
export async function loadDemoPayouts(db: Db, config: Config): Promise<DemoPayouts> {
  const actors = await demoActors(db);
  if (!actors) return { skipped: true, reason: 'the demo users are missing', configured: false };
  const configured = await useSimulator(db, actors.administrator, config);
  const refused = await db
    .select({ id: paymentLines.id })
    .from(paymentLines)
    .innerJoin(paymentBatches, eq(paymentBatches.id, paymentLines.batchId))
    .where(and(eq(paymentLines.status, 'failed'), eq(paymentBatches.partyType, 'farmer')))
    .orderBy(asc(paymentLines.reference));
  if (refused.length === 0)
    return { skipped: true, reason: 'no refused farmer line is left to pay again', configured };
  const draft = await retryLines(db, actors.settlementOfficer, { lineIds: refused.map((l) => l.id) });
  const approved = await approveBatch(db, actors.administrator, { id: draft.id });
  const status = await withFarmerSmsOff(db, actors.administrator, () =>
    sendUntilClosed(db, actors.financeManager, { batchId: approved.id, total: approved.total, config }),
  );
  return { skipped: false, configured, batchNo: approved.batchNo, lines: approved.lineCount, status };
}

/** The simulator set up and paying both channels, through the settings' use case; false when it already was. */
async function useSimulator(db: Db, administrator: Actor, config: Config): Promise<boolean> {
  const stored = await storedPayoutSettings(db);
  if (
    stored.providers.has('simulator') &&
    stored.channels.mobile === 'simulator' &&
    stored.channels.bank === 'simulator'
  )
    return false;
  await savePayoutSettings(db, administrator, {
    keys: settingsKeysOf(config),
    body: {
      providers: [{ kind: 'simulator', values: {} }],
      channels: { mobile: 'simulator', bank: 'simulator' },
    },
  });
  return true;
}
