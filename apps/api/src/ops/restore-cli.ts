import { ConfigError, loadConfig } from '../config.ts';
import { DataDirInUseError } from '../db/client.ts';
import { DatabaseNewerError } from '../db/migrate.ts';
import { BackupError } from './backup.ts';
import { restoreBackup } from './restore.ts';

/**
 * `npm run restore -- <file> [--force]`: into the empty DATA_DIR, or the empty database of
 * DATABASE_URL. With the server stopped. Refuses a damaged file and a non-empty target (unless
 * --force), and prints each table whose row count differs from the backup's manifest.
 */
async function main() {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith('--'));
  if (!file) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
  // A placeholder secret so reading the configuration does not write one into the empty DATA_DIR.
  const config = loadConfig({ ...process.env, JWT_SECRET: process.env.JWT_SECRET ?? 'restore-'.repeat(4) });
  const began = performance.now();
  const result = await restoreBackup({
    file,
    dataDir: config.dataDir,
    uploadsDir: config.uploadsDir,
    databaseUrl: config.databaseUrl,
    force: args.includes('--force'),
  });
  if (result.movedAside) console.log(`The previous DATA_DIR was moved to ${result.movedAside}`);
  const { manifest } = result;
  console.log(
    `Restored the backup of ${manifest.createdAt} (version ${manifest.version}, migration ${manifest.database.migrations.latest}) into ${config.databaseUrl ? 'PostgreSQL' : config.dataDir} in ${Math.round(performance.now() - began)} ms.`,
  );
  if (result.differences.length === 0) {
    console.log(`All ${Object.keys(manifest.tables).length} tables hold the row counts the backup recorded.`);
  } else {
    // The embedded database's counts are read just before its image: a write in between shows here.
    for (const d of result.differences)
      console.log(`  ${d.table}: ${d.restored} rows restored, the manifest says ${d.expected}`);
  }
  console.log('Start the server (npm start); it applies any newer migrations of this version.');
}

main().catch((error: unknown) => {
  const known = [ConfigError, DataDirInUseError, BackupError, DatabaseNewerError].some(
    (k) => error instanceof k,
  );
  console.error(`Restore failed: ${known ? (error as Error).message : error}`);
  process.exit(1);
});
