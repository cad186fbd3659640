import {
  ATTACHMENT_FIELD,
  ATTACHMENT_RECORD_TYPES,
  type AttachmentRecordType,
  attachmentListReply,
  attachmentParams,
  attachmentSavedReply,
  idParams,
  messageReply,
} from '@ushirika/contracts';
import type { FastifyReply } from 'fastify';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { fieldError, NotFoundError } from '../../platform/errors.ts';
import { fileStore } from '../../platform/file-store.ts';
import { addAttachment } from './add-attachment.ts';
import { cachedPreview } from './preview.ts';
import { getAttachment, listAttachments } from './queries.ts';
import { RECORD_TYPES } from './record-types.ts';
import { removeAttachment } from './remove-attachment.ts';

const tags = ['attachments'];

/** `filename="ascii"` for old clients and `filename*` (RFC 5987) for the real, possibly Swahili-accented, name. */
function contentDisposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * The attachments of every record type in RECORD_TYPES, under the record's own details path, with
 * the access of the record's own routes: list and upload (`<path>/:id/attachments`), download and
 * image preview (`…/:attachmentId/file`, `…/preview`), remove while a draft (DELETE `…/:attachmentId`).
 */
export function attachmentsRoutes(app: ZodApp, deps: AppDeps) {
  const store = fileStore(deps.config);
  for (const recordType of ATTACHMENT_RECORD_TYPES) registerFor(app, deps, recordType, store);
}

function registerFor(
  app: ZodApp,
  deps: AppDeps,
  recordType: AttachmentRecordType,
  store: ReturnType<typeof fileStore>,
) {
  const type = RECORD_TYPES[recordType];
  const base = `${type.path}/:id/attachments`;

  app.get(
    base,
    {
      config: { access: type.read },
      schema: { tags, params: idParams, response: { 200: attachmentListReply } },
    },
    async (req) => {
      const record = await type.load(deps.db, actorOf(req), req.params.id);
      return {
        data: await listAttachments(deps.db, recordType, req.params.id),
        locked: record.locked,
        maxBytes: deps.config.attachmentMaxBytes,
      };
    },
  );

  /** Multipart, the file in a field named `file`: PDF, JPEG or PNG by content, ATTACHMENT_MAX_BYTES at most. */
  app.post(
    base,
    {
      config: { access: type.write },
      schema: {
        tags,
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 201: attachmentSavedReply },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      // The record first: another society's record is refused before its upload is read.
      await type.load(deps.db, actor, req.params.id);
      if (!req.isMultipart()) throw fieldError(ATTACHMENT_FIELD, 'Send the file as multipart/form-data');
      const file = await req.file();
      if (!file || file.fieldname !== ATTACHMENT_FIELD)
        throw fieldError(ATTACHMENT_FIELD, 'You must select a file.');
      const bytes = await file.toBuffer();
      const data = await addAttachment(deps.db, actor, {
        recordType,
        recordId: req.params.id,
        fileName: file.filename,
        bytes,
        store,
        maxBytes: deps.config.attachmentMaxBytes,
      });
      return reply.code(201).send({ message: 'Attachment added successfully', data });
    },
  );

  const send = async (
    reply: FastifyReply,
    params: { id: string; attachmentId: string },
    actor: ReturnType<typeof actorOf>,
    preview: boolean,
  ) => {
    await type.load(deps.db, actor, params.id);
    const found = await getAttachment(deps.db, recordType, params.id, params.attachmentId);
    if (preview && !found.hasPreview) throw new NotFoundError('A PDF has no preview: download it');
    const missing = () =>
      new NotFoundError('The file is missing from the file store: restore it from a backup');
    if (preview) {
      const jpeg = await cachedPreview(
        found.sha256,
        async () => (await store.get(found.sha256))?.bytes ?? null,
      );
      if (!jpeg) throw missing();
      reply.header('content-disposition', contentDisposition('inline', `${found.fileName}.preview.jpg`));
      return reply.type('image/jpeg').send(jpeg);
    }
    const file = await store.get(found.sha256);
    if (!file) throw missing();
    reply.header('content-disposition', contentDisposition('attachment', found.fileName));
    return reply.type(found.contentType).send(file.bytes);
  };

  app.get(
    `${base}/:attachmentId/file`,
    { config: { access: type.read }, schema: { tags, params: attachmentParams } },
    async (req, reply) => send(reply, req.params, actorOf(req), false),
  );
  app.get(
    `${base}/:attachmentId/preview`,
    { config: { access: type.read }, schema: { tags, params: attachmentParams } },
    async (req, reply) => send(reply, req.params, actorOf(req), true),
  );

  app.delete(
    `${base}/:attachmentId`,
    {
      config: { access: type.write },
      schema: { tags, params: attachmentParams, response: { 200: messageReply } },
    },
    async (req) => {
      await removeAttachment(deps.db, actorOf(req), {
        recordType,
        recordId: req.params.id,
        attachmentId: req.params.attachmentId,
      });
      return { message: 'Attachment removed successfully' };
    },
  );
}
