import { z } from 'zod';
import { listQuery, uuid } from '../common.ts';
import { isoDate, optionalText, requiredText } from '../fields.ts';
import { documentLineItem, movedLineValues, stockQuantityField } from './items.ts';

/** One line of goods leaving a store (an issue or a transfer): one schema, one OpenAPI component. */
export const stockLineBody = z.object({
  itemId: uuid,
  quantity: stockQuantityField,
  batchNo: optionalText(60),
});

export const ISSUE_PURPOSE_VALUES = ['union_use', 'amcos', 'distribution', 'other'] as const;
export const issuePurpose = z.enum(ISSUE_PURPOSE_VALUES);
export type IssuePurpose = z.infer<typeof issuePurpose>;

export const stockIssue = z.object({
  id: uuid,
  issueNo: z.string(),
  storeId: uuid,
  storeName: z.string(),
  amcosId: uuid.nullable(),
  amcosName: z.string().nullable(),
  purpose: issuePurpose,
  toAmcosId: uuid.nullable(),
  toAmcosName: z.string().nullable(),
  issuedTo: z.string(),
  issuedOn: z.string(),
  lineCount: z.number(),
  totalValue: z.string(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type StockIssue = z.infer<typeof stockIssue>;

export const stockIssueLine = z.object({
  ...documentLineItem,
  ...movedLineValues,
});
export type StockIssueLine = z.infer<typeof stockIssueLine>;

export const stockIssueDetail = stockIssue.extend({
  remarks: z.string().nullable(),
  sourceType: z.string().nullable(),
  sourceId: uuid.nullable(),
  journalEntryId: uuid.nullable(),
  journalEntryNo: z.string().nullable(),
  lines: z.array(stockIssueLine),
});
export type StockIssueDetail = z.infer<typeof stockIssueDetail>;

export const createStockIssueBody = z
  .object({
    storeId: uuid,
    purpose: issuePurpose.exclude(['distribution']),
    toAmcosId: uuid.nullish().transform((v) => v ?? null),
    issuedTo: requiredText('Say who received the goods', 120),
    issuedOn: isoDate,
    remarks: optionalText(500),
    lines: z.array(stockLineBody).min(1, 'Add at least one line'),
  })
  .refine((b) => b.purpose !== 'amcos' || b.toAmcosId !== null, {
    path: ['toAmcosId'],
    message: 'Choose the AMCOS the goods go to',
  });
export type CreateStockIssueBody = z.infer<typeof createStockIssueBody>;

export const stockIssueListQuery = listQuery.extend({
  purpose: issuePurpose.optional(),
  store_id: uuid.optional(),
  amcos_id: uuid.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
});
export type StockIssueListQuery = z.infer<typeof stockIssueListQuery>;
