import {
  detailReply,
  deviceListQuery,
  deviceMessages,
  devicePackReply,
  idParams,
  offlineReceipt,
  offlineReceiptListQuery,
  paged,
  registerDeviceBody,
  retireDeviceBody,
  reviewReceiptBody,
  savedReply,
  syncBody,
  syncReply,
  weighingDevice,
  weighingLimits,
  weighingLimitsReply,
} from '@ushirika/contracts';
import type { FastifyRequest } from 'fastify';
import { actorOf, assertSociety, societyScope } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { ForbiddenError } from '../../../platform/errors.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { approveOfflineReceipt } from './approve-offline-receipt.ts';
import {
  devicePackOf,
  getDevice,
  getOfflineReceipt,
  getWeighingLimits,
  listDevices,
  listOfflineReceipts,
} from './queries.ts';
import { registerDevice } from './register-device.ts';
import { retireDevice } from './retire-device.ts';
import { syncDeviceReceipts } from './sync-device-receipts.ts';
import { updateWeighingLimits } from './update-weighing-limits.ts';
import { voidOfflineReceipt } from './void-offline-receipt.ts';

const tags = ['weighing devices'];
const read = { permission: 'collections.collection.read', audience: 'any' } as const;
const weigh = { permission: 'collections.collection.create', audience: 'any' } as const;
const manage = { permission: 'collections.device.manage', audience: 'any' } as const;

/** The society whose data a device may hold: an AMCOS user's own; union staff hold none. */
function ownSociety(amcosId: string | null): string {
  if (!amcosId) throw new ForbiddenError('Weighing devices belong to a society: sign in as its clerk');
  return amcosId;
}

/** One device's or receipt's record, refused to another society's user. */
function societyOnly<T extends { amcosId: string }>(req: FastifyRequest, data: T): { data: T } {
  assertSociety(actorOf(req), data.amcosId);
  return { data };
}

/** The manager's decision on a receipt (approve, void): its reason in the body, the receipt back. */
const reviewSchema = {
  tags,
  params: idParams,
  body: reviewReceiptBody,
  response: { 200: savedReply(offlineReceipt) },
};

/**
 * Weighing devices (#29): register, sync, retire; the pack a device keeps; the receipts kept for
 * review. An AMCOS user reaches their own society's only; union staff see every society's.
 */
export function devicesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/devices',
    {
      config: { access: read },
      schema: { tags, querystring: deviceListQuery, response: { 200: paged(weighingDevice) } },
    },
    async (req, reply) => {
      const society = societyScope(actorOf(req), req.query.amcos_id);
      return listOrExport(reply, req.query, (window) => listDevices(deps.db, req.query, window, society), {
        name: 'WEIGHING-DEVICES',
        columns: [
          { header: 'AMCOS', value: (r) => r.amcosName, width: 24 },
          { header: 'Device', value: (r) => r.code },
          { header: 'Name', value: (r) => r.label, width: 24 },
          { header: 'Status', value: (r) => r.status },
          { header: 'Last sync', value: (r) => r.lastSyncAt ?? '' },
          { header: 'Waiting', value: (r) => r.waitingReported },
          { header: 'Stored', value: (r) => r.storedCount },
          { header: 'Flagged', value: (r) => r.flaggedCount },
        ],
      });
    },
  );
  app.post(
    '/collections/devices',
    {
      config: { access: weigh },
      schema: { tags, body: registerDeviceBody, response: { 201: savedReply(weighingDevice) } },
    },
    async (req, reply) => {
      const data = await registerDevice(deps.db, actorOf(req), req.body);
      return reply.code(201).send({ message: deviceMessages.registered(data.code), data });
    },
  );
  app.get(
    '/collections/devices/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(weighingDevice) } },
    },
    async (req) => societyOnly(req, await getDevice(deps.db, req.params.id)),
  );
  app.patch(
    '/collections/devices/:id/retire',
    {
      config: { access: manage },
      schema: {
        tags,
        params: idParams,
        body: retireDeviceBody,
        response: { 200: savedReply(weighingDevice) },
      },
    },
    async (req) => {
      const data = await retireDevice(deps.db, actorOf(req), { ...req.body, id: req.params.id });
      return { message: deviceMessages.retired(data.code), data };
    },
  );
  app.post(
    '/collections/devices/:id/sync',
    {
      config: { access: weigh },
      schema: { tags, params: idParams, body: syncBody, response: { 200: syncReply } },
    },
    async (req) => ({
      data: await syncDeviceReceipts(deps.db, actorOf(req), { ...req.body, id: req.params.id }),
    }),
  );
  app.get(
    '/collections/device-pack',
    { config: { access: weigh }, schema: { tags, response: { 200: devicePackReply } } },
    async (req) => ({ data: await devicePackOf(deps.db, ownSociety(actorOf(req).amcosId)) }),
  );
  app.get(
    '/collections/weighing-limits',
    { config: { access: read }, schema: { tags, response: { 200: weighingLimitsReply } } },
    async (req) => ({ data: await getWeighingLimits(deps.db, ownSociety(actorOf(req).amcosId)) }),
  );
  app.put(
    '/collections/weighing-limits',
    {
      config: { access: manage },
      schema: { tags, body: weighingLimits, response: { 200: savedReply(weighingLimits) } },
    },
    async (req) => ({
      message: deviceMessages.limitsSaved,
      data: await updateWeighingLimits(deps.db, actorOf(req), req.body),
    }),
  );
  offlineReceiptRoutes(app, deps);
}

/** The receipts devices sent: the list (flagged first), one receipt, and the manager's decision. */
function offlineReceiptRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/offline-receipts',
    {
      config: { access: read },
      schema: { tags, querystring: offlineReceiptListQuery, response: { 200: paged(offlineReceipt) } },
    },
    async (req, reply) => {
      const society = societyScope(actorOf(req), req.query.amcos_id);
      return listOrExport(
        reply,
        req.query,
        (window) => listOfflineReceipts(deps.db, req.query, window, society),
        {
          name: 'OFFLINE-RECEIPTS',
          columns: [
            { header: 'Receipt', value: (r) => r.receiptNo, width: 24 },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 24 },
            { header: 'Farmer', value: (r) => `${r.farmerNo} ${r.farmerName}`, width: 30 },
            { header: 'Date', value: (r) => r.collectedOn },
            { header: 'Net kg', value: (r) => r.netKg },
            { header: 'Status', value: (r) => r.status },
            { header: 'Reason', value: (r) => r.reason ?? '', width: 40 },
          ],
        },
      );
    },
  );
  app.get(
    '/collections/offline-receipts/:id',
    {
      config: { access: read },
      schema: { tags, params: idParams, response: { 200: detailReply(offlineReceipt) } },
    },
    async (req) => societyOnly(req, await getOfflineReceipt(deps.db, req.params.id)),
  );
  app.patch(
    '/collections/offline-receipts/:id/approve',
    {
      config: { access: manage },
      schema: reviewSchema,
    },
    async (req) => {
      const data = await approveOfflineReceipt(deps.db, actorOf(req), { ...req.body, id: req.params.id });
      return { message: deviceMessages.approved(data.receiptNo), data };
    },
  );
  app.patch(
    '/collections/offline-receipts/:id/void',
    {
      config: { access: manage },
      schema: reviewSchema,
    },
    async (req) => {
      const data = await voidOfflineReceipt(deps.db, actorOf(req), { ...req.body, id: req.params.id });
      return { message: deviceMessages.voided(data.receiptNo), data };
    },
  );
}
