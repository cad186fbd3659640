import type { SalesSettings } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { invoiceDueDays } from './issue-invoice.ts';
import { salesSettings } from './schema.ts';

/**
 * The id the one settings row's history is kept under (GET /api/audit/sales_settings/{id}). A
 * valid RFC 4122 id: the audit route checks ids with zod's uuid, which refuses 00…0001.
 */
export const SALES_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000001';

export async function getSalesSettings(db: Db): Promise<SalesSettings> {
  return { invoiceDueDays: await invoiceDueDays(db) };
}

export async function updateSalesSettings(
  db: Db,
  { body, actorId }: { body: SalesSettings; actorId: string },
): Promise<SalesSettings> {
  return db.transaction(async (tx) => {
    const before = { invoiceDueDays: await invoiceDueDays(tx) };
    await tx
      .insert(salesSettings)
      .values({ id: 1, invoiceDueDays: body.invoiceDueDays, updatedBy: actorId })
      .onConflictDoUpdate({
        target: salesSettings.id,
        set: { invoiceDueDays: body.invoiceDueDays, updatedBy: actorId },
      });
    await recordAudit(tx, {
      actorId,
      action: 'updated',
      entity: 'sales_settings',
      entityId: SALES_SETTINGS_AUDIT_ID,
      before,
      after: body,
    });
    return body;
  });
}
