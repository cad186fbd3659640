import type { WeighingDevice } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { type Actor, assertSociety } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ConflictError, NotFoundError } from '../../../platform/errors.ts';
import { getDevice } from './queries.ts';
import { weighingDevices } from './schema.ts';

/**
 * Retires a lost or replaced device (#29): its unused numbers are void, and whatever it sends
 * afterwards is kept for review, never stored as it is. Its unsynced receipts are only on it.
 */
export async function retireDevice(
  db: Db,
  actor: Actor,
  { id, reason }: { id: string; reason: string },
): Promise<WeighingDevice> {
  return db.transaction(async (tx) => {
    const [device] = await tx.select().from(weighingDevices).where(eq(weighingDevices.id, id)).for('update');
    if (!device) throw new NotFoundError('Device not found');
    assertSociety(actor, device.amcosId);
    if (device.status === 'retired') throw new ConflictError(`Device ${device.code} is already retired`);
    await tx
      .update(weighingDevices)
      .set({ status: 'retired', retiredAt: new Date(), retiredBy: actor.userId, retireReason: reason })
      .where(eq(weighingDevices.id, id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'retired',
      entity: 'weighing_device',
      entityId: id,
      before: { status: device.status },
      after: { status: 'retired', reason },
    });
    return getDevice(tx, id);
  });
}
