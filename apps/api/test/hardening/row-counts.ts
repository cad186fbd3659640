import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

/** Written by refused requests on purpose: attempt counters. */
const IGNORED = new Set(['rate_limits']);

let statement: string | undefined;

/** Rows per table of the public schema, in one statement: did a request write anything? */
export async function rowCounts(db: Db): Promise<Map<string, number>> {
  if (!statement) {
    const tables = await queryRows(
      db,
      z.object({ name: z.string() }),
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    statement = tables
      .filter((t) => !IGNORED.has(t.name))
      .map((t) => `select '${t.name}' as name, count(*)::int as n from "${t.name}"`)
      .join(' union all ');
  }
  const rows = await queryRows(db, z.object({ name: z.string(), n: z.number() }), sql.raw(statement));
  return new Map(rows.map((row) => [row.name, Number(row.n)]));
}
