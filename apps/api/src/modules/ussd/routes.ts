import { timingSafeEqual } from 'node:crypto';
import { farmerSmsOptOutBody, farmerUssdReply, idParams, ussdQuery, ussdStep } from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { ForbiddenError, UnauthorizedError } from '../../platform/errors.ts';
import { farmerFor } from '../farmers/queries.ts';
import { answerUssd } from './answer-ussd.ts';
import { issueUssdPin } from './issue-ussd-pin.ts';
import { farmerUssdOf } from './queries.ts';
import { setSmsOptOut } from './set-sms-opt-out.ts';
import { unlockUssdPin } from './unlock-ussd-pin.ts';

const tags = ['farmers'];
const read = { permission: 'amcos.farmer.read', audience: 'any' } as const;
const manage = { permission: 'amcos.farmer.update', audience: 'any' } as const;

function sameSecret(sent: string | undefined, expected: string): boolean {
  const a = Buffer.from(sent ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The aggregator's call: the secret it was given (the `x-ussd-secret` header, or `?key=` on the
 * callback URL for an aggregator that sends no headers) and, when USSD_ALLOWED_IPS is set, one of
 * its addresses. Without USSD_SECRET the service answers nobody.
 */
function assertAggregator(
  request: FastifyRequest,
  config: AppDeps['config']['ussd'],
  key: string | undefined,
) {
  if (!config.secret) throw new ForbiddenError('The USSD service is not configured on this server');
  const header = request.headers['x-ussd-secret'];
  const sent = typeof header === 'string' ? header : key;
  if (!sameSecret(sent, config.secret)) throw new UnauthorizedError('Unauthorized: the USSD secret is wrong');
  if (config.allowedIps.length > 0 && !config.allowedIps.includes(request.ip)) {
    throw new ForbiddenError('This address may not call the USSD service');
  }
}

/** The farmers' USSD service (#31) and its management by the AMCOS under Farmers. */
export function ussdRoutes(app: ZodApp, deps: AppDeps) {
  // The aggregator posts form-encoded steps; JSON is accepted too. Only this route reads forms.
  app.register(async (scoped: ZodApp) => {
    scoped.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    scoped.post(
      '/ussd',
      {
        // Public in the access table: the aggregator, not a user, calls it; the secret guards it.
        config: { access: 'public' },
        schema: {
          tags,
          summary: "A step of a farmer's USSD session (Africa's Talking convention); answers CON or END text",
          querystring: ussdQuery,
          body: ussdStep,
        },
      },
      async (req, reply) => {
        assertAggregator(req, deps.config.ussd, req.query.key);
        const text = await answerUssd(deps.db, req.body, deps.config.ussd.perPhone);
        return reply.type('text/plain; charset=utf-8').send(text);
      },
    );
  });

  app.get(
    '/collections/farmers/:id/ussd',
    { config: { access: read }, schema: { tags, params: idParams, response: { 200: farmerUssdReply } } },
    async (req) => {
      await farmerFor(deps.db, req.params.id, actorOf(req));
      return { data: await farmerUssdOf(deps.db, req.params.id) };
    },
  );
  app.post(
    '/collections/farmers/:id/ussd/pin',
    { config: { access: manage }, schema: { tags, params: idParams, response: { 200: farmerUssdReply } } },
    async (req) => ({ data: await issueUssdPin(deps.db, actorOf(req), { farmerId: req.params.id }) }),
  );
  app.post(
    '/collections/farmers/:id/ussd/unlock',
    { config: { access: manage }, schema: { tags, params: idParams, response: { 200: farmerUssdReply } } },
    async (req) => ({ data: await unlockUssdPin(deps.db, actorOf(req), { farmerId: req.params.id }) }),
  );
  app.patch(
    '/collections/farmers/:id/ussd/sms',
    {
      config: { access: manage },
      schema: {
        tags,
        summary: "Stop or restart a farmer's optional SMS (an auction's result); their money's SMS still go",
        params: idParams,
        body: farmerSmsOptOutBody,
        response: { 200: farmerUssdReply },
      },
    },
    async (req) => ({
      data: await setSmsOptOut(deps.db, actorOf(req), { farmerId: req.params.id, ...req.body }),
    }),
  );
}
