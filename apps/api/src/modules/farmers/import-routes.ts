import { farmerImportPreview, farmerImportResult } from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { actorOf, societyOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError } from '../../platform/errors.ts';
import { checkFarmerImport, previewOf } from './check-import.ts';
import { importFarmers } from './import-farmers.ts';
import { farmerTemplate, readFarmerSheet } from './import-sheet.ts';

const tags = ['farmers'];
const access = { permission: 'amcos.farmer.create', audience: 'any' } as const;

/** The uploaded sheet: multipart, the file in a field named `file`. */
async function uploadedSheet(req: FastifyRequest) {
  if (!req.isMultipart()) throw fieldError('file', 'Upload the sheet as multipart/form-data');
  const file = await req.file();
  if (!file) throw fieldError('file', 'You must select a file.');
  return readFarmerSheet(await file.toBuffer(), file.filename);
}

export function importRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/farmers/import/template',
    {
      config: { access },
      schema: { tags, querystring: z.object({ format: z.enum(['xlsx', 'csv']).default('xlsx') }) },
    },
    async (req, reply) => {
      const { format } = req.query;
      reply.header('content-disposition', `attachment; filename="farmers-template.${format}"`);
      return reply
        .type(
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .send(await farmerTemplate(format));
    },
  );
  app.post(
    '/collections/farmers/import/preview',
    {
      config: { access },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: farmerImportPreview } },
    },
    async (req) => {
      const rows = await uploadedSheet(req);
      return previewOf(await checkFarmerImport(deps.db, { rows, callerSociety: societyOf(actorOf(req)) }));
    },
  );
  /** Saves the valid rows (all in one transaction) and reports the rows it skipped. */
  app.post(
    '/collections/farmers/import',
    {
      config: { access },
      schema: { tags, consumes: ['multipart/form-data'], response: { 200: farmerImportResult } },
    },
    async (req) => {
      const actor = actorOf(req);
      const rows = await uploadedSheet(req);
      const checked = await checkFarmerImport(deps.db, { rows, callerSociety: societyOf(actor) });
      return importFarmers(deps.db, actor, { checked });
    },
  );
}
