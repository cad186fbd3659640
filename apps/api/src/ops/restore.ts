import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../db/client.ts';
import { BACKUP_FORMAT, BackupError, type BackupManifest, run, tableCounts } from './backup.ts';
import { type Extracted, extractTarGz, sha256File } from './tar.ts';

export type RestoreInput = {
  file: string;
  /** Target: the embedded database's DATA_DIR (also where the JWT secret and uploads go). */
  dataDir: string;
  /** Where the uploaded files go (config.uploadsDir); `<dataDir>/uploads` when not given. */
  uploadsDir?: string | undefined;
  /** Target: a PostgreSQL database instead of the embedded one. */
  databaseUrl?: string | undefined;
  /** Replace a target that is not empty (a DATA_DIR is moved aside, not deleted). */
  force?: boolean;
};

export type RestoreResult = {
  manifest: BackupManifest;
  /** Tables whose row count differs from the manifest's (none when the restore is exact). */
  differences: { table: string; expected: number; restored: number }[];
  /** Where a replaced DATA_DIR was moved. */
  movedAside?: string;
};

/** Checks the file against its `.sha256` (if beside it) and every member against the manifest. */
async function openArchive(
  file: string,
  into: string,
): Promise<{ manifest: BackupManifest; members: Extracted[] }> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}`);
  const sidecar = `${file}.sha256`;
  if (existsSync(sidecar)) {
    const expected = readFileSync(sidecar, 'utf8').trim().split(/\s+/)[0];
    if (expected !== (await sha256File(file))) {
      throw new BackupError(
        `The backup's checksum fails (${path.basename(sidecar)}): the file is damaged. Nothing was restored.`,
      );
    }
  }
  let members: Extracted[];
  try {
    members = await extractTarGz(file, into);
  } catch (error) {
    throw new BackupError(
      `The file is damaged or is not an Ushirika backup (${(error as Error).message}). Nothing was restored.`,
    );
  }
  const manifestMember = members.find((m) => m.name === 'manifest.json');
  if (!manifestMember)
    throw new BackupError('The file is not an Ushirika backup (no manifest.json). Nothing was restored.');
  const manifest = JSON.parse(readFileSync(manifestMember.file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(`Unknown backup format ${manifest.format}`);
  for (const listed of manifest.members) {
    const found = members.find((m) => m.name === listed.name);
    if (!found || found.sha256 !== listed.sha256 || found.size !== listed.size) {
      throw new BackupError(
        `The backup's checksum fails for ${listed.name}: the file is damaged. Nothing was restored.`,
      );
    }
  }
  const unlisted = members.filter(
    (m) => m.name !== 'manifest.json' && !manifest.members.some((l) => l.name === m.name),
  );
  if (unlisted.length)
    throw new BackupError(`The backup holds files its manifest does not list: ${unlisted[0]?.name}`);
  return { manifest, members };
}

async function prepareDataDir(dataDir: string, force: boolean): Promise<string | undefined> {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) return undefined;
  if (!force) {
    throw new BackupError(
      `${dataDir} is not empty. Restore into an empty DATA_DIR, or add --force to replace it (its present contents are moved aside, not deleted).`,
    );
  }
  const aside = `${dataDir.replace(/\/+$/, '')}.before-restore-${Date.now()}`;
  renameSync(dataDir, aside);
  return aside;
}

async function preparePostgres(url: string, force: boolean): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      `select count(*)::text as n from information_schema.tables where table_schema in ('public', 'drizzle')`,
    );
    if (Number(rows[0]?.n ?? 0) === 0) return;
    if (!force) {
      throw new BackupError(
        'The target database is not empty. Restore into a new, empty database, or add --force to drop everything in it first.',
      );
    }
    await client.query('drop schema if exists drizzle cascade');
    await client.query('drop schema public cascade');
    await client.query('create schema public');
  } finally {
    await client.end();
  }
}

export async function restoreBackup(input: RestoreInput): Promise<RestoreResult> {
  const work = mkdtempSync(path.join(tmpdir(), 'ushirika-restore-'));
  try {
    const { manifest, members } = await openArchive(path.resolve(input.file), work);
    const target = input.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database.kind !== target) {
      throw new BackupError(
        `This is a backup of ${manifest.database.kind === 'pglite' ? 'the embedded database' : 'a PostgreSQL database'}; restore it into the same kind (${manifest.database.kind === 'pglite' ? 'unset DATABASE_URL' : 'set DATABASE_URL'}).`,
      );
    }
    const dump = members.find((m) => m.name === manifest.database.member);
    if (!dump) throw new BackupError('The backup holds no database dump');

    let movedAside: string | undefined;
    let database: Awaited<ReturnType<typeof openDatabase>>;
    if (input.databaseUrl) {
      await preparePostgres(input.databaseUrl, input.force ?? false);
      await run('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        `--dbname=${input.databaseUrl}`,
        dump.file,
      ]);
      database = await openDatabase({ databaseUrl: input.databaseUrl, poolSize: 1 });
    } else {
      movedAside = await prepareDataDir(input.dataDir, input.force ?? false);
      const image = new Blob([readFileSync(dump.file)]);
      database = await openDatabase({ dataDir: input.dataDir, loadDataDir: image });
    }
    try {
      mkdirSync(input.dataDir, { recursive: true });
      for (const m of members) {
        if (m.name === 'secret/jwt-secret') copyFileSync(m.file, path.join(input.dataDir, 'jwt-secret'));
        if (m.name.startsWith('uploads/')) {
          const to = path.join(
            input.uploadsDir ?? path.join(input.dataDir, 'uploads'),
            m.name.slice('uploads/'.length),
          );
          mkdirSync(path.dirname(to), { recursive: true });
          copyFileSync(m.file, to);
        }
      }
      // Refuses (clearly) a backup taken by a newer version than this code.
      await database.level();
      const counts = await tableCounts(database.db);
      const names = new Set([...Object.keys(manifest.tables), ...Object.keys(counts)]);
      const differences = [...names]
        .map((table) => ({ table, expected: manifest.tables[table] ?? 0, restored: counts[table] ?? 0 }))
        .filter((d) => d.expected !== d.restored);
      return { manifest, differences, ...(movedAside ? { movedAside } : {}) };
    } finally {
      await database.close();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
