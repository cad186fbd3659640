import {
  cancelDeliveryNoteBody,
  collectionSelection,
  createDeliveryNoteBody,
  deliveryNote,
  deliveryNoteDetail,
  deliveryNoteListQuery,
  deliveryNoteOptions,
  idParams,
  paged,
  pendingCollection,
  pendingCollectionsQuery,
  receiveDeliveryNoteBody,
  removeCollectionsBody,
  savedReply,
} from '@ushirika/contracts';
import { z } from 'zod';
import { actorOf, societyOf } from '../../../platform/access.ts';
import type { ZodApp } from '../../../platform/app-types.ts';
import type { AppDeps } from '../../../platform/deps.ts';
import { listOrExport } from '../../../platform/exports.ts';
import { societyDocumentRoutes } from '../../../platform/society-document.ts';
import { addDeliveryNoteCollections } from './add-delivery-note-collections.ts';
import { cancelDeliveryNote } from './cancel-delivery-note.ts';
import { createDeliveryNote, noteSociety } from './create-delivery-note.ts';
import { dispatchDeliveryNote } from './dispatch-delivery-note.ts';
import { deliveryNotePdf, transportText } from './pdf.ts';
import {
  deliveryNoteFormOptions,
  getDeliveryNote,
  listDeliveryNotes,
  listPendingCollections,
} from './queries.ts';
import { receiveDeliveryNote } from './receive-delivery-note.ts';
import { removeDeliveryNoteCollections } from './remove-delivery-note-collections.ts';

const tags = ['delivery-notes'];
const read = { permission: 'collections.delivery.read', audience: 'any' } as const;
const write = { permission: 'collections.delivery.create', audience: 'any' } as const;
const receive = { permission: 'collections.warehouse.update', audience: 'union' } as const;
const base = '/collections/delivery-notes';
const saved = { 200: savedReply(deliveryNoteDetail) };

/** Crop delivery notes: an AMCOS makes and dispatches its own; the union's warehouse receives them. */
export function deliveryNotesRoutes(app: ZodApp, deps: AppDeps) {
  noteReadRoutes(app, deps);
  noteActionRoutes(app, deps);
}

/** A note and its PDF, the list, the collections waiting for a note and the form's options. */
function noteReadRoutes(app: ZodApp, deps: AppDeps) {
  /** The note of the path's id and its PDF, refused to an AMCOS user of another society. */
  societyDocumentRoutes(app, deps.db, {
    base,
    tags,
    read,
    detail: deliveryNoteDetail,
    get: getDeliveryNote,
    pdf: deliveryNotePdf,
    fileName: (data) => data.dnNo,
  });
  app.get(
    base,
    {
      config: { access: read },
      schema: { tags, querystring: deliveryNoteListQuery, response: { 200: paged(deliveryNote) } },
    },
    (req, reply) =>
      listOrExport(
        reply,
        req.query,
        (window) => listDeliveryNotes(deps.db, req.query, window, societyOf(actorOf(req))),
        {
          name: 'CROP_DELIVERY_NOTES',
          columns: [
            { header: 'DN no', value: (r) => r.dnNo },
            { header: 'AMCOS', value: (r) => r.amcosName, width: 28 },
            { header: 'Season crop', value: (r) => r.seasonCropName, width: 24 },
            { header: 'Warehouse', value: (r) => r.warehouseName, width: 24 },
            { header: 'Transporter', value: (r) => r.transporterName, width: 24 },
            { header: 'Vehicle', value: (r) => r.vehiclePlate },
            { header: 'Driver', value: (r) => r.driverName },
            { header: 'Bags', value: (r) => r.bags },
            { header: 'Net kg', value: (r) => r.netKg },
            { header: 'Received kg', value: (r) => r.receivedKg },
            { header: 'Variance kg', value: (r) => r.varianceKg },
            { header: 'Transport (TZS)', value: (r) => transportText(r) },
            { header: 'Status', value: (r) => r.status, label: ['dnMd.status', 'status'] },
          ],
        },
      ),
  );
  app.get(
    `${base}/pending`,
    {
      config: { access: read },
      schema: {
        tags,
        querystring: pendingCollectionsQuery,
        response: { 200: z.object({ data: z.array(pendingCollection) }) },
      },
    },
    async (req) => {
      const amcosId = noteSociety(actorOf(req), req.query.amcos_id ?? null);
      return {
        data: await listPendingCollections(deps.db, {
          amcosId,
          seasonCropId: req.query.season_crop_id,
          gradeId: req.query.grade_id,
        }),
      };
    },
  );
  app.get(
    `${base}/options`,
    {
      config: { access: write },
      schema: { tags, response: { 200: z.object({ data: deliveryNoteOptions }) } },
    },
    async () => ({ data: await deliveryNoteFormOptions(deps.db) }),
  );
}

/** Creating a note, adding and removing its collections, cancelling, dispatching and receiving it. */
function noteActionRoutes(app: ZodApp, deps: AppDeps) {
  app.post(
    base,
    {
      config: { access: write },
      schema: { tags, body: createDeliveryNoteBody, response: { 201: savedReply(deliveryNoteDetail) } },
    },
    async (req, reply) => {
      const data = await createDeliveryNote(deps.db, actorOf(req), { body: req.body });
      return reply.code(201).send({ message: `Delivery note ${data.dnNo} created`, data });
    },
  );
  app.post(
    `${base}/:id/collections`,
    {
      config: { access: write },
      schema: { tags, params: idParams, body: z.object({ selection: collectionSelection }), response: saved },
    },
    async (req) => ({
      message: 'Collections added',
      data: await addDeliveryNoteCollections(deps.db, actorOf(req), {
        id: req.params.id,
        selection: req.body.selection,
      }),
    }),
  );
  app.patch(
    `${base}/:id/remove-collections`,
    {
      config: { access: write },
      schema: { tags, params: idParams, body: removeCollectionsBody, response: saved },
    },
    async (req) => ({
      message: 'Collections removed',
      data: await removeDeliveryNoteCollections(deps.db, actorOf(req), {
        id: req.params.id,
        collectionIds: req.body.collectionIds,
      }),
    }),
  );
  app.patch(
    `${base}/:id/cancel`,
    {
      config: { access: write },
      schema: { tags, params: idParams, body: cancelDeliveryNoteBody, response: saved },
    },
    async (req) => {
      const data = await cancelDeliveryNote(deps.db, actorOf(req), {
        id: req.params.id,
        reason: req.body.reason,
      });
      return { message: `Delivery note ${data.dnNo} cancelled`, data };
    },
  );
  app.patch(
    `${base}/:id/dispatch`,
    { config: { access: write }, schema: { tags, params: idParams, response: saved } },
    async (req) => {
      const data = await dispatchDeliveryNote(deps.db, actorOf(req), { id: req.params.id });
      return { message: `Delivery note ${data.dnNo} dispatched`, data };
    },
  );
  app.patch(
    `${base}/:id/receive`,
    {
      config: { access: receive },
      schema: { tags, params: idParams, body: receiveDeliveryNoteBody, response: saved },
    },
    async (req) => {
      const data = await receiveDeliveryNote(deps.db, actorOf(req), {
        id: req.params.id,
        body: req.body,
      });
      return { message: `Delivery note ${data.dnNo} received`, data };
    },
  );
}
