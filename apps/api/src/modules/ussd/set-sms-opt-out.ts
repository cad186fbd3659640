import type { FarmerSmsOptOutBody, FarmerUssd } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { withdrawOptionalSms } from '../../platform/sms-outbox.ts';
import { farmerFor } from '../farmers/queries.ts';
import { farmers } from '../farmers/schema.ts';
import { farmerUssdOf } from './queries.ts';

/**
 * Stops or restarts a farmer's optional SMS (#31; which are optional: `OPTIONAL_FARMER_SMS`), as
 * the farmer asked at the AMCOS. The SMS of their own crop and money still go; optional ones still
 * waiting in the outbox are withdrawn. Setting what is already set changes nothing and writes no
 * history; a change is audited.
 */
export async function setSmsOptOut(
  db: Db,
  actor: Actor,
  { farmerId, optOut }: { farmerId: string } & FarmerSmsOptOutBody,
): Promise<FarmerUssd> {
  return db.transaction(async (tx) => {
    await farmerFor(tx, farmerId, actor);
    const before = await farmerUssdOf(tx, farmerId);
    if (before.smsOptOut === optOut) return before;
    await tx.update(farmers).set({ smsOptOut: optOut }).where(eq(farmers.id, farmerId));
    if (optOut) await withdrawOptionalSms(tx, farmerId);
    const after = await farmerUssdOf(tx, farmerId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: optOut ? 'sms_opted_out' : 'sms_opted_in',
      entity: 'farmer',
      entityId: farmerId,
      before: { smsOptOut: before.smsOptOut },
      after: { smsOptOut: after.smsOptOut },
    });
    return after;
  });
}
