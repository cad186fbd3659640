import {
  cancelDistributionBody,
  createDistributionBody,
  detailReply,
  distributionDetail,
  distributionList,
  distributionListQuery,
  distributionReport,
  distributionReportQuery,
  distributionStores,
  distributionStoresQuery,
  idParams,
  savedReply,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport, sendExport, sendPdf } from '../../../platform/exports.ts';
import { currentLanguage, unitLabel } from '../../../platform/labels.ts';
import { pagedReply, pageWindow, plainJsonSerializer } from '../../../platform/list.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { access, tags } from '../access.ts';
import { cancelDistribution } from './cancel-distribution.ts';
import { createDistribution } from './create-distribution.ts';
import { distributionNotePdf, distributionReportPdf } from './distribution-pdfs.ts';
import { distributionReport as buildReport } from './distribution-report.ts';
import { getDistribution, listDistributions, storesForRequest } from './queries.ts';

const path = '/collections/distributions';

/** Inputs issued to farmers from AMCOS stores, their notes and the season report. */
export function distributionsRoutes(app: ZodApp, deps: AppDeps) {
  distributionRoutes(app, deps);
  distributionFollowUpRoutes(app, deps);
}

/** Distributions: list, issue, the stores to issue from, one distribution. */
function distributionRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    path,
    {
      config: { access: access.read },
      schema: { tags, querystring: distributionListQuery, response: { 200: distributionList } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listDistributions(deps.db, actorOf(req), req.query, window),
        {
          name: 'DISTRIBUTIONS',
          columns: [
            { header: 'Distribution no', value: (r) => r.distributionNo },
            { header: 'Date', value: (r) => r.distributedOn },
            { header: 'Farmer no', value: (r) => r.farmerNo },
            { header: 'Farmer', value: (r) => r.farmerName, width: 30 },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 30 },
            { header: 'Type', value: (r) => r.kind, label: 'inputs.kinds' },
            { header: 'Farmer amount', value: (r) => r.farmerAmount },
            { header: 'Subsidy', value: (r) => r.subsidyAmount },
            { header: 'Loan', value: (r) => r.loanNo ?? '' },
            { header: 'Status', value: (r) => r.status },
          ],
        },
      ),
  );
  app.post(
    path,
    {
      config: { access: access.record },
      schema: { tags, body: createDistributionBody, response: { 201: savedReply(distributionDetail) } },
    },
    async (req, reply) => {
      const data = await createDistribution(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Inputs distributed successfully', data });
    },
  );
  app.get(
    `${path}/stores`,
    {
      config: { access: access.read },
      schema: { tags, querystring: distributionStoresQuery, response: { 200: distributionStores } },
    },
    async (req) => ({ data: await storesForRequest(deps.db, actorOf(req), req.query.request_id) }),
  );
  app.get(
    `${path}/:id`,
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(distributionDetail) } },
    },
    async (req) => ({ data: await getDistribution(deps.db, actorOf(req), req.params.id) }),
  );
}

/** A distribution's note, cancelling it, and the distributions report. */
function distributionFollowUpRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    `${path}/:id/note`,
    { config: { access: access.read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const d = await getDistribution(deps.db, actorOf(req), req.params.id);
      return sendPdf(reply, d.distributionNo, await distributionNotePdf(d, await unionLetterhead(deps.db)), {
        inline: true,
      });
    },
  );
  app.patch(
    `${path}/:id/cancel`,
    {
      config: { access: access.approve },
      schema: {
        tags,
        params: idParams,
        body: cancelDistributionBody,
        response: { 200: savedReply(distributionDetail) },
      },
    },
    async (req) => ({
      message: 'Distribution cancelled',
      data: await cancelDistribution(deps.db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
  app.get(
    '/reports/distributions',
    {
      config: { access: access.report, reportRead: true },
      schema: { tags, querystring: distributionReportQuery, response: { 200: distributionReport } },
      serializerCompiler: plainJsonSerializer,
    },
    async (req, reply) => {
      const q = req.query;
      // A page of rows as every list (the shared page window and reply); the files take all rows.
      const report = await buildReport(
        deps.reportDb,
        actorOf(req),
        { seasonId: q.season_id, amcosId: q.amcos_id, kind: q.kind, search: q.search },
        q.format === 'json' ? pageWindow({ ...q, format: 'json' }) : null,
      );
      const { rows, total, ...summary } = report;
      // The use case answers the contract's shape (typed rows from SQL): no second pass over every row.
      if (q.format === 'json') return { ...pagedReply(rows, total, { ...q, format: 'json' }), ...summary };
      if (q.format === 'pdf')
        return sendPdf(
          reply,
          `DISTRIBUTIONS-${report.seasonName}`,
          await distributionReportPdf(report, await unionLetterhead(deps.reportDb)),
        );
      return sendExport(reply, {
        format: 'xlsx',
        name: 'DISTRIBUTIONS-REPORT',
        rows,
        columns: [
          { header: 'Item code', value: (r) => r.itemCode },
          { header: 'Item', value: (r) => r.itemName, width: 25 },
          { header: 'Unit', value: (r) => unitLabel(currentLanguage(), r.unit) },
          { header: 'AMCOS', value: (r) => r.amcosName, width: 30 },
          { header: 'Farmer no', value: (r) => r.farmerNo },
          { header: 'Farmer', value: (r) => r.farmerName, width: 30 },
          { header: 'Type', value: (r) => r.kind, label: 'inputs.kinds' },
          { header: 'Quantity', value: (r) => r.quantity },
          { header: 'Farmer value', value: (r) => r.farmerValue },
          { header: 'Subsidy', value: (r) => r.subsidyValue },
          { header: 'Cost', value: (r) => r.costValue },
        ],
      });
    },
  );
}
