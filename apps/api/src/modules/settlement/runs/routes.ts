import type { Paged } from '@ushirika/contracts';
import {
  cancelSettlementBody,
  detailReply,
  idParams,
  listQuery,
  savedReply,
  settlementDetails,
  settlementFarmerList,
  settlementList,
  settlementListQuery,
  settlementLotList,
  settlementPreview,
  settlementSelection,
} from '@ushirika/contracts';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { type PageWindow, pagedReply, pageWindow } from '../../../platform/list.ts';
import { access, tags } from '../access.ts';
import { approveSettlement } from './approve-settlement.ts';
import { cancelSettlement } from './cancel-settlement.ts';
import { createSettlement } from './create-settlement.ts';
import { previewSettlement } from './preview-settlement.ts';
import { getSettlement, listSettlements, settlementFarmers, settlementLots } from './queries.ts';

/** Settlement runs: preview, save a draft, approve (maker-checker) or cancel it. */
export function settlementRunsRoutes(app: ZodApp, deps: AppDeps) {
  settlementRoutes(app, deps);
  settlementPartRoutes(app, deps);
  settlementDecisionRoutes(app, deps);
}

/** Settlements: preview, list, create and read one. */
function settlementRoutes(app: ZodApp, deps: AppDeps) {
  app.post(
    '/payments/settlements/preview',
    {
      config: { access: access.write },
      schema: { tags, body: settlementSelection, response: { 200: detailReply(settlementPreview) } },
    },
    async (req) => ({ data: await previewSettlement(deps.db, actorOf(req), { selection: req.body }) }),
  );
  app.get(
    '/payments/settlements',
    {
      config: { access: access.unionRead },
      schema: { tags, querystring: settlementListQuery, response: { 200: settlementList } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listSettlements(deps.db, { status: req.query.status, search: req.query.search }, window),
        {
          name: 'SETTLEMENTS',
          columns: [
            { header: 'Settlement', value: (r) => r.settlementNo },
            { header: 'Date', value: (r) => r.settledOn },
            { header: 'Lots', value: (r) => r.lotCount },
            { header: 'Farmers', value: (r) => r.farmerCount },
            { header: 'Gross', value: (r) => r.gross },
            { header: 'Beneficiaries', value: (r) => r.beneficiaries },
            { header: 'Transport', value: (r) => r.transporters },
            { header: 'AMCOS', value: (r) => r.amcosShare },
            { header: 'Loan recovery', value: (r) => r.loanRecovery },
            { header: 'Farmers net', value: (r) => r.farmersNet },
            { header: 'Status', value: (r) => r.status, label: 'pay.status' },
          ],
        },
      ),
  );
  app.post(
    '/payments/settlements',
    {
      config: { access: access.write },
      schema: { tags, body: settlementSelection, response: { 201: savedReply(settlementDetails) } },
    },
    async (req, reply) => {
      const data = await createSettlement(deps.db, actorOf(req), {
        selection: req.body,
        timing: deps.config.settlementTiming,
      });
      return reply.code(201).send({ message: 'Settlement created successfully', data });
    },
  );
  app.get(
    '/payments/settlements/:id',
    {
      config: { access: access.read },
      schema: { tags, params: idParams, response: { 200: detailReply(settlementDetails) } },
    },
    async (req) => ({ data: await getSettlement(deps.db, req.params.id, societyOf(actorOf(req))) }),
  );
}

/** A settlement's farmers and lots, a page at a time. */
function settlementPartRoutes(app: ZodApp, deps: AppDeps) {
  /** A page of a settlement's farmers or lots; an AMCOS user (society) sees their own only. */
  function settlementPart<Row>(
    part: 'farmers' | 'lots',
    response: z.ZodType<Paged<Row>>,
    list: (
      db: DbOrTx,
      id: string,
      society: string | null,
      search: string | undefined,
      page: PageWindow,
    ) => Promise<{ rows: Row[]; total: number }>,
  ) {
    app.get(
      `/payments/settlements/:id/${part}`,
      {
        config: { access: access.read },
        schema: { tags, params: idParams, querystring: listQuery, response: { 200: response } },
      },
      async (req) => {
        const { rows, total } = await list(
          deps.db,
          req.params.id,
          societyOf(actorOf(req)),
          req.query.search,
          pageWindow(req.query),
        );
        return pagedReply(rows, total, req.query);
      },
    );
  }
  settlementPart('farmers', settlementFarmerList, settlementFarmers);
  settlementPart('lots', settlementLotList, settlementLots);
}

/** Approving or cancelling a settlement. */
function settlementDecisionRoutes(app: ZodApp, deps: AppDeps) {
  app.patch(
    '/payments/settlements/:id/approve',
    {
      config: { access: access.approve },
      schema: { tags, params: idParams, response: { 200: savedReply(settlementDetails) } },
    },
    async (req) => ({
      message: 'Settlement approved successfully',
      data: await approveSettlement(deps.db, actorOf(req), {
        id: req.params.id,
        timing: deps.config.settlementTiming,
      }),
    }),
  );
  app.patch(
    '/payments/settlements/:id/cancel',
    {
      config: { access: access.write },
      schema: {
        tags,
        params: idParams,
        body: cancelSettlementBody,
        response: { 200: savedReply(settlementDetails) },
      },
    },
    async (req) => ({
      message: 'Settlement cancelled successfully',
      data: await cancelSettlement(deps.db, actorOf(req), {
        id: req.params.id,
        reason: req.body.reason,
      }),
    }),
  );
}
