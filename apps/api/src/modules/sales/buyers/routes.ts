import { idParams, isoDate } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import { getOrNotFound, registerCatalog } from '../../../platform/catalog.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf } from '../../../platform/exports.ts';
import { buyerStatementPdf } from '../pdf.ts';
import { read } from '../route-helpers.ts';
import { buyerResource } from './buyers.ts';
import { buyerStatement } from './statement.ts';

/** Issue 6: the buyers catalogue and a buyer's statement. Union staff only. */
export function buyersRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  registerCatalog(app, deps, buyerResource);
  app.get(
    '/sales/buyers/:id/statement',
    {
      config: { access: read },
      schema: {
        tags: ['buyers'],
        params: idParams,
        querystring: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
      },
    },
    async (req, reply) => {
      await getOrNotFound(buyerResource, db, req.params.id);
      const to = req.query.to ?? todayInTanzania();
      const from = req.query.from ?? `${to.slice(0, 4)}-01-01`;
      const statement = await buyerStatement(db, req.params.id, from, to);
      return sendPdf(reply, `BUYER_STATEMENT_${from}_${to}`, await buyerStatementPdf(db, statement));
    },
  );
}
