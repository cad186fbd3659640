import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { DbOrTx } from '../db/client.ts';

export type AuditInput = {
  actorId: string | null;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
};

/** Keys never stored in the trail (and the search column), in snapshots written from JS or SQL. */
const SECRET_KEY = /password|hash|token|code_?hash|secret/i;
const NOT_STORED = 'searchText';

/** Drops secrets from a snapshot before it is stored: no password or hash ever reaches the trail. */
function redact(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(redact);
  if (typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !SECRET_KEY.test(k) && k !== NOT_STORED)
        .map(([k, v]) => [k, redact(v)]),
    );
  }
  return value;
}

/** The same rule for a snapshot made in SQL (a jsonb object): its secret keys dropped. */
function redactSql(snapshot: SQL): SQL {
  return sql`case when jsonb_typeof(${snapshot}) = 'object' then coalesce((select jsonb_object_agg(k, v)
      from jsonb_each(${snapshot}) as e(k, v) where k !~* ${SECRET_KEY.source} and k <> ${NOT_STORED}), '{}'::jsonb)
    else ${snapshot} end`;
}

/**
 * The audit door as SQL: one event per row of `rows`, a query yielding `id` (uuid), `entity_id`
 * (text), `before` and `after` (jsonb). `recordAudit` runs it for one event; a statement that
 * writes many records at once (the farmer import, the weighing save's CTE) embeds it, so the
 * trail is written the same way whatever the caller.
 */
export function auditInsertSql(
  event: { actorId: SQL | string | null; action: string; entity: string },
  rows: SQL,
): SQL {
  const actor =
    typeof event.actorId === 'string' || event.actorId === null ? sql`${event.actorId}::uuid` : event.actorId;
  return sql`insert into audit_events (id, actor_id, action, entity, entity_id, before, after)
    select r.id, ${actor}, ${event.action}::text, ${event.entity}::text, r.entity_id,
      ${redactSql(sql`r.before`)}, ${redactSql(sql`r.after`)}
    from (${rows}) r`;
}

const jsonb = (value: unknown): SQL =>
  value === null ? sql`null::jsonb` : sql`${JSON.stringify(value)}::jsonb`;

/** Writes one audit event; call it inside the business transaction it describes. */
export async function recordAudit(tx: DbOrTx, input: AuditInput): Promise<void> {
  await tx.execute(
    auditInsertSql(
      input,
      sql`select ${uuidv7()}::uuid as id, ${input.entityId}::text as entity_id,
        ${jsonb(redact(input.before))} as before, ${jsonb(redact(input.after))} as after`,
    ),
  );
}
