import { date, index, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creation, id } from '../../../db/columns.ts';
import { lots } from '../../crop-flow/schema.ts';
import { warehouseRef } from '../../warehouses/schema.ts';
import { buyers } from '../buyers/schema.ts';
import { salesInvoices } from '../invoices/schema.ts';

/** The warehouse's authority to hand fully paid lots to their buyer. */
export const releaseNotes = pgTable(
  'release_notes',
  {
    id: id(),
    releaseNo: text('release_no').notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => buyers.id),
    warehouseId: warehouseRef(),
    releaseDate: date('release_date').notNull(),
    collectorName: text('collector_name'),
    vehiclePlate: text('vehicle_plate'),
    remarks: text('remarks'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('release_notes_no_unique').on(t.releaseNo),
    index('release_notes_buyer_idx').on(t.buyerId, t.releaseDate),
  ],
);

export const releaseNoteLots = pgTable(
  'release_note_lots',
  {
    releaseNoteId: uuid('release_note_id')
      .notNull()
      .references(() => releaseNotes.id),
    lotId: uuid('lot_id')
      .notNull()
      .references(() => lots.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => salesInvoices.id),
  },
  (t) => [
    primaryKey({ columns: [t.releaseNoteId, t.lotId] }),
    /** A lot is released once. */
    uniqueIndex('release_note_lots_lot_unique').on(t.lotId),
  ],
);
