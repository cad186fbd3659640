import type { SalesSettings } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import type { Actor } from '../../../platform/access.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { invoiceDueDays } from './issue-invoice.ts';
import { salesSettings } from './schema.ts';
import { SALES_SETTINGS_AUDIT_ID } from './settings.ts';

export async function updateSalesSettings(db: Db, actor: Actor, body: SalesSettings): Promise<SalesSettings> {
  return db.transaction(async (tx) => {
    const before = { invoiceDueDays: await invoiceDueDays(tx) };
    await tx
      .insert(salesSettings)
      .values({ id: 1, invoiceDueDays: body.invoiceDueDays, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: salesSettings.id,
        set: { invoiceDueDays: body.invoiceDueDays, updatedBy: actor.userId },
      });
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'updated',
      entity: 'sales_settings',
      entityId: SALES_SETTINGS_AUDIT_ID,
      before,
      after: body,
    });
    return body;
  });
}
