import {
  createStockIssueBody,
  detailReply,
  idParams,
  paged,
  savedReply,
  stockIssue,
  stockIssueDetail,
  stockIssueListQuery,
} from '@ushirika/contracts';
import { actorOf, assertSociety, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { createStockIssue } from './create-stock-issue.ts';
import { getStockIssue, listStockIssues } from './queries.ts';

const tags = ['inventory'];
const read = { permission: 'inventory.store.read', audience: 'any' } as const;
const write = { permission: 'inventory.store.update', audience: 'any' } as const;
const base = '/inventory/issues';

/** Stock issues: out of a store at weighted average cost; an AMCOS user from their own stores. */
export function issuesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    base,
    {
      config: { access: read },
      schema: { tags, querystring: stockIssueListQuery, response: { 200: paged(stockIssue) } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listStockIssues(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'STOCK_ISSUES',
          columns: [
            { header: 'Issue no', value: (r) => r.issueNo },
            { header: 'Issued on', value: (r) => r.issuedOn },
            { header: 'Store', value: (r) => r.storeName, width: 28 },
            { header: 'Purpose', value: (r) => r.purpose },
            { header: 'Issued to', value: (r) => r.toAmcosName ?? r.issuedTo, width: 28 },
            { header: 'Lines', value: (r) => r.lineCount },
            { header: 'Value', value: (r) => r.totalValue },
          ],
        },
      ),
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(stockIssueDetail) } },
    },
    async (req) => {
      const data = await getStockIssue(deps.db, req.params.id);
      assertSociety(actorOf(req), data.amcosId);
      return { data };
    },
  );
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: createStockIssueBody, response: { 201: savedReply(stockIssueDetail) } },
    },
    async (req, reply) => {
      const data = await createStockIssue(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: `${data.issueNo} issued from ${data.storeName}`, data });
    },
  );
}
