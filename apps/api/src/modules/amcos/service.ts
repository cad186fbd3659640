import type { Amcos } from '@ushirika/contracts';
import { type AnyColumn, and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { ConflictError } from '../../platform/errors.ts';
import { likeContains, orderByOf, type PageWindow } from '../../platform/list.ts';
import { amcos } from './schema.ts';

const columns = { id: amcos.id, code: amcos.code, name: amcos.name, status: amcos.status };
const sortable: Record<string, AnyColumn> = { code: amcos.code, name: amcos.name };

export async function listAmcos(
  db: DbOrTx,
  query: { search?: string | undefined; status?: string | undefined; sort?: string | undefined },
  window: PageWindow,
  societyId: string | null,
): Promise<{ rows: Amcos[]; total: number }> {
  const pattern = query.search ? likeContains(query.search) : undefined;
  const where: SQL | undefined = and(
    pattern ? or(ilike(amcos.name, pattern), ilike(amcos.code, pattern)) : undefined,
    query.status === 'active' || query.status === 'suspended' ? eq(amcos.status, query.status) : undefined,
    societyId ? eq(amcos.id, societyId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(amcos)
      .where(where)
      .orderBy(...orderByOf(query.sort, sortable, [asc(amcos.name)], amcos.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(amcos).where(where),
  ]);
  return { rows, total: total?.value ?? 0 };
}

export async function createAmcos(
  db: Db,
  { body, actorId }: { body: { code: string; name: string }; actorId: string },
) {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, body.code));
    if (taken) throw new ConflictError(`An AMCOS with code ${body.code} already exists`);
    const [row] = await tx.insert(amcos).values(body).returning(columns);
    if (!row) throw new Error('AMCOS insert returned nothing');
    await recordAudit(tx, { actorId, action: 'created', entity: 'amcos', entityId: row.id, after: row });
    return row;
  });
}
