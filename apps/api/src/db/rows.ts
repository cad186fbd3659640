import { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { DbOrTx } from './client.ts';

const dialect = new PgDialect();

/** Both drivers answer a raw statement with `{ rows }`; the shared `Db` type leaves it unknown. */
function rowsOf(result: unknown): unknown[] {
  if (typeof result === 'object' && result !== null && 'rows' in result && Array.isArray(result.rows))
    return result.rows;
  throw new Error('The database answered a raw statement without rows');
}

/**
 * Runs raw SQL, as a named prepared statement when `prepared` names one. A prepared statement is
 * parsed and planned once per connection on PostgreSQL, which matters for a large statement run
 * many times a second (the weighing save); the name must always carry the same SQL text (one name
 * per variant of the statement). It goes through drizzle's session (`db._.session`, public in its
 * types), the same path `db.execute` takes with a name added: inside a transaction it runs on the
 * transaction's connection; PGlite has no named statements and runs it as `db.execute` does.
 */
async function run(db: DbOrTx, query: SQL, prepared: string | undefined): Promise<unknown> {
  if (prepared === undefined) return db.execute(query);
  return db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, prepared, false).execute();
}

/**
 * Runs raw SQL and parses each row with `row`, a zod object of the columns as the SQL names them
 * (`as "camelCase"`): the row type comes from the schema, never from a cast. A row that does not
 * match is a bug in the query, not in the request: a plain error (500), logged with the column at
 * fault. Raw SQL is for the measured hot paths and for reads the query builder cannot say well
 * (docs/DECISIONS.md); the other reads use the query builder.
 */
export async function queryRows<Row extends z.ZodType>(
  db: DbOrTx,
  row: Row,
  query: SQL,
  options?: { prepared?: string },
): Promise<z.output<Row>[]>;
/**
 * @deprecated The rows' type is a cast, checked by nothing: pass a row schema instead
 * (`queryRows(db, row, query)`). Kept while the areas listed in scripts/house-pending.json convert.
 */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]>;
export async function queryRows<Row extends z.ZodType>(
  db: DbOrTx,
  rowOrQuery: Row | SQL,
  query?: SQL,
  options: { prepared?: string } = {},
): Promise<unknown[]> {
  if (rowOrQuery instanceof SQL) return rowsOf(await run(db, rowOrQuery, undefined));
  if (!query) throw new Error('queryRows: no SQL to run');
  const row = rowOrQuery;
  const rows = rowsOf(await run(db, query, options.prepared));
  return rows.map((value) => {
    const parsed = row.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new Error(
      `A row of ${options.prepared ?? 'a raw SQL read'} does not match its schema at ${issue?.path.join('.') || 'the row'}: ${issue?.message}`,
    );
  });
}

/** The row of a `select count(*)::int as n`. */
export const countRow = z.object({ n: z.number() });
/** The row of a `returning id` (or `select id`). */
export const idRow = z.object({ id: z.string() });

/** Runs a raw statement whose rows nobody reads (an insert or update), prepared when named. */
export async function executeSql(db: DbOrTx, query: SQL, options: { prepared?: string } = {}): Promise<void> {
  await run(db, query, options.prepared);
}
