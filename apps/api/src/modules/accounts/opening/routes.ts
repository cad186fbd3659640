import {
  bookOpeningReply,
  bookParams,
  goLiveCheckReply,
  goLiveReply,
  idParams,
  openingImportReply,
  openingKindParams,
  openingPreviewReply,
  reverseOpeningBody,
  setGoLiveBody,
} from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { fieldError } from '../../../platform/errors.ts';
import { type OpeningDefinitions, type OpeningUpload, withTrialBalance } from './check-opening.ts';
import { confirmGoLive } from './confirm-go-live.ts';
import { goLiveCheck } from './go-live-check.ts';
import { importOpening } from './import-opening.ts';
import { openingTemplate, readOpeningSheet } from './opening-sheet.ts';
import { previewOpeningImport } from './preview-opening-import.ts';
import { goLiveOverview } from './queries.ts';
import { reverseOpeningImport } from './reverse-opening-import.ts';
import { setGoLive } from './set-go-live.ts';

const tags = ['accounts'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const manage = { permission: 'accounts.opening.manage', audience: 'union' } as const;
const uploadQuery = z.object({ book: z.enum(['collection', 'operation']).optional() });

/** An upload route's schema: the sheet as multipart, its kind, the book it opens and the reply. */
const uploadSchema = <Reply extends z.ZodType>(reply: Reply) => ({
  tags,
  consumes: ['multipart/form-data'],
  params: openingKindParams,
  querystring: uploadQuery,
  response: { 200: reply },
});

/** The uploaded opening sheet: multipart, the file in a field named `file`. */
async function uploaded(
  req: FastifyRequest,
  kind: OpeningUpload['kind'],
  book: OpeningUpload['book'],
  definitions: OpeningDefinitions,
): Promise<OpeningUpload> {
  if (!req.isMultipart()) throw fieldError('file', 'Upload the sheet as multipart/form-data');
  const file = await req.file();
  if (!file) throw fieldError('file', 'You must select a file.');
  const bytes = await file.toBuffer();
  const rows = await readOpeningSheet(kind, bytes, file.filename);
  return { kind, book, fileName: file.filename, bytes, rows, definitions };
}

/**
 * Going live mid-life (#36): union accountants only. `subledgers`: the sub-ledger modules' opening
 * kinds (app.ts hands them in).
 */
export const openingRoutes = (subledgers: OpeningDefinitions) => (app: ZodApp, deps: AppDeps) => {
  const definitions = withTrialBalance(subledgers);
  app.get(
    '/accounts/opening',
    { config: { access: read }, schema: { tags, response: { 200: goLiveReply } } },
    async () => ({
      data: await goLiveOverview(deps.db),
    }),
  );
  app.put(
    '/accounts/opening/books/:book',
    {
      config: { access: manage },
      schema: { tags, params: bookParams, body: setGoLiveBody, response: { 200: bookOpeningReply } },
    },
    async (req) => ({
      message: 'Go-live saved',
      data: await setGoLive(deps.db, actorOf(req), { ...req.body, book: req.params.book }),
    }),
  );
  app.get(
    '/accounts/opening/books/:book/check',
    { config: { access: read }, schema: { tags, params: bookParams, response: { 200: goLiveCheckReply } } },
    async (req) => ({ data: await goLiveCheck(deps.db, req.params.book) }),
  );
  app.patch(
    '/accounts/opening/books/:book/confirm',
    { config: { access: manage }, schema: { tags, params: bookParams, response: { 200: bookOpeningReply } } },
    async (req) => ({
      message: 'The book is live',
      data: await confirmGoLive(deps.db, actorOf(req), { book: req.params.book }),
    }),
  );
  importRoutes(app, deps, definitions);
};

function importRoutes(app: ZodApp, deps: AppDeps, definitions: OpeningDefinitions) {
  app.get(
    '/accounts/opening/:kind/template',
    {
      config: { access: read },
      schema: {
        tags,
        params: openingKindParams,
        querystring: z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }),
      },
    },
    async (req, reply) => {
      const { format } = req.query;
      reply.header(
        'content-disposition',
        `attachment; filename="opening-${req.params.kind.replace(/_/g, '-')}.${format}"`,
      );
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .send(await openingTemplate(req.params.kind, format));
    },
  );
  app.post(
    '/accounts/opening/:kind/preview',
    {
      config: { access: manage },
      schema: uploadSchema(openingPreviewReply),
    },
    async (req) => ({
      data: await previewOpeningImport(
        deps.db,
        actorOf(req),
        await uploaded(req, req.params.kind, req.query.book, definitions),
      ),
    }),
  );
  app.post(
    '/accounts/opening/:kind/import',
    {
      config: { access: manage },
      schema: uploadSchema(openingImportReply),
    },
    async (req) => ({
      message: 'Opening imported',
      data: await importOpening(
        deps.db,
        actorOf(req),
        await uploaded(req, req.params.kind, req.query.book, definitions),
      ),
    }),
  );
  app.patch(
    '/accounts/opening/imports/:id/reverse',
    {
      config: { access: manage },
      schema: { tags, params: idParams, body: reverseOpeningBody, response: { 200: openingImportReply } },
    },
    async (req) => ({
      message: 'Opening reversed',
      data: await reverseOpeningImport(deps.db, actorOf(req), {
        ...req.body,
        id: req.params.id,
        definitions,
      }),
    }),
  );
}
