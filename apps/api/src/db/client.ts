import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The one database handle type every service takes: the same code runs on PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite only: an image of the data directory, to start other instances from (test templates). */
  dump?: () => Promise<Blob>;
};

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  /** PGlite data directory; `memory://` keeps it in memory (tests). */
  dataDir?: string | undefined;
  /** PGlite data directory image to start from (tests start from a migrated template). */
  loadDataDir?: Blob | undefined;
  poolSize?: number;
};

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? 'memory://', options.loadDataDir);
}

function openPostgres(url: string, poolSize: number): Database {
  // NUMERIC stays a string (pg's default); timestamps become Date.
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client's error (a server restart, a terminated backend) must not crash the process:
  // the pool drops that client and the next query opens a new connection.
  pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema });
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    async migrate() {
      // Several processes may start at once: one migrates, the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock(727272)');
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock(727272)').catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
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

async function openPglite(dataDir: string, loadDataDir: Blob | undefined): Promise<Database> {
  let unlock = () => {};
  if (!dataDir.startsWith('memory://')) {
    mkdirSync(dataDir, { recursive: true });
    unlock = lockDataDir(dataDir);
  }
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: async () => {
      await client.close();
      unlock();
    },
    dump: () => client.dumpDataDir('none'),
  };
}
