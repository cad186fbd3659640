import { AsyncLocalStorage } from 'node:async_hooks';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import {
  applyMigrations,
  assertNotNewer,
  type MigrationLevel,
  migrationLevel,
  migrationsFingerprint,
  readMigrations,
  type SqlRunner,
} from './migrate.ts';
import { LAG_QUERY, type Replica, ReplicaMonitor, routedDb } from './replica.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database handle type every service takes: the same code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  /**
   * Where report routes read (#34): the streaming replica while it is usable (DATABASE_REPLICA_URL,
   * PostgreSQL only) inside a route declared `reportRead`, else the primary (`db`).
   */
  reportDb: Db;
  /** The replica, when DATABASE_REPLICA_URL is set on PostgreSQL. */
  replica?: Replica;
  kind: 'pglite' | 'postgres';
  /** Applies pending migrations (one transaction each, under a lock); returns the tags applied. */
  migrate(options?: { folder?: string }): Promise<string[]>;
  /** Where the database stands against this code's migrations; throws if it is newer than the code. */
  level(options?: { folder?: string }): Promise<MigrationLevel>;
  close(): Promise<void>;
  /** PGlite only: an image of the data directory, to start other instances from (test templates). */
  dump?: (compression?: 'none' | 'gzip') => Promise<Blob>;
  /** PGlite only: the database was created from the migrated template image (no initdb, no replay). */
  fromTemplate?: boolean;
  /** PostgreSQL only: the connection pool's state, for /api/metrics. */
  pool?: () => { total: number; idle: number; waiting: number; max: number };
};

export const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite data directory image to start from (tests start from a migrated template). */
  loadDataDir?: Blob | undefined;
  /**
   * PGlite: a migrated data-directory image (built by `npm run build`) that a new, empty DATA_DIR
   * starts from when its `.json` sidecar names the current migrations: faster than initdb + replay.
   */
  templateFile?: string | undefined;
  poolSize?: number;
  /** Reports on a streaming replica (PostgreSQL only; the embedded database ignores it, saying so). */
  replica?: { url: string; maxLagSeconds: number } | undefined;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10, options.replica);
  if (options.replica) {
    console.log('DATABASE_REPLICA_URL is ignored: the embedded database has no replica (PostgreSQL only)');
  }
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir, options.templateFile);
}

/** A template image usable for a new data directory: present and built from these migrations. */
export function usableTemplate(templateFile: string | undefined): string | undefined {
  if (!templateFile || !existsSync(templateFile) || !existsSync(`${templateFile}.json`)) return undefined;
  try {
    const meta = JSON.parse(readFileSync(`${templateFile}.json`, 'utf8')) as { migrations?: string };
    return meta.migrations === migrationsFingerprint(migrationsFolder) ? templateFile : undefined;
  } catch {
    return undefined;
  }
}

function openPostgres(url: string, poolSize: number, replicaOptions: DatabaseOptions['replica']): Database {
  // NUMERIC stays a string (pg's default); timestamps become Date.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (a server restart, a terminated backend) must not crash the process:
  // the pool drops that client and the next query opens a new connection.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const replicated = replicaOptions
    ? openReplica(db, replicaOptions.url, { poolSize, maxLagSeconds: replicaOptions.maxLagSeconds })
    : undefined;
  return {
    db,
    reportDb: replicated?.reportDb ?? db,
    ...(replicated ? { replica: replicated.replica } : {}),
    kind: 'postgres',
    async migrate(options) {
      // Several processes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      const run: SqlRunner = async (statement) => (await client.query(statement)).rows;
      try {
        await client.query('select pg_advisory_lock(727272)');
        return await applyMigrations(run, readMigrations(options?.folder ?? migrationsFolder));
      } finally {
        await client.query('select pg_advisory_unlock(727272)').catch(() => {});
        client.release();
      }
    },
    async level(options) {
      const migrations = readMigrations(options?.folder ?? migrationsFolder);
      const run: SqlRunner = async (statement) => (await pool.query(statement)).rows;
      await assertNotNewer(run, migrations);
      return migrationLevel(run, migrations);
    },
    close: async () => {
      await replicated?.replica.close();
      await pool.end();
    },
    pool: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
  };
}

export class DataDirInUseError extends Error {}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite takes no lock of its own, and two processes on one data directory corrupt it (a seed
 * while the server runs, two servers). A pid file refuses the second; a stale one is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'ushirika.pid');
  try {
    const fd = openSync(file, 'wx');
    writeFileSync(fd, String(process.pid));
    closeSync(fd);
  } catch {
    const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
    if (holder && holder !== process.pid && isRunning(holder)) {
      throw new DataDirInUseError(
        `The embedded database in ${dataDir} is in use by process ${holder}. Stop that process first: only one Ushirika process can use it.`,
      );
    }
    writeFileSync(file, String(process.pid));
  }
  return () => rmSync(file, { force: true });
}

async function openPglite(
  dataDir: string,
  loadDataDir: Blob | undefined,
  templateFile: string | undefined,
): Promise<Database> {
  let unlock = () => {};
  let image = loadDataDir;
  let fromTemplate = false;
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
    const template =
      image || existsSync(path.join(dataDir, 'PG_VERSION')) ? undefined : usableTemplate(templateFile);
    if (template) {
      image = new Blob([readFileSync(template)]);
      fromTemplate = true;
    }
  }
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(image ? { loadDataDir: image } : {}),
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  // exec: the simple protocol, so a migration chunk may hold several statements.
  const run: SqlRunner = async (statement) => (await client.exec(statement)).at(-1)?.rows ?? [];
  return {
    db,
    reportDb: db,
    kind: 'pglite',
    // One process per data directory (the pid lock above), so that lock is the migration lock.
    migrate: (options) => applyMigrations(run, readMigrations(options?.folder ?? migrationsFolder)),
    async level(options) {
      const migrations = readMigrations(options?.folder ?? migrationsFolder);
      await assertNotNewer(run, migrations);
      return migrationLevel(run, migrations);
    },
    close: async () => {
      await client.close();
      unlock();
    },
    dump: (compression = 'none') => client.dumpDataDir(compression),
    fromTemplate,
  };
}

/** Opens the replica's pool; nothing connects until the first look or report. */
export function openReplica(
  primary: Db,
  url: string,
  options: { poolSize: number; maxLagSeconds: number; everyMs?: number },
): { replica: Replica; reportDb: Db } {
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize, connectionTimeoutMillis: 2000 });
  // A replica going away must not crash the process: reports fall back to the primary.
  pool.on('error', (error) => console.error(`PostgreSQL replica connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const reads = new AsyncLocalStorage<Db>();
  const monitor = new ReplicaMonitor(
    async () => {
      const { rows } = await pool.query<{ in_recovery: boolean; lag: number | null }>(LAG_QUERY);
      const row = rows[0];
      return { inRecovery: row?.in_recovery ?? false, lagSeconds: row?.lag ?? null };
    },
    options.maxLagSeconds,
    options.everyMs === undefined ? {} : { everyMs: options.everyMs },
  );
  return {
    replica: {
      monitor,
      onReplica: (read) => reads.run(db, read),
      pool: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: options.poolSize,
      }),
      close: () => pool.end(),
    },
    reportDb: routedDb(primary, () => reads.getStore()),
  };
}
