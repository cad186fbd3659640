import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { auditEvents } from '../../platform/schema.ts';
import { users } from '../users/schema.ts';
import { idsIn, labelsOfRecords } from './record-labels.ts';

/**
 * A record's audit trail, oldest first, with each actor's name (platform/audit.ts writes it) and
 * the names or numbers of the records its changes name by id (`refs`: a user's name, a journal
 * entry's number), so a history never shows a bare id.
 */
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
  const labels = await labelsOfRecords(db, idsIn(rows.map((r) => [r.before, r.after])));
  return rows.map(({ firstName, lastName, at, ...r }) => ({
    ...r,
    at: at.toISOString(),
    actorName: firstName ? `${firstName} ${lastName}` : null,
    refs: Object.fromEntries(
      [...idsIn([r.before, r.after])].flatMap((id) => {
        const label = labels.get(id);
        return label === undefined ? [] : [[id, label]];
      }),
    ),
  }));
}
