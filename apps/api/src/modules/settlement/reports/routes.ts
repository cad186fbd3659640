import { idParams, settlementReportQuery, settlementReportReply } from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf } from '../../../platform/exports.ts';
import { access, tags } from '../access.ts';
import { type Filter, REPORTS, reportTotals } from './auction-payment-reports.ts';
import { farmerStatementPdf } from './farmer-statement-pdf.ts';
import { reportPdf, reportXlsx } from './report-files.ts';

async function sendFile(reply: FastifyReply, type: string, body: Buffer): Promise<FastifyReply> {
  return reply.type(type).send(body);
}

/** Auction payment reports of approved settlements (json, xlsx or PDF). */
export function settlementReportRoutes(app: ZodApp, deps: AppDeps) {
  for (const report of REPORTS) {
    app.get(
      `/reports/auction/${report.path}`,
      {
        config: { access: { permission: 'reports.report.read', audience: 'any' } },
        schema: {
          tags: ['reports'],
          querystring: settlementReportQuery,
          response: { 200: settlementReportReply },
        },
      },
      async (req, reply) => {
        const filter: Filter = {
          auctionId: req.query.auction_id,
          seasonCropId: req.query.season_crop_id,
          society: societyOf(actorOf(req)),
        };
        const rows = await report.rows(deps.db, filter);
        const totals = reportTotals(report, rows);
        if (req.query.format === 'json') return { data: { columns: report.columns, rows, totals } };
        const name = report.path.toUpperCase();
        reply.header('content-disposition', `attachment; filename="${name}.${req.query.format}"`);
        if (req.query.format === 'xlsx') {
          const body = await reportXlsx(report, name, rows, totals);
          return sendFile(reply, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body);
        }
        return sendFile(reply, 'application/pdf', await reportPdf(report, rows, totals));
      },
    );
  }
}

/** A farmer's statement PDF: settled lots and what was paid (an AMCOS user: own farmers only). */
export function farmerStatementRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/payments/farmers/:id/statement',
    { config: { access: access.read }, schema: { tags, params: idParams } },
    async (req, reply) => {
      const { name, body } = await farmerStatementPdf(deps.db, actorOf(req), req.params.id);
      return sendPdf(reply, name, body);
    },
  );
}
