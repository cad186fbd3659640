import {
  appropriationList,
  appropriationListQuery,
  appropriationPreviewReply,
  appropriationReply,
  appropriationSaved,
  appropriationSettingsBody,
  appropriationSettingsReply,
  appropriationSettingsSaved,
  approveAppropriationBody,
  ownAppropriationLines as ownLinesReply,
  proposeAppropriationBody,
  rejectAppropriationBody,
} from '@ushirika/contracts';
import { actorOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { pagedReply, pageWindow } from '../../../platform/list.ts';
import { decisionSchema, proposalSchema } from '../proposal-routes.ts';
import { access, tags } from './access.ts';
import { approveAppropriation } from './approve-appropriation.ts';
import { computeAppropriation } from './compute-appropriation.ts';
import { proposeAppropriation } from './propose-appropriation.ts';
import {
  getAppropriation,
  listAppropriations,
  ownAppropriationLines,
  readReservePercent,
} from './queries.ts';
import { rejectAppropriation } from './reject-appropriation.ts';
import { saveAppropriationSettings } from './save-appropriation-settings.ts';

/** The appropriation of a closed year's surplus (#32): settings, preview, propose, approve, reject. */
export function appropriationRoutes(app: ZodApp, deps: AppDeps) {
  const base = '/members/appropriations';
  app.get(
    base,
    {
      config: { access: access.read },
      schema: { tags, querystring: appropriationListQuery, response: { 200: appropriationList } },
    },
    async (req) => {
      const { rows, total } = await listAppropriations(deps.db, req.query, pageWindow(req.query));
      return pagedReply(rows, total, req.query);
    },
  );
  app.get(
    `${base}/mine`,
    { config: { access: access.own }, schema: { tags, response: { 200: ownLinesReply } } },
    async (req) => ({ data: await ownAppropriationLines(deps.db, actorOf(req)) }),
  );
  app.get(
    `${base}/settings`,
    { config: { access: access.read }, schema: { tags, response: { 200: appropriationSettingsReply } } },
    async () => ({ data: { reservePercent: await readReservePercent(deps.db) } }),
  );
  app.put(
    `${base}/settings`,
    {
      config: { access: access.propose },
      schema: { tags, body: appropriationSettingsBody, response: { 200: appropriationSettingsSaved } },
    },
    async (req) => ({
      message: 'Statutory reserve saved successfully',
      data: await saveAppropriationSettings(deps.db, actorOf(req), req.body),
    }),
  );
  app.post(
    `${base}/preview`,
    {
      config: { access: access.propose },
      schema: { tags, body: proposeAppropriationBody, response: { 200: appropriationPreviewReply } },
    },
    async (req) => {
      const { memberIds: _, ...figures } = await computeAppropriation(deps.db, actorOf(req), req.body);
      return { data: figures };
    },
  );
  app.post(
    base,
    {
      config: { access: access.propose },
      schema: { tags, body: proposeAppropriationBody, response: { 201: appropriationSaved } },
    },
    async (req, reply) => {
      const data = await proposeAppropriation(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: 'Appropriation proposed successfully', data });
    },
  );
  app.get(
    `${base}/:id`,
    {
      config: { access: access.read },
      schema: proposalSchema(tags, appropriationReply),
    },
    async (req) => ({ data: await getAppropriation(deps.db, req.params.id) }),
  );
  app.patch(
    `${base}/:id/approve`,
    {
      config: { access: access.approve },
      schema: decisionSchema(tags, approveAppropriationBody, appropriationSaved),
    },
    async (req) => ({
      message: 'Appropriation approved successfully',
      data: await approveAppropriation(deps.db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
  app.patch(
    `${base}/:id/reject`,
    {
      config: { access: access.approve },
      schema: decisionSchema(tags, rejectAppropriationBody, appropriationSaved),
    },
    async (req) => ({
      message: 'Appropriation rejected successfully',
      data: await rejectAppropriation(deps.db, actorOf(req), { id: req.params.id, body: req.body }),
    }),
  );
}
