import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { creation, id, money, movedValue } from '../../../db/columns.ts';
import { amcos } from '../../amcos/schema.ts';
import { itemRef } from '../items/schema.ts';
import { stockMovements } from '../ledgers/schema.ts';
import { storeRef } from '../stores/schema.ts';

export const ISSUE_PURPOSES = ['union_use', 'amcos', 'distribution', 'other'] as const;

/**
 * Stock issued out of a store for a purpose: used by the union, given to an AMCOS, handed to
 * farmers (a distribution links its source here), other. Posted when saved at the weighted
 * average cost (Dr inputs issued / Cr inventory).
 */
export const stockIssues = pgTable(
  'stock_issues',
  {
    id: id(),
    issueNo: text('issue_no').notNull(),
    storeId: storeRef(),
    /** The store's society (null for a union store). */
    amcosId: uuid('amcos_id').references(() => amcos.id),
    purpose: text('purpose', { enum: ISSUE_PURPOSES }).notNull(),
    /** The society the stock went to, for purpose `amcos`. */
    toAmcosId: uuid('to_amcos_id').references(() => amcos.id),
    issuedTo: text('issued_to').notNull(),
    issuedOn: date('issued_on').notNull(),
    remarks: text('remarks'),
    totalValue: money('total_value').notNull(),
    journalEntryId: uuid('journal_entry_id'),
    /** The document that asked for it, e.g. a distribution. */
    sourceType: text('source_type'),
    sourceId: uuid('source_id'),
    ...creation(),
  },
  (t) => [
    uniqueIndex('stock_issues_issue_no_unique').on(t.issueNo),
    index('stock_issues_store_idx').on(t.storeId, t.issuedOn),
    index('stock_issues_amcos_idx').on(t.amcosId, t.issuedOn),
    check('stock_issues_purpose_check', sql`${t.purpose} in ('union_use', 'amcos', 'distribution', 'other')`),
    check('stock_issues_to_amcos_check', sql`${t.purpose} <> 'amcos' or ${t.toAmcosId} is not null`),
  ],
);

export const stockIssueLines = pgTable(
  'stock_issue_lines',
  {
    id: id(),
    issueId: uuid('issue_id')
      .notNull()
      .references(() => stockIssues.id),
    lineNo: integer('line_no').notNull(),
    itemId: itemRef(),
    ...movedValue(),
    batchNo: text('batch_no'),
    movementId: uuid('movement_id').references(() => stockMovements.id),
  },
  (t) => [
    index('stock_issue_lines_issue_idx').on(t.issueId, t.lineNo),
    check('stock_issue_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);
