import type { AppropriationSettings } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { memberSettings } from '../register/schema.ts';

/** Saves the by-laws' statutory reserve percentage on the union's member settings (share minimum kept). */
export async function saveAppropriationSettings(
  db: DbOrTx,
  actor: Actor,
  { reservePercent }: { reservePercent: string },
): Promise<AppropriationSettings> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(memberSettings)
      .values({ society: 'union', shareMinimum: '0', reservePercent })
      .onConflictDoUpdate({ target: memberSettings.society, set: { reservePercent, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'member_settings',
      entityId: 'union',
      after: row,
    });
    return { reservePercent: row?.reservePercent ?? reservePercent };
  });
}
