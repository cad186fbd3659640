import {
  createFinancialYearBody,
  financialYear,
  financialYearDetailReply,
  financialYearListQuery,
  financialYearReply,
  idParams,
  paged,
  reopenFinancialYearBody,
  updateFinancialYearBody,
  yearClosingReply,
  yearSurplusReply,
} from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { listOrExport } from '../../platform/exports.ts';
import { closeFinancialYear } from './close-financial-year.ts';
import { createFinancialYear } from './create-financial-year.ts';
import { getFinancialYearRow, listFinancialYears, toFinancialYear } from './queries.ts';
import { reopenFinancialYear } from './reopen-financial-year.ts';
import { updateFinancialYear } from './update-financial-year.ts';
import type { YearEndBooks } from './year-end.ts';

const tags = ['financial-years'];
const read = { permission: 'accounts.ledger.read', audience: 'union' } as const;
const write = { permission: 'cooperative.year.update', audience: 'union' } as const;

/** The routes of financial years; closing one asks the books through `books` (a port, see year-end.ts). */
export const financialYearsRoutes = (books: YearEndBooks) => (app: ZodApp, deps: AppDeps) => {
  app.get(
    '/financial-years',
    {
      config: { access: read },
      schema: { tags, querystring: financialYearListQuery, response: { 200: paged(financialYear) } },
    },
    (req, reply) =>
      listOrExport(reply, req.query, (window) => listFinancialYears(deps.db, req.query, window), {
        name: 'FINANCIAL_YEARS',
        columns: [
          { header: 'Name', value: (r) => r.name },
          { header: 'Start', value: (r) => r.startDate },
          { header: 'End', value: (r) => r.endDate },
          { header: 'Status', value: (r) => r.status },
          { header: 'Collection locked until', value: (r) => r.collectionLockedUntil },
          { header: 'Operation locked until', value: (r) => r.operationLockedUntil },
        ],
      }),
  );
  app.post(
    '/financial-years',
    {
      config: { access: write },
      schema: { tags, body: createFinancialYearBody, response: { 201: financialYearReply } },
    },
    async (req, reply) => {
      const data = await createFinancialYear(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Financial year created successfully', data });
    },
  );
  app.get(
    '/financial-years/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: financialYearDetailReply } },
    },
    async (req) => ({ data: toFinancialYear(await getFinancialYearRow(deps.db, req.params.id)) }),
  );
  app.patch(
    '/financial-years/:id',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: updateFinancialYearBody,
        response: { 200: financialYearReply },
      },
    },
    async (req) => ({
      message: 'Financial year updated successfully',
      data: await updateFinancialYear(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
  // Beyond SPEC: what closing the year will post, for the close confirmation.
  app.get(
    '/financial-years/:id/closing',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: yearClosingReply } },
    },
    async (req) => ({
      data: await books.preview(deps.db, await getFinancialYearRow(deps.db, req.params.id)),
    }),
  );
  // #28 for #32: a closed year's accumulated surplus (per book and union), which the AGM shares.
  app.get(
    '/financial-years/:id/surplus',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: yearSurplusReply } },
    },
    async (req) => ({
      data: await books.surplus(deps.db, actorOf(req), { financialYearId: req.params.id }),
    }),
  );
  app.patch(
    '/financial-years/:id/close',
    { config: { access: write }, schema: { tags, params: idParams, response: { 200: financialYearReply } } },
    async (req) => ({
      message: 'Financial year closed successfully',
      data: await closeFinancialYear(deps.db, actorOf(req), { id: req.params.id, books }),
    }),
  );
  // #28: a closed year opened again for an adjustment, with the reason in its history.
  app.patch(
    '/financial-years/:id/reopen',
    {
      config: { access: write },
      schema: {
        tags,
        params: idParams,
        body: reopenFinancialYearBody,
        response: { 200: financialYearReply },
      },
    },
    async (req) => ({
      message: 'Financial year reopened successfully',
      data: await reopenFinancialYear(deps.db, actorOf(req), { id: req.params.id, reason: req.body.reason }),
    }),
  );
};
