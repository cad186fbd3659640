import type { SalesSettings } from '@ushirika/contracts';
import type { Db } from '../../../db/client.ts';
import { invoiceDueDays } from './issue-invoice.ts';

/**
 * The id the one settings row's history is kept under (GET /api/audit/sales_settings/{id}). A
 * valid RFC 4122 id: the audit route checks ids with zod's uuid, which refuses 00…0001.
 */
export const SALES_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000001';

export async function getSalesSettings(db: Db): Promise<SalesSettings> {
  return { invoiceDueDays: await invoiceDueDays(db) };
}
