import {
  budget,
  budgetAdjustment,
  budgetAdjustmentDetailReply,
  budgetAdjustmentReply,
  budgetDetailReply,
  budgetListQuery,
  budgetReply,
  budgetVsActualQuery,
  budgetVsActualRow,
  createBudgetAdjustmentBody,
  createBudgetBody,
  idParams,
  paged,
} from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { unionLetterhead } from '../../cooperative/union.ts';
import { budgetVsActualFile, sendReport } from '../reports/report-files.ts';
import { approveBudget } from './approve-budget.ts';
import { approveBudgetAdjustment } from './approve-budget-adjustment.ts';
import { budgetVsActual } from './budget-vs-actual.ts';
import { createBudget } from './create-budget.ts';
import { createBudgetAdjustment } from './create-budget-adjustment.ts';
import { getBudget, getBudgetAdjustment, listBudgetAdjustments, listBudgets } from './queries.ts';
import { budgetAdjustments } from './schema.ts';

const tags = ['budgets'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const create = { permission: 'accounts.budget.create', audience: 'union' } as const;
const approve = { permission: 'accounts.budget.approve', audience: 'union' } as const;

export function budgetRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/accounts/budgets',
    {
      config: { access: read },
      schema: { tags, querystring: budgetListQuery, response: { 200: paged(budget) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listBudgets(deps.db, req.query, window), {
        name: 'BUDGETS',
        columns: [
          { header: 'Number', value: (r) => r.number },
          { header: 'Name', value: (r) => r.name, width: 30 },
          { header: 'Financial year', value: (r) => r.financialYearName },
          { header: 'Book', value: (r) => r.book },
          { header: 'Total', value: (r) => r.total },
          { header: 'Status', value: (r) => r.status },
        ],
      }),
  );
  app.post(
    '/accounts/budgets',
    { config: { access: create }, schema: { tags, body: createBudgetBody, response: { 201: budgetReply } } },
    async (req, reply) => {
      const data = await createBudget(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Budget created successfully', data });
    },
  );
  app.get(
    '/accounts/budgets/:id',
    { config: { access: read }, schema: { tags, params: idParams, response: { 200: budgetDetailReply } } },
    async (req) => ({
      data: await getBudget(deps.db, req.params.id),
    }),
  );
  app.patch(
    '/accounts/budgets/:id/approve',
    { config: { access: approve }, schema: { tags, params: idParams, response: { 200: budgetReply } } },
    async (req) => ({
      message: 'Budget approved successfully',
      data: await approveBudget(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.post(
    '/accounts/budget-adjustments',
    {
      config: { access: create },
      schema: { tags, body: createBudgetAdjustmentBody, response: { 201: budgetAdjustmentReply } },
    },
    async (req, reply) => {
      const data = await createBudgetAdjustment(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Budget adjustment created successfully', data });
    },
  );
  app.get(
    '/accounts/budget/:id/adjustments',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: z.object({ data: z.array(budgetAdjustment) }) } },
    },
    async (req) => {
      await getBudget(deps.db, req.params.id);
      return { data: await listBudgetAdjustments(deps.db, eq(budgetAdjustments.budgetId, req.params.id)) };
    },
  );
  app.get(
    '/accounts/budget-adjustments/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: budgetAdjustmentDetailReply } },
    },
    async (req) => ({ data: await getBudgetAdjustment(deps.db, req.params.id) }),
  );
  app.patch(
    '/accounts/budget-adjustments/:id/approve',
    {
      config: { access: approve },
      schema: { tags, params: idParams, response: { 200: budgetAdjustmentReply } },
    },
    async (req) => ({
      message: 'Budget adjustment approved successfully',
      data: await approveBudgetAdjustment(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  // The report lives with its budget; its path is the financial reports' (SPEC).
  app.get(
    '/reports/budget-vs-actual',
    {
      config: { access: read, reportRead: true },
      schema: {
        tags: ['reports'],
        querystring: budgetVsActualQuery,
        response: {
          200: z.object({ data: z.object({ budgetId: z.string(), rows: z.array(budgetVsActualRow) }) }),
        },
      },
    },
    async (req, reply) => {
      const report = await budgetVsActual(deps.reportDb, req.query.budget_id);
      if (req.query.format === 'json') return { data: report };
      return sendReport(
        reply,
        req.query.format,
        budgetVsActualFile(report),
        await unionLetterhead(deps.reportDb),
      );
    },
  );
}
