import {
  type InboxCounts,
  type InboxItem,
  type InboxListQuery,
  inboxItem,
  inboxSource,
} from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { Actor } from '../../platform/access.ts';
import { actsOn } from './source.ts';
import { INBOX_SOURCE_DEFS } from './sources.ts';

const countRow = z.object({ source: inboxSource, n: z.number() });
const itemRow = inboxItem.extend({ total: z.number() });

/** The sources the actor may act on. */
const sourcesOf = (actor: Actor) => INBOX_SOURCE_DEFS.filter((s) => actsOn(s, actor));

/**
 * How many records wait for the actor, per source: one statement whatever the number of sources
 * (each counts its waiting rows through its status index), answered for the header and sidebar.
 */
export async function countInbox(db: DbOrTx, actor: Actor): Promise<InboxCounts> {
  const mine = sourcesOf(actor);
  if (mine.length === 0) return { total: 0, sources: {} };
  const rows = await queryRows(
    db,
    countRow,
    sql.join(
      mine.map((s) => sql`select ${s.key}::text as source, count(*)::int as n ${s.waiting(actor)}`),
      sql` union all `,
    ),
  );
  const sources: InboxCounts['sources'] = {};
  for (const r of rows) if (r.n > 0) sources[r.source] = r.n;
  return { total: rows.reduce((n, r) => n + r.n, 0), sources };
}

/** The records waiting for the actor, oldest first, a page at a time; `total` counts them all. */
export async function listInbox(
  db: DbOrTx,
  actor: Actor,
  query: Pick<InboxListQuery, 'page' | 'per_page' | 'search' | 'source'>,
): Promise<{ rows: InboxItem[]; total: number }> {
  const mine = sourcesOf(actor).filter((s) => !query.source || s.key === query.source);
  if (mine.length === 0) return { rows: [], total: 0 };
  const union = sql.join(
    mine.map((s) => sql`select ${s.key}::text as source, ${s.item} ${s.waiting(actor)}`),
    sql` union all `,
  );
  const words = query.search ? `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await queryRows(
    db,
    itemRow,
    sql`select source, id, number, party, description, amount, to_json(since) #>> '{}' as "waitingSince", status,
          parent_id as "parentId", book, (count(*) over ())::int as total
        from (${union}) items
        ${words ? sql`where number ilike ${words} or party ilike ${words} or description ilike ${words}` : sql``}
        order by since, id limit ${query.per_page} offset ${(query.page - 1) * query.per_page}`,
  );
  return { rows: rows.map(({ total: _, ...item }) => item), total: rows[0]?.total ?? 0 };
}
