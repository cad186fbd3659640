import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedAccounting } from '../src/modules/accounts/chart/seed-accounting.ts';
import { ensureStatementLines } from '../src/modules/accounts/statements/ensure-statement-lines.ts';
import { seedMasterData } from '../src/modules/cooperative/seed-master-data.ts';
import { syncBuiltInRoles } from '../src/modules/roles/queries.ts';
import { systemActor } from '../src/platform/access.ts';

/**
 * Test databases start from a migrated template so each test file gets its own empty database in
 * well under a second: a PGlite data-directory image, or a PostgreSQL template database when
 * DATABASE_URL is set (CI runs the suite both ways).
 */
/** One template per test run, so runs started at the same time never share (or drop) a template. */
export const TEMPLATE_DB = process.env.USHIRIKA_TEMPLATE_DB ?? `ushirika_test_template_${process.pid}`;

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Called once per run (vitest globalSetup): builds the template; returns how to remove it. */
export async function prepareTemplate(imagePath: string): Promise<() => Promise<void>> {
  const url = process.env.DATABASE_URL;
  if (url) {
    await adminQuery(url, `drop database if exists ${TEMPLATE_DB} with (force)`);
    await adminQuery(url, `create database ${TEMPLATE_DB}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB), poolSize: 1 });
    await database.migrate();
    await syncBuiltInRoles(database.db);
    await seedAccounting(database.db, systemActor);
    await ensureStatementLines(database.db);
    await seedMasterData(database.db, systemActor);
    await database.close();
    return () => adminQuery(url, `drop database if exists ${TEMPLATE_DB} with (force)`);
  }
  const database = await openDatabase({ dataDir: 'memory://' });
  await database.migrate();
  await syncBuiltInRoles(database.db);
  await seedAccounting(database.db, systemActor);
  await ensureStatementLines(database.db);
  await seedMasterData(database.db, systemActor);
  const image = await database.dump?.();
  if (!image) throw new Error('PGlite did not dump its data directory');
  const { writeFile } = await import('node:fs/promises');
  await writeFile(imagePath, Buffer.from(await image.arrayBuffer()));
  await database.close();
  return async () => {};
}

export type TestDatabase = Database & { url: string | undefined; drop(): Promise<void> };

/** A fresh database for one test file (or one E2E server), migrated and with the built-in roles. */
export async function createTestDatabase(imagePath: string, poolSize = 10): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `ushirika_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    await adminQuery(url, `create database ${name} template ${TEMPLATE_DB}`);
    const dbUrl = withDatabase(url, name);
    const database = await openDatabase({ databaseUrl: dbUrl, poolSize });
    return {
      ...database,
      url: dbUrl,
      drop: async () => {
        await database.close();
        await adminQuery(url, `drop database if exists ${name} with (force)`);
      },
    };
  }
  const image = new Blob([await readFile(imagePath)]);
  const database = await openDatabase({ dataDir: 'memory://', loadDataDir: image });
  return { ...database, url: undefined, drop: () => database.close() };
}
