import type { FarmerUssd } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ValidationError } from '../../platform/errors.ts';
import { enqueueSms } from '../../platform/sms-outbox.ts';
import { FARMER_SMS, smsText } from '../../platform/sms-texts.ts';
import { farmerFor } from '../farmers/queries.ts';
import { hashPin, newPin } from './pin.ts';
import { farmerUssdOf } from './queries.ts';
import { farmerPins } from './schema.ts';

/**
 * Issues a farmer's USSD PIN, or a new one in place of a forgotten or locked one (#31): a random
 * 4-digit PIN sent by SMS to the farmer's registered phone and kept only as its hash; the wrong
 * PINs are forgotten and the lock lifted. Nobody at the AMCOS sees the PIN. Audited, without it.
 */
export async function issueUssdPin(
  db: Db,
  actor: Actor,
  { farmerId }: { farmerId: string },
): Promise<FarmerUssd> {
  const pin = newPin();
  const pinHash = await hashPin(pin);
  return db.transaction(async (tx) => {
    const farmer = await farmerFor(tx, farmerId, actor);
    if (!farmer.phone)
      throw new ValidationError("Add the farmer's phone number first: the PIN is sent to it by SMS");
    if (farmer.status !== 'active') throw new ValidationError('The farmer is inactive: activate them first');
    const before = await farmerUssdOf(tx, farmerId);
    const fresh = before.status === 'none';
    await tx
      .insert(farmerPins)
      .values({ farmerId, pinHash, issuedBy: actor.userId })
      .onConflictDoUpdate({
        target: farmerPins.farmerId,
        set: {
          pinHash,
          failedAttempts: 0,
          lockedAt: null,
          issuedAt: sql`now()`,
          issuedBy: actor.userId,
          changedAt: null,
        },
      });
    await enqueueSms(tx, farmer.phone, smsText(FARMER_SMS.ussdPin.sw, { society: farmer.amcosName, pin }));
    const after = await farmerUssdOf(tx, farmerId);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: fresh ? 'ussd_pin_issued' : 'ussd_pin_reset',
      entity: 'farmer',
      entityId: farmerId,
      before,
      after,
    });
    return after;
  });
}
