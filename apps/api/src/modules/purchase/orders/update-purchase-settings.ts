import type { PurchaseSettings } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { purchaseSettings } from './schema.ts';
import { getPurchaseSettings, PURCHASE_SETTINGS_AUDIT_ID } from './settings.ts';

export async function updatePurchaseSettings(
  db: Db,
  actor: Actor,
  body: PurchaseSettings,
): Promise<PurchaseSettings> {
  return db.transaction(async (tx) => {
    const before = await getPurchaseSettings(tx);
    await tx
      .insert(purchaseSettings)
      .values({ id: 1, ...body, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: purchaseSettings.id, set: { ...body, updatedBy: actor.userId } });
    const after = await getPurchaseSettings(tx);
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'purchase_settings',
      entityId: PURCHASE_SETTINGS_AUDIT_ID,
      before,
      after,
    });
    return after;
  });
}
