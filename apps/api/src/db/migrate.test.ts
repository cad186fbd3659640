import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { runMain } from '../../test/run-main.ts';
import { migrationsFolder, openDatabase } from './client.ts';
import { DatabaseNewerError, MigrationError, readMigrations } from './migrate.ts';
import { queryRows } from './rows.ts';

let t: TestApp;
const scratch = mkdtempSync(path.join(tmpdir(), 'ushirika-migrate-'));
const lastWhen = readMigrations(migrationsFolder).at(-1)?.when ?? 0;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The real migrations plus one more that creates a table, fills it, then fails. */
function folderWithBrokenMigration(): string {
  const folder = path.join(scratch, 'broken');
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  journal.entries.push({
    idx: journal.entries.length,
    version: '7',
    when: lastWhen + 1,
    tag: '9999_broken',
    breakpoints: true,
  });
  writeFileSync(journalFile, JSON.stringify(journal));
  writeFileSync(
    path.join(folder, '9999_broken.sql'),
    'create table ops_probe (id int);\n--> statement-breakpoint\ninsert into ops_probe values (1);\n--> statement-breakpoint\nselect 1 / 0;\n',
  );
  return folder;
}

async function tableExists(name: string): Promise<boolean> {
  const [row] = await queryRows(
    t.db,
    z.object({ present: z.boolean() }),
    sql`select to_regclass(${name}) is not null as present`,
  );
  return row?.present ?? false;
}

describe('migrations', () => {
  it('a migration that fails halfway changes nothing and says which one and why', async () => {
    const before = await t.database.level();
    expect(before.pending).toBe(0);
    const folder = folderWithBrokenMigration();
    const error = await t.database.migrate({ folder }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toContain('9999_broken');
    expect((error as Error).message).toContain('division by zero');
    // The table its first statement created is gone with the rollback; the level is unchanged.
    expect(await tableExists('ops_probe')).toBe(false);
    expect(await t.database.level({ folder })).toEqual({ ...before, pending: 1 });
  });

  it('refuses a database migrated by newer code, and the server will not start on it', async () => {
    await t.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${lastWhen + 1000})`,
    );
    try {
      await expect(t.database.level()).rejects.toBeInstanceOf(DatabaseNewerError);
      await expect(t.database.migrate()).rejects.toThrow(/newer version of Ushirika/);
    } finally {
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`);
    }
  });

  it('the server refuses to start on a newer database, with the reason', async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1' };
    let cleanup = async () => {};
    if (t.database.url) {
      env.DATABASE_URL = t.database.url;
      env.JWT_SECRET = 'migrate-test-secret-0123456789-0123456789';
      await t.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${lastWhen + 1000})`,
      );
      cleanup = async () => {
        await t.db.execute(sql`delete from drizzle.__drizzle_migrations where hash = 'from-the-future'`);
      };
    } else {
      delete env.DATABASE_URL;
      env.DATA_DIR = path.join(scratch, 'newer');
      const image = new Blob([readFileSync(inject('pgliteImage'))]);
      const database = await openDatabase({ dataDir: env.DATA_DIR, loadDataDir: image });
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-the-future', ${lastWhen + 1000})`,
      );
      await database.close();
    }
    try {
      const { code, output } = await runMain(env);
      expect(code).toBe(1);
      expect(output).toContain('Ushirika could not start: The database was upgraded by a newer version');
      expect(output).not.toContain('is running');
    } finally {
      await cleanup();
    }
  }, 120_000);
});
