import { farmerStatementQuery, farmerStatementReply, idParams } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { sendPdf } from '../../platform/exports.ts';
import { readFarmerStatement } from './read-farmer-statement.ts';
import { farmerStatementPdf } from './statement-pdf.ts';

const tags = ['farmers'];
/** A farmer's own money: those who read farmers, an AMCOS user their own society's only. */
const read = { permission: 'amcos.farmer.read', audience: 'any' } as const;

/** A farmer's season statement (#27): the figures for their page, and the same as a PDF. */
export function farmerStatementsRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/farmers/:id/statement',
    {
      config: { access: read },
      schema: {
        tags,
        params: idParams,
        querystring: farmerStatementQuery,
        response: { 200: farmerStatementReply },
      },
    },
    async (req) => ({
      data: await readFarmerStatement(deps.db, actorOf(req), {
        farmerId: req.params.id,
        seasonId: req.query.season_id,
      }),
    }),
  );
  // The printed statement; /payments/farmers/{id}/statement is its earlier address, kept.
  for (const path of ['/collections/farmers/:id/statement/pdf', '/payments/farmers/:id/statement']) {
    app.get(
      path,
      { config: { access: read }, schema: { tags, params: idParams, querystring: farmerStatementQuery } },
      async (req, reply) => {
        const statement = await readFarmerStatement(deps.db, actorOf(req), {
          farmerId: req.params.id,
          seasonId: req.query.season_id,
        });
        const { name, body } = await farmerStatementPdf(deps.db, statement, todayInTanzania());
        return sendPdf(reply, name, body);
      },
    );
  }
}
