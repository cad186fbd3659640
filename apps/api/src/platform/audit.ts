import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../modules/users/schema.ts';
import { auditEvents } from './schema.ts';

export type AuditInput = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

const SECRET_KEY = /password|hash|token|code_?hash|secret/i;

/** Drops secrets from a snapshot before it is stored: no password or hash ever reaches the trail. */
function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k) && k !== 'searchText')
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

/** Writes one audit event; call it inside the business transaction it describes. */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: input.actorId,
    action: input.action,
    entity: input.entity,
    entityId: input.entityId,
    before: redact(input.before),
    after: redact(input.after),
  });
}

export async function listAudit(db: DbOrTx, entity: string, entityId: string) {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      actorId: auditEvents.actorId,
      firstName: users.firstName,
      lastName: users.lastName,
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      before: auditEvents.before,
      after: auditEvents.after,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, entityId)))
    .orderBy(asc(auditEvents.at), asc(auditEvents.id));
  return rows.map(({ firstName, lastName, at, ...r }) => ({
    ...r,
    at: at.toISOString(),
    actorName: firstName ? `${firstName} ${lastName}` : null,
  }));
}
