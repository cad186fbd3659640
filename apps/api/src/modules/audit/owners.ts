import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountingAuditOwners } from '../accounts/audit-owners.ts';
import { amcos } from '../amcos/schema.ts';
import { collectionSociety } from '../crop-flow/collections/queries.ts';
import { deliveryNoteAndLotAuditOwners } from '../crop-flow/delivery-notes/audit-owners.ts';
import { farmers } from '../farmers/schema.ts';
import { inputsAuditOwners } from '../inputs/audit-owners.ts';
import { inventoryAuditOwners } from '../inventory/audit-owners.ts';
import { memberAuditOwners } from '../members/register/audit-owners.ts';
import { settlementAuditOwners } from '../settlement/audit-owners.ts';
import { users } from '../users/schema.ts';

/**
 * Which society owns a record of each audited entity, so an AMCOS user can read the history of
 * their own society's records only. `union` marks entities only union staff may see.
 */
export type Owner = (db: DbOrTx, id: string) => Promise<string | null | 'union' | undefined>;
export const owners: Record<string, Owner> = {
  ...accountingAuditOwners,
  ...deliveryNoteAndLotAuditOwners,
  ...settlementAuditOwners,
  ...inventoryAuditOwners,
  ...inputsAuditOwners,
  ...memberAuditOwners,
  user: async (db, id) =>
    (await db.select({ id: users.id }).from(users).where(eq(users.id, id)))[0] ? 'union' : undefined,
  amcos: async (db, id) => (await db.select({ id: amcos.id }).from(amcos).where(eq(amcos.id, id)))[0]?.id,
  collection: collectionSociety,
  farmer: async (db, id) =>
    (await db.select({ amcosId: farmers.amcosId }).from(farmers).where(eq(farmers.id, id)))[0]?.amcosId,
  // Union-level master data: history for union staff only.
  ...Object.fromEntries(
    [
      'union',
      'bank',
      'region',
      'district',
      'council',
      'crop',
      'grade',
      'season',
      'season_crop',
      'beneficiary',
      'deduction_rule',
      'transporter',
      'warehouse',
      'boq',
      // Auctions: the catalogue's history is union business (AMCOS users read their lots, not the trail).
      'auction',
      // Sales (issue 6): buyers and their documents are union business.
      'buyer',
      'sales_invoice',
      'group_invoice',
      'buyer_receipt',
      'release_note',
      'sales_settings',
      // Purchasing (issue 13): union business.
      'supplier',
      'purchase_order',
      'purchase_invoice',
      'supplier_payment',
      'purchase_settings',
      // Circulars and the standard terms on documents (#18): union business.
      'circular',
      'document_terms',
    ].map((entity): [string, Owner] => [entity, async () => 'union']),
  ),
};
