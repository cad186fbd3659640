import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { DbOrTx } from './client.ts';

/** Runs raw SQL and returns its rows; both drivers answer `{ rows }`, which the shared type hides. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Runs raw SQL as a named prepared statement on PostgreSQL: each connection parses and plans it
 * once, which matters for a large statement run many times a second (the weighing save). `name`
 * must always carry the same SQL text (one name per variant of the statement). Inside a
 * transaction it runs on the transaction's connection (drizzle's session client). On PGlite it runs
 * as `queryRows` does.
 */
export async function queryRowsPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  // The session's client: the pool for the database, the transaction's own connection for a tx.
  const client =
    (db as { session?: { client?: unknown } }).session?.client ?? (db as { $client?: unknown }).$client;
  if (!(client instanceof pg.Pool || client instanceof pg.Client)) return queryRows<T>(db, query);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const result = await client.query({ name, text, values: params });
  return result.rows as T[];
}
