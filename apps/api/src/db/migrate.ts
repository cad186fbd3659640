import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Our own migrator over drizzle-kit's folder (same `drizzle.__drizzle_migrations` table, so existing
 * databases carry on): one transaction per migration, so a failing one leaves the database at the
 * level before it, and a refusal to run code older than the database.
 */
export type Migration = { tag: string; when: number; hash: string; statements: string[] };

/** The one thing the migrator needs from a driver: run SQL on a single connection. */
export type SqlRunner = (statement: string) => Promise<Record<string, unknown>[]>;

export class MigrationError extends Error {}
export class DatabaseNewerError extends Error {}

export function readMigrations(folder: string): Migration[] {
  const journal = JSON.parse(readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  return journal.entries.map((entry) => {
    const text = readFileSync(path.join(folder, `${entry.tag}.sql`), 'utf8');
    return {
      tag: entry.tag,
      when: entry.when,
      hash: createHash('sha256').update(text).digest('hex'),
      statements: text.split('--> statement-breakpoint').filter((s) => s.trim() !== ''),
    };
  });
}

/** One hash of every migration: a template database built from them is good while it holds. */
export function migrationsFingerprint(folder: string): string {
  const hash = createHash('sha256');
  for (const m of readMigrations(folder)) hash.update(`${m.tag}:${m.hash}\n`);
  return hash.digest('hex').slice(0, 16);
}

export type MigrationLevel = {
  /** Migrations applied in the database. */
  applied: number;
  /** Tag of the last applied migration this code knows (null on an empty database). */
  latest: string | null;
  /** Migrations this code has that the database has not. */
  pending: number;
};

const TABLE = 'drizzle.__drizzle_migrations';

async function appliedTimes(run: SqlRunner): Promise<number[]> {
  const [exists] = await run(`select to_regclass('${TABLE}') is not null as present`);
  if (!exists?.present) return [];
  const rows = await run(`select created_at from ${TABLE} order by created_at`);
  return rows.map((r) => Number(r.created_at));
}

export async function migrationLevel(run: SqlRunner, migrations: Migration[]): Promise<MigrationLevel> {
  const times = await appliedTimes(run);
  const last = times.at(-1) ?? 0;
  const known = migrations.filter((m) => m.when <= last);
  return {
    applied: times.length,
    latest: known.at(-1)?.tag ?? null,
    pending: migrations.filter((m) => m.when > last).length,
  };
}

/** Refuses a database migrated by newer code: its last migration is later than any this code has. */
export async function assertNotNewer(run: SqlRunner, migrations: Migration[]): Promise<void> {
  const times = await appliedTimes(run);
  const newest = migrations.at(-1)?.when ?? 0;
  const unknown = times.filter((t) => t > newest).length;
  if (unknown > 0) {
    throw new DatabaseNewerError(
      `The database was upgraded by a newer version of Ushirika: it has ${unknown} migration(s) this version does not know (this version ends at ${migrations.at(-1)?.tag}). Start the newer version, or restore a backup taken before the upgrade.`,
    );
  }
}

/**
 * Applies the pending migrations in order, each in its own transaction with its bookkeeping row.
 * The caller holds the lock (advisory lock on PostgreSQL, the data-directory lock on PGlite).
 * Returns the tags applied.
 */
export async function applyMigrations(run: SqlRunner, migrations: Migration[]): Promise<string[]> {
  await run('create schema if not exists drizzle');
  await run(
    `create table if not exists ${TABLE} (id serial primary key, hash text not null, created_at bigint)`,
  );
  await assertNotNewer(run, migrations);
  const last = (await appliedTimes(run)).at(-1) ?? 0;
  const applied: string[] = [];
  for (const migration of migrations.filter((m) => m.when > last)) {
    await run('begin');
    try {
      for (const statement of migration.statements) await run(statement);
      await run(`insert into ${TABLE} (hash, created_at) values ('${migration.hash}', ${migration.when})`);
      await run('commit');
    } catch (error) {
      await run('rollback').catch(() => {});
      const reason = error instanceof Error ? error.message : String(error);
      throw new MigrationError(
        `Migration ${migration.tag} failed and was rolled back (the database is as it was before it${applied.length ? `, after ${applied.at(-1)}` : ''}): ${reason}`,
      );
    }
    applied.push(migration.tag);
  }
  return applied;
}
