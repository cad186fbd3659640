import {
  type DocumentKind,
  documentNoteBody,
  documentNoteReply,
  documentNoteSavedReply,
  documentTermsBody,
  documentTermsParams,
  documentTermsReply,
  documentTermsSavedReply,
  idParams,
  type Permission,
} from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { getDocumentNote, getDocumentTerms } from './queries.ts';
import { saveDocumentNote } from './save-document-note.ts';
import { saveDocumentTerms } from './save-document-terms.ts';

const tags = ['document-texts'];

/** Who reads and who writes a kind's note (the document's own permissions; union documents). */
const NOTE_ACCESS: Record<DocumentKind, { read: Permission; write: Permission }> = {
  purchase_order: { read: 'purchase.order.read', write: 'purchase.order.create' },
  sales_invoice: { read: 'sales.invoice.read', write: 'sales.invoice.create' },
};

/** Where each kind's note is read and written: under the document's own address. */
const NOTE_PATHS: Record<DocumentKind, string> = {
  purchase_order: '/purchase/orders',
  sales_invoice: '/sales/invoices',
};

/**
 * Terms and notes on documents (#18). The union's standard terms are union settings (read by union
 * staff, written with cooperative.union.update); a document's note lives under the document's
 * address (/purchase/orders/:id/note, /sales/invoices/:id/note) with the document's permissions.
 */
export function documentTextsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/settings/document-terms/:kind',
    {
      config: { access: { permission: 'cooperative.union.read', audience: 'union' } },
      schema: { tags, params: documentTermsParams, response: { 200: documentTermsReply } },
    },
    async (req) => ({ data: await getDocumentTerms(deps.db, req.params.kind) }),
  );
  app.put(
    '/settings/document-terms/:kind',
    {
      config: { access: { permission: 'cooperative.union.update', audience: 'union' } },
      schema: {
        tags,
        params: documentTermsParams,
        body: documentTermsBody,
        response: { 200: documentTermsSavedReply },
      },
    },
    async (req) => ({
      message: 'Terms saved successfully',
      data: await saveDocumentTerms(deps.db, actorOf(req), { kind: req.params.kind, terms: req.body.terms }),
    }),
  );
  for (const [kind, path] of Object.entries(NOTE_PATHS) as [DocumentKind, string][]) {
    const access = NOTE_ACCESS[kind];
    app.get(
      `${path}/:id/note`,
      {
        config: { access: { permission: access.read, audience: 'union' } },
        schema: { tags, params: idParams, response: { 200: documentNoteReply } },
      },
      async (req) => ({ data: await getDocumentNote(deps.db, kind, req.params.id) }),
    );
    app.put(
      `${path}/:id/note`,
      {
        config: { access: { permission: access.write, audience: 'union' } },
        schema: { tags, params: idParams, body: documentNoteBody, response: { 200: documentNoteSavedReply } },
      },
      async (req) => ({
        message: 'Note saved successfully',
        data: await saveDocumentNote(deps.db, actorOf(req), { kind, id: req.params.id, note: req.body.note }),
      }),
    );
  }
}
