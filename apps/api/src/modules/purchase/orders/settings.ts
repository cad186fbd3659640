import type { PurchaseSettings } from '@ushirika/contracts';
import type { DbOrTx } from '../../../db/client.ts';
import { purchaseSettings } from './schema.ts';

/** The id the one settings row's history is kept under (a valid RFC 4122 id, like sales settings). */
export const PURCHASE_SETTINGS_AUDIT_ID = '00000000-0000-4000-8000-000000000013';

const DEFAULTS: PurchaseSettings = {
  vatRate: '18.00',
  priceTolerancePercent: '0.00',
  quantityTolerancePercent: '0.00',
};

export async function getPurchaseSettings(db: DbOrTx): Promise<PurchaseSettings> {
  const [row] = await db
    .select({
      vatRate: purchaseSettings.vatRate,
      priceTolerancePercent: purchaseSettings.priceTolerancePercent,
      quantityTolerancePercent: purchaseSettings.quantityTolerancePercent,
    })
    .from(purchaseSettings);
  return row ?? DEFAULTS;
}
