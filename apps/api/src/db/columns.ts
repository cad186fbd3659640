import { numeric, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { v7 as uuidv7 } from 'uuid';

/** UUID v7 primary key: time-ordered, so new rows append to the index. */
export const id = () =>
  uuid('id')
    .primaryKey()
    .$defaultFn(() => uuidv7());

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

/** When a row was made and last changed. */
export const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Who made a row and when, for rows that are never changed after. */
export const creation = () => ({
  createdBy: uuid('created_by'),
  createdAt: createdAt(),
});

/** Who made a row, and when it was made and last changed. */
export const authorship = () => ({
  createdBy: uuid('created_by'),
  ...timestamps(),
});

const at = (name: string) => timestamp(name, { withTimezone: true });
const by = (name: string) => uuid(name);

/**
 * Who took one step on a row and when, null until then: `stamp('published')` is publishedAt
 * (published_at) and publishedBy (published_by). A step of two words names its column too:
 * `stamp('amcosApproved', 'amcos_approved')`.
 */
export function stamp<const Step extends string>(step: Step, column: string = step) {
  return { [`${step}At`]: at(`${column}_at`), [`${step}By`]: by(`${column}_by`) } as Record<
    `${Step}At`,
    ReturnType<typeof at>
  > &
    Record<`${Step}By`, ReturnType<typeof by>>;
}

/** Who approved a document and when; null until then. */
export const approval = () => stamp('approved');

/** Who proposed a row and when, then who approved or rejected it, when and why (null until then). */
export const proposal = () => ({
  proposedBy: uuid('proposed_by').notNull(),
  proposedAt: timestamp('proposed_at', { withTimezone: true }).notNull().defaultNow(),
  approvedBy: uuid('approved_by'),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
  rejectedBy: uuid('rejected_by'),
  rejectedAt: timestamp('rejected_at', { withTimezone: true }),
  rejectReason: text('reject_reason'),
});

/** Who cancelled a document, when and why; null while it stands. */
export const cancellation = () => ({
  cancelReason: text('cancel_reason'),
  ...stamp('cancelled'),
});

/** Crop weight in kg to the gram: NUMERIC(14,3), read as a string. */
export const kg = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** Crop-flow money (lots, invoices, settlement) in TZS to the cent: NUMERIC(16,2), read as a string. */
export const money = (name: string) => numeric(name, { precision: 16, scale: 2 });
/** A stock quantity in the item's unit, to three decimals (kg, litres, bags): NUMERIC(14,3). */
export const qty = (name: string) => numeric(name, { precision: 14, scale: 3 });
/** A unit cost, kept to six decimals so a weighted average does not drift: NUMERIC(18,6). */
export const unitCost = (name: string) => numeric(name, { precision: 18, scale: 6 });

/** What a stock movement or a stock document line moved: its quantity, unit cost and value, all required. */
export const movedValue = () => ({
  quantity: qty('quantity').notNull(),
  unitCost: unitCost('unit_cost').notNull(),
  value: money('value').notNull(),
});
