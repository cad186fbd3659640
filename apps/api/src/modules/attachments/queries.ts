import type { Attachment, AttachmentRecordType } from '@ushirika/contracts';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { NotFoundError } from '../../platform/errors.ts';
import { users } from '../users/schema.ts';
import { attachments } from './schema.ts';

const columns = {
  id: attachments.id,
  recordType: attachments.recordType,
  recordId: attachments.recordId,
  fileName: attachments.fileName,
  contentType: attachments.contentType,
  size: attachments.sizeBytes,
  sha256: attachments.sha256,
  uploadedBy: attachments.uploadedBy,
  uploadedByName: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  uploadedAt: attachments.uploadedAt,
};

const selectAttachments = (db: DbOrTx) =>
  db.select(columns).from(attachments).leftJoin(users, eq(users.id, attachments.uploadedBy));

function toAttachment({
  uploadedAt,
  ...row
}: Awaited<ReturnType<typeof selectAttachments>>[number]): Attachment {
  return { ...row, uploadedAt: uploadedAt.toISOString(), hasPreview: row.contentType.startsWith('image/') };
}

/** A record's attachments, oldest first. The caller has loaded the record for the actor. */
export async function listAttachments(
  db: DbOrTx,
  recordType: AttachmentRecordType,
  recordId: string,
): Promise<Attachment[]> {
  const rows = await selectAttachments(db)
    .where(and(eq(attachments.recordType, recordType), eq(attachments.recordId, recordId)))
    .orderBy(asc(attachments.uploadedAt), asc(attachments.id));
  return rows.map(toAttachment);
}

/** One attachment of one record: an id from another record (or type) is not found. */
export async function getAttachment(
  db: DbOrTx,
  recordType: AttachmentRecordType,
  recordId: string,
  id: string,
): Promise<Attachment> {
  const [row] = await selectAttachments(db).where(
    and(eq(attachments.id, id), eq(attachments.recordType, recordType), eq(attachments.recordId, recordId)),
  );
  if (!row) throw new NotFoundError('Attachment not found');
  return toAttachment(row);
}
