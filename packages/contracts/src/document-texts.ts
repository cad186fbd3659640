import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Texts written in the markdown editor that print on documents (#18): the union's standard terms
 * for purchase orders and for sales invoices, and one note per purchase order or sales invoice.
 */
export const DOCUMENT_KINDS = ['purchase_order', 'sales_invoice'] as const;
export const documentKind = z.enum(DOCUMENT_KINDS);
export type DocumentKind = z.infer<typeof documentKind>;

export const DOCUMENT_TEXT_MAX = 10_000;
const markdownText = z.string().trim().max(DOCUMENT_TEXT_MAX, `At most ${DOCUMENT_TEXT_MAX} characters`);

export const documentTermsParams = z.object({ kind: documentKind });
export const documentTermsBody = z.object({ terms: markdownText });
export const documentTerms = z.object({
  kind: documentKind,
  terms: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DocumentTerms = z.infer<typeof documentTerms>;
export const documentTermsReply = z.object({ data: documentTerms });
export const documentTermsSavedReply = z.object({ message: z.string(), data: documentTerms });

export const documentNoteBody = z.object({ note: markdownText });
export const documentNote = z.object({
  kind: documentKind,
  documentId: uuid,
  note: z.string(),
  updatedBy: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type DocumentNote = z.infer<typeof documentNote>;
export const documentNoteReply = z.object({ data: documentNote });
export const documentNoteSavedReply = z.object({ message: z.string(), data: documentNote });
