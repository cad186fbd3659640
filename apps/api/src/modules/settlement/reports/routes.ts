import { settlementReportQuery, settlementReportReply } from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { type Filter, REPORTS, reportTotals } from './auction-payment-reports.ts';
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
        return sendFile(
          reply,
          'application/pdf',
          await reportPdf(await unionLetterhead(deps.db), report, rows, totals),
        );
      },
    );
  }
}
