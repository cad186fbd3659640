import {
  awaitingLotRow,
  awaitingLotsQuery,
  idParams,
  issueLotsBody,
  lot,
  lotDetail,
  lotListQuery,
  paged,
  savedReply,
  updateLotCertificateBody,
} from '@ushirika/contracts';
import { dateInTanzania } from '@ushirika/domain';
import { z } from 'zod';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { societyDocumentRoutes } from '../../../platform/society-document.ts';
import { issueLots } from './issue-lots.ts';
import { warehouseReceiptPdf } from './pdf.ts';
import { getLot, listAwaitingLots, listLots } from './queries.ts';
import { updateLotCertificate } from './update-lot-certificate.ts';

const tags = ['lots'];
/** AMCOS users read their own society's lots; the union's warehouse issues and edits them. */
const read = { permission: 'collections.delivery.read', audience: 'any' } as const;
const write = { permission: 'collections.warehouse.update', audience: 'union' } as const;
const base = '/collections/lots';

export function lotsRoutes(app: ZodApp, deps: AppDeps) {
  /** The lot of the path's id and its PDF, refused to an AMCOS user of another society. */
  societyDocumentRoutes(app, deps.db, {
    base,
    tags,
    read,
    detail: lotDetail,
    get: getLot,
    pdf: warehouseReceiptPdf,
    fileName: (data) => data.whrNo,
  });
  app.get(
    base,
    { config: { access: read }, schema: { tags, querystring: lotListQuery, response: { 200: paged(lot) } } },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listLots(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'WAREHOUSE_RECEIPTS',
          columns: [
            { header: 'WHR no', value: (r) => r.whrNo },
            { header: 'Lot no', value: (r) => r.lotNo },
            { header: 'Warehouse', value: (r) => r.warehouseName, width: 24 },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 28 },
            { header: 'Season crop', value: (r) => r.seasonCropName, width: 24 },
            { header: 'Grade', value: (r) => r.gradeName },
            { header: 'Bags', value: (r) => r.bags },
            { header: 'Net kg', value: (r) => r.netKg },
            { header: 'Farmers kg', value: (r) => r.collectedKg },
            { header: 'Certificate', value: (r) => r.certificateNo },
            { header: 'Moisture %', value: (r) => r.moisture },
            { header: 'Outturn', value: (r) => r.outturn },
            { header: 'Nut count', value: (r) => r.nutCount },
            { header: 'Status', value: (r) => r.status, label: ['dnMd.status', 'status'] },
            { header: 'Issued', value: (r) => dateInTanzania(r.issuedAt) },
          ],
        },
      ),
  );
  app.get(
    `${base}/awaiting`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: awaitingLotsQuery,
        response: { 200: z.object({ data: z.array(awaitingLotRow) }) },
      },
    },
    async (req) => ({
      data: await listAwaitingLots(
        deps.db,
        { warehouseId: req.query.warehouse_id, amcosId: req.query.amcos_id },
        societyOf(actorOf(req)),
      ),
    }),
  );
  app.post(
    base,
    {
      config: { access: write },
      schema: {
        tags,
        body: issueLotsBody,
        response: { 201: z.object({ message: z.string(), data: z.array(lotDetail) }) },
      },
    },
    async (req, reply) => {
      const data = await issueLots(deps.db, actorOf(req), req.body);
      const numbers = data.map((l) => l.whrNo).join(', ');
      return reply.code(201).send({ message: `Warehouse receipts ${numbers} issued`, data });
    },
  );
  app.patch(
    `${base}/:id/certificate`,
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: updateLotCertificateBody,
        response: { 200: savedReply(lotDetail) },
      },
    },
    async (req) => {
      const data = await updateLotCertificate(deps.db, actorOf(req), { id: req.params.id, body: req.body });
      return { message: `Certificate of lot ${data.lotNo} saved`, data };
    },
  );
}
