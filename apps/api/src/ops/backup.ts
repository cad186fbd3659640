import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import type { Database, DbOrTx } from '../db/client.ts';
import type { MigrationLevel } from '../db/migrate.ts';
import { queryRows } from '../db/rows.ts';
import { sha256File, type TarEntry, writeTarGz } from './tar.ts';

/**
 * One backup is one file, `ushirika-backup-<UTC time>.tar.gz`, holding the database (a PGlite
 * data-directory image, or a pg_dump custom-format dump), the generated JWT secret, any uploaded
 * files, and manifest.json (version, migration level, each table's row count, each member's
 * SHA-256). A `<file>.sha256` beside it checks the whole file (`sha256sum -c`).
 */
export const BACKUP_FORMAT = 'ushirika-backup/1';
export const BACKUP_PATTERN = /^ushirika-backup-\d{8}T\d{6}Z\.tar\.gz$/;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  version: string;
  database: { kind: Database['kind']; member: string; migrations: MigrationLevel };
  tables: Record<string, number>;
  members: { name: string; size: number; sha256: string }[];
};

export class BackupError extends Error {}

/** Every table of the schema and of the migration bookkeeping, with its row count. */
export async function tableCounts(db: DbOrTx): Promise<Record<string, number>> {
  const tables = await queryRows(
    db,
    z.object({ name: z.string() }),
    sql`select table_schema || '.' || table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const [row] = await queryRows(
      db,
      z.object({ n: z.string() }),
      sql.raw(`select count(*)::text as n from "${schema}"."${table}"`),
    );
    counts[name] = Number(row?.n ?? 0);
  }
  return counts;
}

export function run(command: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (d) => {
      errors += d;
    });
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found: install the PostgreSQL client of your server's version (apt-get install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${command} failed: ${errors.trim() || `exit ${code}`}`)),
    );
  });
}

/**
 * PostgreSQL: pg_dump reads the snapshot a repeatable-read transaction exported, and the row counts
 * come from that same transaction, so the manifest describes exactly what was dumped.
 */
async function dumpPostgres(url: string, target: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows } = await client.query<{ id: string }>('select pg_export_snapshot() as id');
    const snapshot = rows[0]?.id ?? '';
    const counting = (async () => {
      const tables = await client.query<{ name: string }>(
        `select quote_ident(table_schema) || '.' || quote_ident(table_name) as name, table_schema || '.' || table_name as label
         from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 2`,
      );
      const counts: Record<string, number> = {};
      for (const t of tables.rows as { name: string; label: string }[]) {
        const r = await client.query<{ n: string }>(`select count(*)::text as n from ${t.name}`);
        counts[t.label] = Number(r.rows[0]?.n ?? 0);
      }
      return counts;
    })();
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${target}`,
      `--dbname=${url}`,
    ]);
    return await counting;
  } finally {
    await client.query('rollback').catch(() => {});
    await client.end();
  }
}

export function backupName(now: Date): string {
  const stamp = now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `ushirika-backup-${stamp}.tar.gz`;
}

function filesUnder(dir: string, prefix: string): TarEntry[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => {
      const file = path.join(d.parentPath, d.name);
      return { name: `${prefix}/${path.relative(dir, file)}`, file, size: statSync(file).size };
    });
}

export type BackupInput = {
  database: Pick<Database, 'db' | 'kind' | 'level' | 'dump'>;
  /** PostgreSQL: the database to dump with pg_dump. */
  databaseUrl?: string | undefined;
  /** Where the generated JWT secret (and, without uploadsDir, the uploaded files) live. */
  dataDir: string;
  /** The uploaded files' folder (config.uploadsDir); `<dataDir>/uploads` when not given. */
  uploadsDir?: string | undefined;
  /** Folder the backup file is written to. */
  dir: string;
  version: string;
  now?: Date;
};

export async function createBackup(input: BackupInput): Promise<{ file: string; manifest: BackupManifest }> {
  mkdirSync(input.dir, { recursive: true });
  const work = mkdtempSync(path.join(input.dir, '.backup-partial-'));
  try {
    const member = input.database.kind === 'pglite' ? 'database/pglite.tar' : 'database/postgres.dump';
    const dumpFile = path.join(work, 'database.bin');
    const migrations = await input.database.level();
    let tables: Record<string, number>;
    if (input.database.kind === 'postgres') {
      if (!input.databaseUrl) throw new BackupError('A PostgreSQL backup needs DATABASE_URL');
      tables = await dumpPostgres(input.databaseUrl, dumpFile);
    } else {
      tables = await tableCounts(input.database.db);
      const image = await input.database.dump?.('none');
      if (!image) throw new BackupError('The embedded database did not give its data directory');
      writeFileSync(dumpFile, Buffer.from(await image.arrayBuffer()), { mode: 0o600 });
    }
    const entries: TarEntry[] = [{ name: member, file: dumpFile, size: statSync(dumpFile).size }];
    const secret = path.join(input.dataDir, 'jwt-secret');
    if (existsSync(secret))
      entries.push({ name: 'secret/jwt-secret', file: secret, size: statSync(secret).size });
    entries.push(...filesUnder(input.uploadsDir ?? path.join(input.dataDir, 'uploads'), 'uploads'));

    const members = [];
    for (const e of entries) members.push({ name: e.name, size: e.size, sha256: await sha256File(e.file) });
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: (input.now ?? new Date()).toISOString(),
      version: input.version,
      database: { kind: input.database.kind, member, migrations },
      tables,
      members,
    };
    const manifestFile = path.join(work, 'manifest.json');
    writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
    entries.unshift({ name: 'manifest.json', file: manifestFile, size: statSync(manifestFile).size });

    const name = backupName(input.now ?? new Date());
    const partial = path.join(work, name);
    await writeTarGz(partial, entries);
    const file = path.join(input.dir, name);
    renameSync(partial, file);
    writeFileSync(`${file}.sha256`, `${await sha256File(file)}  ${name}\n`);
    return { file, manifest };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Keeps the newest `keep` backups in `dir` (by their names, which sort by time); answers the removed. */
export function pruneBackups(dir: string, keep: number): string[] {
  const files = readdirSync(dir)
    .filter((f) => BACKUP_PATTERN.test(f))
    .sort();
  const removed = files.slice(0, Math.max(0, files.length - keep));
  for (const f of removed) {
    rmSync(path.join(dir, f), { force: true });
    rmSync(path.join(dir, `${f}.sha256`), { force: true });
  }
  return removed;
}
