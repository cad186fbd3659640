import { randomUUID } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSociety, openSeasonWithCashew, recordCollectionOk, weighing } from '../../test/crop-flow.ts';
import { sessionAs, startTestApp, type TestApp } from '../../test/harness.ts';
import { openDatabase } from '../db/client.ts';
import { trialBalance } from '../modules/accounts/reports/trial-balance.ts';
import { accountId, postedEntry } from '../modules/accounts/testing.ts';
import { BACKUP_PATTERN, BackupError, createBackup, pruneBackups, tableCounts } from './backup.ts';
import { startBackupSchedule } from './backup-schedule.ts';
import { restoreBackup } from './restore.ts';

let t: TestApp;
const scratch = mkdtempSync(path.join(tmpdir(), 'ushirika-backup-test-'));
const sourceDir = path.join(scratch, 'source-data');
const adminUrl = process.env.DATABASE_URL;
const restoredDb = `ushirika_restore_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

function restoredUrl(): string | undefined {
  if (!adminUrl) return undefined;
  const u = new URL(adminUrl);
  u.pathname = `/${restoredDb}`;
  return u.toString();
}

beforeAll(async () => {
  t = await startTestApp();
  // Some of a season through the use cases: two weighings (collection book) and a journal entry
  // in each book (maker and checker), plus the secret file a real DATA_DIR holds.
  const root = await sessionAs(t, 'Administrator');
  const cashew = await openSeasonWithCashew(t, root);
  const society = await makeSociety(t, root, { farmers: 2 });
  for (const farmer of society.farmers) {
    await recordCollectionOk(t, society.clerk.access, weighing(cashew, farmer));
  }
  const [accountant, manager] = await Promise.all([
    sessionAs(t, 'Accountant'),
    sessionAs(t, 'Finance Manager'),
  ]);
  const [cash, bank] = await Promise.all([
    accountId(t, 'operation', '1101'),
    accountId(t, 'operation', '1102'),
  ]);
  await postedEntry(t, accountant, manager, [
    { accountId: bank, debit: '1500000.00' },
    { accountId: cash, credit: '1500000.00' },
  ]);
  const [collectionBank, capital] = await Promise.all([
    accountId(t, 'collection', '1101'),
    accountId(t, 'collection', '3101'),
  ]);
  await postedEntry(
    t,
    accountant,
    manager,
    [
      { accountId: collectionBank, debit: '250000.00' },
      { accountId: capital, credit: '250000.00' },
    ],
    { book: 'collection' },
  );
  mkdirSync(sourceDir, { recursive: true });
  writeFileSync(path.join(sourceDir, 'jwt-secret'), 'the-generated-secret');
  if (adminUrl) await admin(`create database ${restoredDb}`);
}, 120_000);

afterAll(async () => {
  await t.close();
  if (adminUrl) await admin(`drop database if exists ${restoredDb} with (force)`);
  rmSync(scratch, { recursive: true, force: true });
});

describe('backup and restore', () => {
  let file: string;

  it('writes one dated archive with its checksum, and restores it exactly into a fresh target', async () => {
    const backups = path.join(scratch, 'backups');
    const result = await createBackup({
      database: t.database,
      databaseUrl: t.database.url,
      dataDir: sourceDir,
      dir: backups,
      version: '9.9.9',
    });
    file = result.file;
    expect(path.basename(file)).toMatch(/^ushirika-backup-\d{8}T\d{6}Z\.tar\.gz$/);
    expect(existsSync(`${file}.sha256`)).toBe(true);
    expect(result.manifest.database.kind).toBe(t.database.kind);
    expect(result.manifest.members.map((m) => m.name)).toContain('secret/jwt-secret');

    const source = await tableCounts(t.db);
    expect(source['public.collections']).toBe(2);
    expect(result.manifest.tables).toEqual(source);

    const targetDir = path.join(scratch, 'restored-data');
    const restored = await restoreBackup({ file, dataDir: targetDir, databaseUrl: restoredUrl() });
    expect(restored.differences).toEqual([]);
    expect(readFileSync(path.join(targetDir, 'jwt-secret'), 'utf8')).toBe('the-generated-secret');

    const database = await openDatabase({ databaseUrl: restoredUrl(), dataDir: targetDir, poolSize: 1 });
    try {
      // Every table's row count, and both books' trial balances, equal the source's.
      expect(await tableCounts(database.db)).toEqual(source);
      for (const book of ['collection', 'operation'] as const) {
        const before = await trialBalance(t.db, { book });
        const after = await trialBalance(database.db, { book });
        expect(after).toEqual(before);
        expect(before.rows.length).toBeGreaterThan(0);
      }
      const operation = await trialBalance(database.db, { book: 'operation' });
      expect(operation.rows.find((l) => l.code === '1102')?.periodDebit).toBe('1500000.00');
      const collection = await trialBalance(database.db, { book: 'collection' });
      expect(collection.rows.find((l) => l.code === '3101')?.periodCredit).toBe('250000.00');
    } finally {
      await database.close();
    }
  });

  it('refuses a target that is not empty unless forced', async () => {
    const targetDir = path.join(scratch, 'restored-data');
    await expect(restoreBackup({ file, dataDir: targetDir, databaseUrl: restoredUrl() })).rejects.toThrow(
      /not empty/,
    );
    const forced = await restoreBackup({ file, dataDir: targetDir, databaseUrl: restoredUrl(), force: true });
    expect(forced.differences).toEqual([]);
    if (!adminUrl) expect(forced.movedAside && existsSync(forced.movedAside)).toBe(true);
  });

  it('refuses a damaged file and restores nothing', async () => {
    const damaged = path.join(scratch, path.basename(file));
    const bytes = readFileSync(file);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(`${damaged}.sha256`, readFileSync(`${file}.sha256`));
    const targetDir = path.join(scratch, 'never');
    const error = await restoreBackup({ file: damaged, dataDir: targetDir, databaseUrl: undefined }).catch(
      (e) => e,
    );
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toMatch(/checksum fails/);
    expect(existsSync(targetDir)).toBe(false);
    // Without the .sha256 beside it, the members' own checksums (or gzip's) still catch it.
    rmSync(`${damaged}.sha256`);
    await expect(restoreBackup({ file: damaged, dataDir: targetDir })).rejects.toBeInstanceOf(BackupError);
  });

  it('keeps the newest BACKUP_KEEP backups', () => {
    const dir = path.join(scratch, 'keep');
    mkdirSync(dir);
    const names = ['20261101T010000Z', '20261102T010000Z', '20261103T010000Z'].map(
      (s) => `ushirika-backup-${s}.tar.gz`,
    );
    for (const n of names) {
      writeFileSync(path.join(dir, n), '');
      writeFileSync(path.join(dir, `${n}.sha256`), '');
    }
    expect(pruneBackups(dir, 2)).toEqual([names[0]]);
    expect(existsSync(path.join(dir, names[0] ?? ''))).toBe(false);
    expect(existsSync(path.join(dir, names[2] ?? ''))).toBe(true);
  });

  it('the schedule writes backups on its period and keeps the newest BACKUP_KEEP', async () => {
    const dir = path.join(scratch, 'scheduled');
    const config = {
      ...t.deps.config,
      databaseUrl: t.database.url,
      dataDir: sourceDir,
      backup: { dir, everyMs: 200, keep: 1 },
    };
    const written: string[] = [];
    const failures: unknown[] = [];
    const schedule = startBackupSchedule(config, t.database, {
      info: (obj) => {
        if (typeof obj === 'object' && 'file' in obj) written.push(String(obj.file));
      },
      error: (obj) => failures.push(obj),
    });
    try {
      for (let i = 0; i < 600 && written.length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    } finally {
      await schedule?.stop();
    }
    expect(failures).toEqual([]);
    expect(written.length).toBeGreaterThanOrEqual(2);
    const kept = readdirSync(dir).filter((f) => BACKUP_PATTERN.test(f));
    expect(kept).toEqual([path.basename(written.at(-1) ?? '')]);
  }, 90_000);
});
