import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/rows.ts';

/** The database's size on disk and its largest tables (with their indexes and TOAST), as text lines. */
export async function sizeOnDisk(db: Db): Promise<string> {
  const [total] = await queryRows(
    db,
    z.object({ size: z.string() }),
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  const tables = await queryRows(
    db,
    z.object({
      name: z.string(),
      rows: z.string(),
      total: z.string(),
      heap: z.string(),
      indexes: z.string(),
    }),
    sql`select c.relname as name, to_char(greatest(c.reltuples, 0), 'FM999,999,999,999') as rows,
          pg_size_pretty(pg_total_relation_size(c.oid)) as total, pg_size_pretty(pg_relation_size(c.oid)) as heap,
          pg_size_pretty(pg_indexes_size(c.oid)) as indexes
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind = 'r' and n.nspname = 'public'
        order by pg_total_relation_size(c.oid) desc limit 8`,
  );
  return [
    `database ${total?.size} on disk; largest tables (rows estimated, total = heap + indexes + TOAST):`,
    ...tables.map(
      (t) => `      ${t.name}: ${t.rows} rows, ${t.total} (heap ${t.heap}, indexes ${t.indexes})`,
    ),
  ].join('\n');
}
