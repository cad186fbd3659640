import {
  createReleaseNoteBody,
  detailReply,
  idParams,
  paged,
  releasableLot,
  releaseNote,
  releaseNoteDetail,
  releaseNoteListQuery,
  savedReply,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendPdf } from '../../../platform/exports.ts';
import { releaseNotePdf } from '../pdf.ts';
import { invoiceWrite, read } from '../route-helpers.ts';
import { createReleaseNote } from './create-release-note.ts';
import { getReleaseNote, listReleasableLots, listReleaseNotes } from './queries.ts';

/** Issue 6: release notes, the buyer taking paid lots out of the warehouse. Union staff only. */
export function releaseNotesRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  const releaseTags = ['release-notes'];
  app.get(
    '/sales/release-notes',
    {
      config: { access: read },
      schema: { tags: releaseTags, querystring: releaseNoteListQuery, response: { 200: paged(releaseNote) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listReleaseNotes(db, req.query, window), {
        name: 'RELEASE_NOTES',
        columns: [
          { header: 'Release note', value: (r) => r.releaseNo },
          { header: 'Buyer', value: (r) => r.buyerName, width: 30 },
          { header: 'Warehouse', value: (r) => r.warehouseName, width: 24 },
          { header: 'Date', value: (r) => r.releaseDate },
          { header: 'Lots', value: (r) => r.lotCount },
          { header: 'Net kg', value: (r) => r.totalKg },
        ],
      }),
  );
  app.get(
    '/sales/release-notes/releasable',
    {
      config: { access: read },
      schema: {
        tags: releaseTags,
        querystring: z.object({ buyer_id: z.uuid('Choose a buyer') }),
        response: { 200: z.object({ data: z.array(releasableLot) }) },
      },
    },
    async (req) => ({ data: await listReleasableLots(db, req.query.buyer_id) }),
  );
  app.post(
    '/sales/release-notes',
    {
      config: { access: invoiceWrite },
      schema: {
        tags: releaseTags,
        body: createReleaseNoteBody,
        response: { 201: savedReply(releaseNoteDetail) },
      },
    },
    async (req, reply) => {
      const data = await createReleaseNote(db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Release note created successfully', data });
    },
  );
  app.get(
    '/sales/release-notes/:id',
    {
      config: { access: read },
      schema: { tags: releaseTags, params: idParams, response: { 200: detailReply(releaseNoteDetail) } },
    },
    async (req) => ({ data: await getReleaseNote(db, req.params.id) }),
  );
  app.get(
    '/sales/release-notes/:id/pdf',
    { config: { access: read }, schema: { tags: releaseTags, params: idParams } },
    async (req, reply) => {
      const note = await getReleaseNote(db, req.params.id);
      return sendPdf(reply, note.releaseNo, await releaseNotePdf(db, note));
    },
  );
}
