import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { startRounds } from '../platform/rounds.ts';
import { createBackup, pruneBackups } from './backup.ts';

/**
 * BACKUP_DIR + BACKUP_EVERY: the server writes a backup on that period and keeps the newest
 * BACKUP_KEEP. It runs in the server process because the embedded database can only be read by the
 * process holding it. A failure is logged at error level (something to alert on) and retried at the
 * next period.
 */
/** The server's logger, or the console in the WORKERS primary. */
export type ScheduleLog = {
  info(obj: object | string, msg?: string): void;
  error(obj: object, msg?: string): void;
};

export function startBackupSchedule(config: Config, database: Database, log: ScheduleLog) {
  const { dir, everyMs, keep } = config.backup;
  if (!dir || !everyMs) return null;
  const rounds = startRounds(
    async () => {
      const { file } = await createBackup({
        database,
        databaseUrl: config.databaseUrl,
        dataDir: config.dataDir,
        uploadsDir: config.uploadsDir,
        dir,
        version: config.version,
      });
      const removed = pruneBackups(dir, keep);
      log.info({ file, removed: removed.length }, 'backup written');
      return 0;
    },
    everyMs,
    { untilIdle: false, failed: (error) => log.error({ err: error }, 'scheduled backup failed') },
  );
  log.info(`backups every ${everyMs / 60_000} min into ${dir}, keeping ${keep}`);
  return { stop: rounds.stop };
}
