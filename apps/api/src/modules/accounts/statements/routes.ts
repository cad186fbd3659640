import {
  cashFlowsReply,
  changesInFundsReply,
  financialPositionQuery,
  financialPositionReply,
  incomeAndExpenditureReply,
  statementPeriodQuery,
} from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../../db/client.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf } from '../../../platform/exports.ts';
import { currentLanguage } from '../../../platform/labels.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { auditPackRoutes } from './audit-pack-routes.ts';
import { cashFlowsStatement } from './cash-flows.ts';
import { changesInFundsStatement } from './changes-in-funds.ts';
import { financialPositionStatement } from './financial-position.ts';
import { incomeAndExpenditureStatement } from './income-and-expenditure.ts';
import { statementMappingRoutes } from './mapping-routes.ts';
import {
  cashFlowDocument,
  changesDocument,
  incomeDocument,
  positionDocument,
  type StatementDocument,
} from './statement-document.ts';
import { statementsPdf, statementsXlsx } from './statement-files.ts';

const tags = ['reports'];
/** The accountant, the finance manager and the auditor: whoever reads the ledger. Union staff only. */
export const statementsRead = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A statement as the file asked for: an A4 PDF under the union's letterhead, or a workbook. */
async function sendStatement(
  reply: FastifyReply,
  db: DbOrTx,
  format: 'xlsx' | 'pdf',
  doc: StatementDocument,
) {
  const lang = currentLanguage();
  if (format === 'pdf')
    return sendPdf(reply, doc.name, await statementsPdf(lang, await unionLetterhead(db), [doc]));
  reply.header('content-disposition', `attachment; filename="${doc.name}.xlsx"`);
  return reply.type(XLSX).send(await statementsXlsx(lang, [doc]));
}

/** The year's accounts (#28): the four statements of a book or of the union, JSON, xlsx or PDF. */
export function statementRoutes(app: ZodApp, deps: AppDeps) {
  const config = { access: statementsRead, reportRead: true };
  app.get(
    '/reports/financial-position',
    {
      config,
      schema: { tags, querystring: financialPositionQuery, response: { 200: financialPositionReply } },
    },
    async (req, reply) => {
      const q = req.query;
      const data = await financialPositionStatement(deps.reportDb, {
        book: q.book,
        asAt: q.as_at,
        compare: q.compare,
      });
      if (q.format === 'json') return { data };
      return sendStatement(reply, deps.reportDb, q.format, positionDocument(currentLanguage(), data));
    },
  );
  app.get(
    '/reports/income-and-expenditure',
    {
      config,
      schema: { tags, querystring: statementPeriodQuery, response: { 200: incomeAndExpenditureReply } },
    },
    async (req, reply) => {
      const data = await incomeAndExpenditureStatement(deps.reportDb, req.query);
      if (req.query.format === 'json') return { data };
      return sendStatement(reply, deps.reportDb, req.query.format, incomeDocument(currentLanguage(), data));
    },
  );
  app.get(
    '/reports/cash-flows',
    { config, schema: { tags, querystring: statementPeriodQuery, response: { 200: cashFlowsReply } } },
    async (req, reply) => {
      const data = await cashFlowsStatement(deps.reportDb, req.query);
      if (req.query.format === 'json') return { data };
      return sendStatement(reply, deps.reportDb, req.query.format, cashFlowDocument(currentLanguage(), data));
    },
  );
  app.get(
    '/reports/changes-in-funds',
    { config, schema: { tags, querystring: statementPeriodQuery, response: { 200: changesInFundsReply } } },
    async (req, reply) => {
      const data = await changesInFundsStatement(deps.reportDb, req.query);
      if (req.query.format === 'json') return { data };
      return sendStatement(reply, deps.reportDb, req.query.format, changesDocument(currentLanguage(), data));
    },
  );
  statementMappingRoutes(app, deps);
  auditPackRoutes(app, deps);
}
