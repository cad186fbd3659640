import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError, openDatabase } from '../db/client.ts';
import { DatabaseNewerError } from '../db/migrate.ts';
import { BackupError, createBackup, pruneBackups } from './backup.ts';

/**
 * `npm run backup [-- <folder>]`: one dated, compressed archive in <folder> (default BACKUP_DIR,
 * else ./backups), and BACKUP_KEEP kept there. PostgreSQL can be backed up while the server runs;
 * the embedded database only while it is stopped (else set BACKUP_DIR and BACKUP_EVERY and the
 * server writes them itself).
 */
async function main() {
  const config = loadConfig();
  const dir = path.resolve(process.argv[2] ?? config.backup.dir ?? 'backups');
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    const began = performance.now();
    const { file, manifest } = await createBackup({
      database,
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      uploadsDir: config.uploadsDir,
      dir,
      version: config.version,
    });
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup written: ${file} (${Object.keys(manifest.tables).length} tables, ${rows} rows, migration ${manifest.database.migrations.latest}) in ${Math.round(performance.now() - began)} ms`,
    );
    const removed = pruneBackups(dir, config.backup.keep);
    if (removed.length)
      console.log(`Removed ${removed.length} older backup(s); keeping ${config.backup.keep}.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  const known = [ConfigError, DataDirInUseError, BackupError, DatabaseNewerError].some(
    (k) => error instanceof k,
  );
  console.error(`Backup failed: ${known ? (error as Error).message : error}`);
  if (error instanceof DataDirInUseError) {
    console.error(
      'Stop the server first, or set BACKUP_DIR and BACKUP_EVERY so the running server writes backups.',
    );
  }
  process.exit(1);
});
