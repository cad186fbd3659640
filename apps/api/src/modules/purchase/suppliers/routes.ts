import { detailReply, idParams, isoDate, supplierDetail } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { z } from 'zod';
import type { ZodApp } from '../../../platform/app-types.ts';
import { registerCatalog } from '../../../platform/catalog.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { sendPdf } from '../../../platform/exports.ts';
import { purchaseRead } from '../access.ts';
import { supplierStatementPdf } from '../pdf.ts';
import { getSupplierDetail } from './queries.ts';
import { supplierStatement } from './statement.ts';
import { supplierResource } from './suppliers.ts';

/** Issue 13: the suppliers catalogue, a supplier's details (open orders, invoices) and statement. */
export function suppliersRoutes(app: ZodApp, deps: AppDeps) {
  const { db } = deps;
  registerCatalog(app, deps, supplierResource);
  app.get(
    '/purchase/suppliers/:id/details',
    {
      config: { access: purchaseRead },
      schema: { tags: ['suppliers'], params: idParams, response: { 200: detailReply(supplierDetail) } },
    },
    async (req) => ({ data: await getSupplierDetail(db, req.params.id) }),
  );
  app.get(
    '/purchase/suppliers/:id/statement',
    {
      config: { access: purchaseRead },
      schema: {
        tags: ['suppliers'],
        params: idParams,
        querystring: z.object({ from: isoDate.optional(), to: isoDate.optional() }),
      },
    },
    async (req, reply) => {
      const to = req.query.to ?? todayInTanzania();
      const from = req.query.from ?? `${to.slice(0, 4)}-01-01`;
      const statement = await supplierStatement(db, req.params.id, from, to);
      return sendPdf(reply, `SUPPLIER_STATEMENT_${from}_${to}`, await supplierStatementPdf(db, statement));
    },
  );
}
