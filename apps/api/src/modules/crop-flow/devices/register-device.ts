import type { RegisterDeviceBody, WeighingDevice } from '@ushirika/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { ForbiddenError } from '../../../platform/errors.ts';
import { amcos } from '../../amcos/schema.ts';
import { getDevice } from './queries.ts';
import { issueBlocks } from './receipt-blocks.ts';
import { weighingDevices } from './schema.ts';

/**
 * Registers the browser a clerk weighs on for the clerk's own society (#29): the next device code
 * of the society (`D01`, `D02`...; the society row is locked, so two registering at once get two
 * codes) and a first block of receipt numbers for every open season.
 */
export async function registerDevice(
  db: Db,
  actor: Actor,
  input: RegisterDeviceBody,
): Promise<WeighingDevice> {
  const amcosId = actor.amcosId;
  if (!amcosId) {
    throw new ForbiddenError(
      'A weighing device is registered by a user of its society: sign in as the clerk',
    );
  }
  return db.transaction(async (tx) => {
    await tx.select({ id: amcos.id }).from(amcos).where(eq(amcos.id, amcosId)).for('update');
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(weighingDevices)
      .where(eq(weighingDevices.amcosId, amcosId));
    const code = `D${String((counted?.n ?? 0) + 1).padStart(2, '0')}`;
    const [device] = await tx
      .insert(weighingDevices)
      .values({ amcosId, code, label: input.label, registeredBy: actor.userId })
      .returning({ id: weighingDevices.id });
    if (!device) throw new Error('Device insert returned nothing');
    await issueBlocks(tx, device.id, []);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'registered',
      entity: 'weighing_device',
      entityId: device.id,
      after: { amcosId, code, label: input.label },
    });
    return getDevice(tx, device.id);
  });
}
