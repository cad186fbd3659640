import type { Attachment, AttachmentRecordType } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { id } from '../../db/columns.ts';
import { users } from '../users/schema.ts';

/**
 * One row per file attached to a record (#17). The bytes live in the file store
 * (platform/file-store.ts) under `sha256`; this row says whose record it backs, the society the
 * record belongs to (null: union business), and who attached it when. Removed only while the
 * record is a draft (remove-attachment.ts).
 */
export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    recordType: text('record_type').$type<AttachmentRecordType>().notNull(),
    recordId: uuid('record_id').notNull(),
    amcosId: uuid('amcos_id'),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').$type<Attachment['contentType']>().notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_record_idx').on(t.recordType, t.recordId, t.uploadedAt),
    check('attachments_sha256_hex', sql`${t.sha256} ~ '^[0-9a-f]{64}$'`),
    check('attachments_size_positive', sql`${t.sizeBytes} > 0`),
  ],
);
