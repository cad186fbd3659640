import { buyerAgedQuery, type buyerAgedReport } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf, toXlsx } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { agedReportPdf } from '../pdf.ts';
import { buyerAgedDetails, buyerAgedSummary } from './buyer-aged.ts';

const reportRead = { permission: 'reports.report.read', audience: 'union' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Issue 6: the buyer aged summary and details reports (JSON, PDF or XLSX). Union staff only. */
export function salesReportRoutes(app: ZodApp, deps: AppDeps) {
  const db = deps.reportDb;
  const agedReport = async (
    req: { query: z.infer<typeof buyerAgedQuery> },
    reply: FastifyReply,
    view: 'summary' | 'details',
  ) => {
    const params = { asAt: req.query.as_at ?? todayInTanzania(), buyerId: req.query.buyer_id };
    const name = `BUYER_AGED_${view.toUpperCase()}_${params.asAt}`;
    const union = await unionLetterhead(db);
    if (view === 'summary') {
      const report = await buyerAgedSummary(db, params);
      if (req.query.format === 'json') return reply.send({ data: report });
      if (req.query.format === 'pdf') return sendPdf(reply, name, await agedReportPdf(report, union));
      return sendXlsx(reply, name, await toXlsx(name, agedSummaryColumns, report.summary));
    }
    const report = await buyerAgedDetails(db, params);
    if (req.query.format === 'json') return reply.send({ data: report });
    if (req.query.format === 'pdf') return sendPdf(reply, name, await agedReportPdf(report, union));
    return sendXlsx(reply, name, await toXlsx(name, agedDetailColumns, report.details));
  };
  app.get(
    '/reports/buyer/aged-summary',
    {
      config: { access: reportRead, reportRead: true },
      schema: { tags: ['reports'], querystring: buyerAgedQuery },
    },
    (req, reply) => agedReport(req, reply, 'summary'),
  );
  app.get(
    '/reports/buyer/aged-details',
    {
      config: { access: reportRead, reportRead: true },
      schema: { tags: ['reports'], querystring: buyerAgedQuery },
    },
    (req, reply) => agedReport(req, reply, 'details'),
  );
}

function sendXlsx(reply: FastifyReply, name: string, body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.xlsx"`);
  return reply.type(XLSX).send(body);
}

type AgedSummaryRow = z.infer<typeof buyerAgedReport>['summary'][number];
type AgedDetailRow = z.infer<typeof buyerAgedReport>['details'][number];
const agedSummaryColumns = [
  { header: 'Buyer', value: (r: AgedSummaryRow) => r.buyerName, width: 30 },
  { header: '0-30 days', value: (r: AgedSummaryRow) => r.current },
  { header: '31-60 days', value: (r: AgedSummaryRow) => r.d31to60 },
  { header: '61-90 days', value: (r: AgedSummaryRow) => r.d61to90 },
  { header: 'Over 90 days', value: (r: AgedSummaryRow) => r.over90 },
  { header: 'Credit', value: (r: AgedSummaryRow) => r.credit },
  { header: 'Balance', value: (r: AgedSummaryRow) => r.balance },
];
const agedDetailColumns = [
  { header: 'Buyer', value: (r: AgedDetailRow) => r.buyerName, width: 30 },
  { header: 'Invoice', value: (r: AgedDetailRow) => r.invoiceNo },
  { header: 'Date', value: (r: AgedDetailRow) => r.invoiceDate },
  { header: 'Due', value: (r: AgedDetailRow) => r.dueDate },
  { header: 'Days', value: (r: AgedDetailRow) => r.days },
  { header: 'Total', value: (r: AgedDetailRow) => r.total },
  { header: 'Paid', value: (r: AgedDetailRow) => r.paid },
  { header: '0-30 days', value: (r: AgedDetailRow) => r.current },
  { header: '31-60 days', value: (r: AgedDetailRow) => r.d31to60 },
  { header: '61-90 days', value: (r: AgedDetailRow) => r.d61to90 },
  { header: 'Over 90 days', value: (r: AgedDetailRow) => r.over90 },
];
