import {
  ownSecondPaymentLines as ownLinesReply,
  proposeSecondPaymentBody,
  rejectSecondPaymentBody,
  secondPaymentList,
  secondPaymentListQuery,
  secondPaymentPreviewReply,
  secondPaymentReply,
  secondPaymentSaved,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { decisionSchema, proposalSchema } from '../proposal-routes.ts';
import { access, tags } from './access.ts';
import { approveSecondPayment } from './approve-second-payment.ts';
import { computeSecondPayment } from './compute-second-payment.ts';
import { proposeSecondPayment } from './propose-second-payment.ts';
import { getSecondPayment, listSecondPayments, ownSecondPaymentLines } from './queries.ts';
import { rejectSecondPayment } from './reject-second-payment.ts';

/** A second payment to farmers (#32): preview, propose, approve, reject; AMCOS users read their lines. */
export function secondPaymentRoutes(app: ZodApp, deps: AppDeps) {
  const base = '/members/second-payments';
  app.get(
    base,
    {
      config: { access: access.read },
      schema: { tags, querystring: secondPaymentListQuery, response: { 200: secondPaymentList } },
    },
    async (req) => {
      const { rows, total } = await listSecondPayments(deps.db, req.query, pageWindow(req.query));
      return pagedReply(rows, total, req.query);
    },
  );
  app.get(
    `${base}/mine`,
    { config: { access: access.own }, schema: { tags, response: { 200: ownLinesReply } } },
    async (req) => ({ data: await ownSecondPaymentLines(deps.db, actorOf(req)) }),
  );
  app.post(
    `${base}/preview`,
    {
      config: { access: access.propose },
      schema: { tags, body: proposeSecondPaymentBody, response: { 200: secondPaymentPreviewReply } },
    },
    async (req) => ({ data: await computeSecondPayment(deps.db, req.body) }),
  );
  app.post(
    base,
    {
      config: { access: access.propose },
      schema: { tags, body: proposeSecondPaymentBody, response: { 201: secondPaymentSaved } },
    },
    async (req, reply) => {
      const data = await proposeSecondPayment(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Second payment proposed successfully', data });
    },
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: access.read },
      schema: proposalSchema(tags, secondPaymentReply),
    },
    async (req) => ({ data: await getSecondPayment(deps.db, req.params.id) }),
  );
  app.patch(
    `${base}/:id/approve`,
    {
      config: { access: access.approve },
      schema: proposalSchema(tags, secondPaymentSaved),
    },
    async (req) => ({
      message: 'Second payment approved successfully',
      data: await approveSecondPayment(deps.db, actorOf(req), { id: req.params.id }),
    }),
  );
  app.patch(
    `${base}/:id/reject`,
    {
      config: { access: access.approve },
      schema: decisionSchema(tags, rejectSecondPaymentBody, secondPaymentSaved),
    },
    async (req) => ({
      message: 'Second payment rejected successfully',
      data: await rejectSecondPayment(deps.db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
}
