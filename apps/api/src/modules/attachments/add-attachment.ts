import type { Attachment, AttachmentRecordType } from '@ushirika/contracts';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { fieldError } from '../../platform/errors.ts';
import { ATTACHMENT_TYPES, FileRefusedError, type FileStore, sniffType } from '../../platform/file-store.ts';
import { isReadableImage } from './preview.ts';
import { getAttachment } from './queries.ts';
import { RECORD_TYPES } from './record-types.ts';
import { attachments } from './schema.ts';

export type AddAttachmentInput = {
  recordType: AttachmentRecordType;
  recordId: string;
  fileName: string;
  bytes: Buffer;
  store: FileStore;
  maxBytes: number;
};

/** A file name as shown and downloaded: the last path part, no control or quote characters, 200 at most. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return cleaned.slice(-200);
}

/**
 * Attaches a file to a record the actor may see: the record through its module's scoped query,
 * the bytes checked (size, type by content) and stored, then the row and the audit event in one
 * transaction. Adding is allowed whatever the record's state: posted records keep what they have
 * and may gain more. The stored bytes of a refused or failed add are harmless: content-addressed,
 * never listed.
 */
export async function addAttachment(db: Db, actor: Actor, input: AddAttachmentInput): Promise<Attachment> {
  const type = RECORD_TYPES[input.recordType];
  const record = await type.load(db, actor, input.recordId);
  const fileName = cleanFileName(input.fileName);
  if (!fileName) throw fieldError('file', 'The file needs a name.');
  // A PNG or JPEG start over damaged bytes: refused before it is stored (no preview could be made).
  const kind = sniffType(input.bytes);
  const image = kind === 'image/png' || kind === 'image/jpeg';
  if (image && input.bytes.length <= input.maxBytes && !(await isReadableImage(input.bytes))) {
    throw new FileRefusedError(
      'type',
      'The image could not be read: it may be damaged. Take the photo again.',
    );
  }
  const saved = await input.store.put(input.bytes, { accept: ATTACHMENT_TYPES, maxBytes: input.maxBytes });
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(attachments)
      .values({
        recordType: input.recordType,
        recordId: input.recordId,
        amcosId: record.amcosId,
        fileName,
        contentType: saved.contentType,
        sizeBytes: saved.size,
        sha256: saved.sha256,
        uploadedBy: actor.userId,
      })
      .returning({ id: attachments.id });
    const id = row?.id ?? '';
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'attachment_added',
      entity: type.entity,
      entityId: input.recordId,
      after: { attachment: fileName, contentType: saved.contentType, size: saved.size, sha256: saved.sha256 },
    });
    return getAttachment(tx, input.recordType, input.recordId, id);
  });
}
