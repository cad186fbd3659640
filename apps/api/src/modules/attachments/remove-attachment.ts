import type { AttachmentRecordType } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/access.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import { getAttachment } from './queries.ts';
import { RECORD_TYPES } from './record-types.ts';
import { attachments } from './schema.ts';

export const LOCKED_MESSAGE =
  'This record is posted or approved: its attachments are kept. You can add a file but not remove one.';

/**
 * Removes an attachment from a record still in draft (a wrong photo before approval). Once the
 * record is posted or approved nothing is removed (409). The bytes stay in the file store: another
 * record may hold the same file, and the audit trail keeps the hash.
 */
export async function removeAttachment(
  db: Db,
  actor: Actor,
  input: { recordType: AttachmentRecordType; recordId: string; attachmentId: string },
): Promise<void> {
  const type = RECORD_TYPES[input.recordType];
  await db.transaction(async (tx) => {
    const record = await type.load(tx, actor, input.recordId);
    const found = await getAttachment(tx, input.recordType, input.recordId, input.attachmentId);
    if (record.locked) throw new ConflictError(LOCKED_MESSAGE);
    await tx.delete(attachments).where(eq(attachments.id, found.id));
    await recordAudit(tx, {
      actorId: actor.userId,
      action: 'attachment_removed',
      entity: type.entity,
      entityId: input.recordId,
      before: {
        attachment: found.fileName,
        contentType: found.contentType,
        size: found.size,
        sha256: found.sha256,
      },
    });
  });
}
