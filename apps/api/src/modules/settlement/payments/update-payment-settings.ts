import type { PaymentSettings } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { paymentSettings } from '../schema.ts';
import { paymentSettingsOf } from './queries.ts';

/** The one settings row's history id (a valid UUID, so the history route accepts it). */
export const PAYMENT_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000002';

export async function updatePaymentSettings(
  db: DbOrTx,
  actor: Actor,
  body: PaymentSettings,
): Promise<PaymentSettings> {
  return db.transaction(async (tx) => {
    const before = await paymentSettingsOf(tx);
    await tx
      .insert(paymentSettings)
      .values({ id: 1, ...body, updatedBy: actor.userId })
      .onConflictDoUpdate({ target: paymentSettings.id, set: { ...body, updatedBy: actor.userId } });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'payment_settings',
      entityId: PAYMENT_SETTINGS_AUDIT_ID,
      before,
      after: body,
    });
    return paymentSettingsOf(tx);
  });
}
