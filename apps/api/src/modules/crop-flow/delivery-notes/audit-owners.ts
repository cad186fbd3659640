import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { deliveryNotes, lots } from '../schema.ts';

/** Delivery notes and lots belong to their AMCOS: its users read their histories (audit routes). */
export const deliveryNoteAndLotAuditOwners = {
  delivery_note: async (db: DbOrTx, id: string) =>
    (
      await db.select({ amcosId: deliveryNotes.amcosId }).from(deliveryNotes).where(eq(deliveryNotes.id, id))
    )[0]?.amcosId,
  lot: async (db: DbOrTx, id: string) =>
    (await db.select({ amcosId: lots.amcosId }).from(lots).where(eq(lots.id, id)))[0]?.amcosId,
};
