import { inputRequestImportResult } from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { fieldError } from '../../../platform/errors.ts';
import { access, tags } from '../access.ts';
import { importInputRequests } from './import-input-requests.ts';
import { readRequestSheet, requestTemplate } from './import-sheet.ts';

async function uploadedSheet(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'Upload the sheet as multipart/form-data');
  const file = await req.file();
  if (!file) throw fieldError('file', 'You must select a file.');
  return readRequestSheet(await file.toBuffer(), file.filename);
}

export function inputRequestImportRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/farmer-requests/import/template',
    {
      config: { access: access.record },
      schema: { tags, querystring: z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }) },
    },
    async (req, reply) => {
      const { format } = req.query;
      reply.header('content-disposition', `attachment; filename="farmer-requests-template.${format}"`);
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .send(await requestTemplate(format));
    },
  );
  /** One request per farmer of the sheet, for the season crop in the query; bad farmers skipped whole. */
  app.post(
    '/collections/farmer-requests/import',
    {
      config: { access: access.record },
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        querystring: z.object({ season_crop_id: z.uuid('Choose the season crop') }),
        response: { 200: inputRequestImportResult },
      },
    },
    async (req) =>
      importInputRequests(deps.db, actorOf(req), {
        seasonCropId: req.query.season_crop_id,
        rows: await uploadedSheet(req),
      }),
  );
}
