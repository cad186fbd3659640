import { z } from 'zod';
import { uuid } from './common.ts';

export const auditEvent = z.object({
  id: uuid,
  at: z.string(),
  actorId: uuid.nullable(),
  actorName: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  /** The records the change names by id, by their name or number: `{ [id]: "JV-2026-000123" }`. */
  refs: z.record(z.string(), z.string()),
});
export type AuditEvent = z.infer<typeof auditEvent>;
export const historyReply = z.object({ data: z.array(auditEvent) });
