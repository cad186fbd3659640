import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { type Database, openDatabase } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';

/** One database the bench runs against, empty and its own; `dispose` closes and removes it. */
export type BenchTarget = {
  label: string;
  detail: string;
  /** The database open now: run.ts replaces it when a suite lends PGlite's data directory out. */
  database: Database;
  /** PGlite only: its data directory. */
  dataDir?: string;
  dispose(): Promise<void>;
};

/** BENCH_DATABASE_NAME lets two people bench on one server without dropping each other's database. */
export const BENCH_DATABASE = process.env.BENCH_DATABASE_NAME || 'ushirika_bench';
const DEFAULT_ADMIN_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Same pool size as the server's default, so the figures match `npm start` with DATABASE_URL. */
const POOL_SIZE = 10;

export async function openPgliteTarget(): Promise<BenchTarget> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ushirika-bench-'));
  const target: BenchTarget = {
    label: 'PGlite',
    detail: `embedded, fresh data dir ${dataDir}`,
    database: await openDatabase({ dataDir }),
    dataDir,
    dispose: async () => {
      await target.database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  return target;
}

function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

function redactPassword(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A scratch database `ushirika_bench` on the PostgreSQL server of BENCH_DATABASE_URL, DATABASE_URL
 * or the local default, used as an admin connection. Answers why not when the server cannot be reached.
 */
export async function openPostgresTarget(
  env: NodeJS.ProcessEnv = process.env,
): Promise<BenchTarget | { skipped: string }> {
  const adminUrl = env.BENCH_DATABASE_URL || env.DATABASE_URL || DEFAULT_ADMIN_URL;
  try {
    await adminStatement(adminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
    await adminStatement(adminUrl, `create database ${BENCH_DATABASE}`);
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return { skipped: `PostgreSQL at ${redactPassword(adminUrl)} is not reachable or refused: ${reason}` };
  }
  const { database, version } = await openNamed(adminUrl, BENCH_DATABASE);
  return {
    label: 'PostgreSQL',
    detail: `${version}, scratch database ${BENCH_DATABASE} on ${new URL(adminUrl).host}, pool ${POOL_SIZE}`,
    database,
    dispose: async () => {
      await database.close();
      await adminStatement(adminUrl, `drop database if exists ${BENCH_DATABASE} with (force)`);
    },
  };
}

/**
 * The apex suite's database (#34): kept between runs, never dropped by the bench, so a run at a
 * scale already written measures at once. `ushirika_apex` at full scale, `ushirika_apex_s<scale>`
 * below it (APEX_DATABASE_NAME overrides); created when missing. What it holds is written on the
 * database's comment (lib/apex/state.ts).
 */
export async function openApexTarget(
  scale: number,
  env: NodeJS.ProcessEnv = process.env,
): Promise<BenchTarget | { skipped: string }> {
  const adminUrl = env.BENCH_DATABASE_URL || env.DATABASE_URL || DEFAULT_ADMIN_URL;
  const name = env.APEX_DATABASE_NAME || apexDatabaseName(scale);
  try {
    const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3000 });
    await client.connect();
    try {
      const found = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount === 0) await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message || error.name : String(error);
    return { skipped: `PostgreSQL at ${redactPassword(adminUrl)} is not reachable or refused: ${reason}` };
  }
  const { database, version } = await openNamed(adminUrl, name);
  return {
    label: 'PostgreSQL',
    detail: `${version}, kept database ${name} on ${new URL(adminUrl).host}, pool ${POOL_SIZE}`,
    database,
    dispose: () => database.close(),
  };
}

/** The database `name` on the server of `adminUrl`, with the server's version for the header. */
async function openNamed(adminUrl: string, name: string) {
  const database = await openDatabase({ databaseUrl: withDatabaseName(adminUrl, name), poolSize: POOL_SIZE });
  const [{ server_version: version } = { server_version: '?' }] = await queryRows(
    database.db,
    z.object({ server_version: z.string() }),
    sql`show server_version`,
  );
  return { database, version };
}

/** `ushirika_apex` at scale 1, else e.g. `ushirika_apex_s0_01`. */
export const apexDatabaseName = (scale: number) =>
  scale === 1 ? 'ushirika_apex' : `ushirika_apex_s${String(scale).replace(/\W/g, '_')}`;
