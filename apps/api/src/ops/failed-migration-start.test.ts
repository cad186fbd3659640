import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { z } from 'zod';
import { childDatabase } from '../../test/hardening/child-server.ts';
import { runMain } from '../../test/run-main.ts';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { readMigrations } from '../db/migrate.ts';
import { queryRows } from '../db/rows.ts';

/**
 * The real server (main.ts) started on an empty database whose migration bookkeeping refuses every
 * new row: the first migration runs all its statements, then fails on its bookkeeping insert. The
 * server must refuse to start, naming the migration and the reason, and leave the database exactly
 * as it was (no table of the migration left behind, nothing recorded as applied).
 */
let dataDir: string;
let drop = async () => {};

afterAll(async () => {
  await drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

const REFUSE = [
  'create schema if not exists drizzle',
  'create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)',
  `create function drizzle.refuse_probe() returns trigger language plpgsql as $$ begin raise exception 'probe refuses this migration'; end $$`,
  'create trigger refuse_probe before insert on drizzle.__drizzle_migrations for each row execute function drizzle.refuse_probe()',
];

/** Relations, types and schemas outside the system catalogs: what a migration would add. */
const SHAPE = `select
  (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')) as relations,
  (select count(*)::int from pg_type t join pg_namespace n on n.oid = t.typnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast', 'drizzle')) as types,
  (select count(*)::int from pg_namespace) as schemas,
  (select count(*)::int from drizzle.__drizzle_migrations) as applied`;

const shape = z.object({
  relations: z.number(),
  types: z.number(),
  schemas: z.number(),
  applied: z.number(),
});
type Shape = z.infer<typeof shape>;

/** Runs SQL on the child's database (PostgreSQL URL, or the PGlite data directory it will open). */
async function onDatabase(env: Record<string, string>, statements: string[]): Promise<Shape> {
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      for (const s of statements) await client.query(s);
      return (await client.query(SHAPE)).rows[0] as Shape;
    } finally {
      await client.end();
    }
  }
  const database = await openDatabase({ dataDir: env.DATA_DIR });
  try {
    for (const s of statements) await database.db.execute(sql.raw(s));
    return (await queryRows(database.db, shape, sql.raw(SHAPE)))[0] as Shape;
  } finally {
    await database.close();
  }
}

it('the server refuses to start when a migration fails, says which and why, and the database is unchanged', async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'ushirika-failed-migration-'));
  const database = await childDatabase(path.join(dataDir, 'data'));
  drop = database.drop;
  const before = await onDatabase(database.env, REFUSE);
  expect(before.applied).toBe(0);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...database.env,
    LOG_LEVEL: 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'failed-migration-secret-0123456789-0123456789',
  };
  if (!database.env.DATABASE_URL) delete env.DATABASE_URL;
  const { code, output } = await runMain(env);

  const first = readMigrations(migrationsFolder)[0]?.tag ?? '';
  expect(code).toBe(1);
  expect(output).toContain(`Ushirika could not start: Migration ${first} failed and was rolled back`);
  expect(output).toContain('probe refuses this migration');
  expect(output).not.toContain('is running');
  // Every statement of the first migration ran before the refusal; none of it is left.
  expect(await onDatabase(database.env, [])).toEqual(before);
}, 180_000);
