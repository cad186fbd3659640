import { ATTACHMENT_RECORDS, type AttachmentRecordType, type Permission } from '@ushirika/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { type Actor, assertSociety, societyOf } from '../../platform/access.ts';
import { getJournalEntry } from '../accounts/journal/queries.ts';
import { getBankTransfer, getPaymentOrReceipt } from '../accounts/vouchers/queries.ts';
import { getCollection } from '../crop-flow/collections/queries.ts';
import { getDeliveryNote } from '../crop-flow/delivery-notes/queries.ts';
import { getLot } from '../crop-flow/lots/queries.ts';
import { getFarmer } from '../farmers/queries.ts';
import { getGrn } from '../inventory/grns/queries.ts';
import { getPurchaseInvoice } from '../purchase/invoices/queries.ts';
import { getPurchaseOrder } from '../purchase/orders/queries.ts';
import { assertAuctionVisible, getAuction } from '../sales/auctions/queries.ts';
import { getSalesInvoice } from '../sales/invoices/queries.ts';
import { getBuyerReceipt } from '../sales/receipts/queries.ts';
import { getBatch } from '../settlement/payments/queries.ts';

/** What the attachments module needs to know of one record: whose it is and whether it is posted. */
export type RecordFacts = {
  /** The record's society (null: union business), copied onto each attachment row. */
  amcosId: string | null;
  /** Posted or approved: attachments may be added, never removed. */
  locked: boolean;
};

export type RecordType = {
  /** The API path of the record's details route (contracts' ATTACHMENT_RECORDS). */
  path: string;
  /** The audit trail's entity name: attachments show in the record's own history. */
  entity: string;
  /** Who may see the record's attachments: the record's details route's access. */
  read: RouteAccess;
  /** Who may attach and remove: the access of the record's create or update routes. */
  write: RouteAccess;
  /**
   * The record through its module's own details query, with that route's society check: a record
   * the actor may not see throws (404 absent, 403 another society) before anything is read or written.
   */
  load: (db: DbOrTx, actor: Actor, id: string) => Promise<RecordFacts>;
};

type RouteAccess = { permission: Permission; audience: 'union' | 'any' };

/** Within its society (or union staff): the record's own details query, then the route's check. */
const scoped = async <T extends { amcosId: string | null }>(actor: Actor, record: Promise<T>): Promise<T> => {
  const r = await record;
  assertSociety(actor, r.amcosId);
  return r;
};

/**
 * Every record type that takes attachments, declared once: its details path and access (contracts'
 * ATTACHMENT_RECORDS, which the web reads too), history entity and loader. Union-only types are refused to AMCOS users by their routes' audience before
 * the loader runs; society types check the record's society in the loader.
 */
export const RECORD_TYPES: Record<AttachmentRecordType, RecordType> = {
  'journal-entry': {
    ...ATTACHMENT_RECORDS['journal-entry'],
    entity: 'journal_entry',
    load: async (db, _actor, id) => {
      const e = await getJournalEntry(db, id);
      return { amcosId: null, locked: e.status !== 'draft' };
    },
  },
  voucher: {
    ...ATTACHMENT_RECORDS.voucher,
    entity: 'payment_or_receipt',
    load: async (db, _actor, id) => {
      const v = await getPaymentOrReceipt(db, id);
      return { amcosId: null, locked: v.status !== 'draft' };
    },
  },
  'bank-transfer': {
    ...ATTACHMENT_RECORDS['bank-transfer'],
    entity: 'bank_transfer',
    load: async (db, _actor, id) => {
      const b = await getBankTransfer(db, id);
      return { amcosId: null, locked: b.status !== 'draft' };
    },
  },
  'buyer-receipt': {
    ...ATTACHMENT_RECORDS['buyer-receipt'],
    entity: 'buyer_receipt',
    // A buyer receipt is posted when it is recorded.
    load: async (db, _actor, id) => {
      await getBuyerReceipt(db, id);
      return { amcosId: null, locked: true };
    },
  },
  'payment-batch': {
    ...ATTACHMENT_RECORDS['payment-batch'],
    entity: 'payment_batch',
    load: async (db, _actor, id) => {
      const b = await getBatch(db, id);
      return { amcosId: null, locked: b.status !== 'draft' };
    },
  },
  'delivery-note': {
    ...ATTACHMENT_RECORDS['delivery-note'],
    entity: 'delivery_note',
    load: async (db, actor, id) => {
      const n = await scoped(actor, getDeliveryNote(db, id));
      return { amcosId: n.amcosId, locked: n.status !== 'draft' };
    },
  },
  collection: {
    ...ATTACHMENT_RECORDS.collection,
    entity: 'collection',
    // Editable while only recorded (update-collection.ts, cancel-collection.ts); delivered, sold or cancelled: posted.
    load: async (db, actor, id) => {
      const c = await scoped(actor, getCollection(db, id));
      return { amcosId: c.amcosId, locked: c.status !== 'recorded' };
    },
  },
  lot: {
    ...ATTACHMENT_RECORDS.lot,
    entity: 'lot',
    // A lot is a warehouse receipt issued against received stock: posted from the start.
    load: async (db, actor, id) => {
      const l = await scoped(actor, getLot(db, id));
      return { amcosId: l.amcosId, locked: true };
    },
  },
  auction: {
    ...ATTACHMENT_RECORDS.auction,
    entity: 'auction',
    load: async (db, actor, id) => {
      await assertAuctionVisible(db, actor, id);
      const a = await getAuction(db, id, societyOf(actor));
      return { amcosId: null, locked: a.status !== 'draft' };
    },
  },
  'sales-invoice': {
    ...ATTACHMENT_RECORDS['sales-invoice'],
    entity: 'sales_invoice',
    // Issued, and posted, when created.
    load: async (db, _actor, id) => {
      await getSalesInvoice(db, id);
      return { amcosId: null, locked: true };
    },
  },
  'purchase-invoice': {
    ...ATTACHMENT_RECORDS['purchase-invoice'],
    entity: 'purchase_invoice',
    load: async (db, _actor, id) => {
      const i = await getPurchaseInvoice(db, id);
      return { amcosId: null, locked: i.status !== 'awaiting_approval' };
    },
  },
  'purchase-order': {
    ...ATTACHMENT_RECORDS['purchase-order'],
    entity: 'purchase_order',
    load: async (db, _actor, id) => {
      const o = await getPurchaseOrder(db, id);
      return { amcosId: null, locked: o.status !== 'draft' && o.status !== 'submitted' };
    },
  },
  grn: {
    ...ATTACHMENT_RECORDS.grn,
    entity: 'grn',
    // Stock moves when the GRN is saved: posted from the start.
    load: async (db, actor, id) => {
      const g = await scoped(actor, getGrn(db, id));
      return { amcosId: g.amcosId, locked: true };
    },
  },
  farmer: {
    ...ATTACHMENT_RECORDS.farmer,
    entity: 'farmer',
    // A register entry, not a posted document: an ID copy may be replaced.
    load: async (db, actor, id) => {
      const f = await scoped(actor, getFarmer(db, id));
      return { amcosId: f.amcosId, locked: false };
    },
  },
};
