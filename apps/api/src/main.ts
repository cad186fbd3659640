import cluster from 'node:cluster';
import { buildApp } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { DatabaseNewerError, MigrationError } from './db/migrate.ts';
import { bootstrap } from './modules/system/bootstrap.ts';
import { startBackupSchedule } from './ops/backup-schedule.ts';
import { startSteps } from './ops/start-steps.ts';
import { createSmsSender } from './platform/sms.ts';
import { TokenService } from './platform/tokens.ts';

/**
 * WORKERS > 1 with PostgreSQL: this process migrates and bootstraps once, then runs that many API
 * processes sharing the port (node:cluster). The API is stateless (rate limits, codes and sessions
 * live in the database); each process keeps its own 1-second session check cache (AUTH_CACHE_MS).
 */
async function startPrimary(config: Config) {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const applied = await database.migrate();
  if (applied.length) console.log(`start: applied ${applied.length} migration(s): ${applied.join(', ')}`);
  const firstAdmin = await bootstrap(database.db, config);
  // The primary keeps one connection for the scheduled backups (pg_dump does the reading).
  const backups = startBackupSchedule(config, database, {
    info: (...args: unknown[]) => console.log(...args),
    error: (...args: unknown[]) => console.error(...args),
  });
  if (!backups) await database.close();
  let closing = false;
  const fork = () => cluster.fork({ USHIRIKA_WORKER: '1' });
  for (let i = 0; i < config.workers; i++) fork();
  cluster.on('exit', (worker, code) => {
    if (closing) return;
    console.error(`API process ${worker.process.pid} stopped (code ${code}); starting another`);
    fork();
  });
  console.log(
    `\nUshirika is running on http://localhost:${config.port} (PostgreSQL, ${config.workers} API processes)`,
  );
  printFirstStart(firstAdmin);
  const shutdown = () => {
    closing = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    void backups
      ?.stop()
      .then(() => database.close())
      .catch(() => {});
    setTimeout(() => process.exit(0), 11_000).unref();
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function printFirstStart(firstAdmin: Awaited<ReturnType<typeof bootstrap>>) {
  if (firstAdmin) {
    const password = firstAdmin.generated ? firstAdmin.password : 'the password in ADMIN_PASSWORD';
    console.log(`First start: sign in as ${firstAdmin.email} with ${password}.`);
    if (firstAdmin.generated)
      console.log('This password is shown only once; you must change it at first sign-in.');
  } else {
    console.log('Sign in with an existing account (npm run seed:demo prints the demo accounts).');
  }
  console.log('The one-time sign-in code is sent by SMS; without an SMS gateway it is printed here.\n');
}

async function main() {
  const steps = startSteps();
  const config = await steps.step('read configuration', () => loadConfig());
  if (config.workers > 1 && !config.databaseUrl) {
    console.error(
      'WORKERS > 1 needs PostgreSQL (DATABASE_URL): the embedded database is one process. Running one.',
    );
  }
  if (config.workers > 1 && config.databaseUrl && cluster.isPrimary) return startPrimary(config);
  const worker = cluster.isWorker && process.env.USHIRIKA_WORKER === '1';
  const database = await steps.step('open database', () =>
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      templateFile: config.templateFile,
      replica: config.replica,
    }),
  );
  if (database.fromTemplate) console.log('start: new database made from the migrated template');
  if (!worker) {
    const applied = await steps.step('migrate', () => database.migrate());
    if (applied.length) console.log(`start: applied ${applied.length} migration(s): ${applied.join(', ')}`);
  }
  const firstAdmin = worker ? null : await steps.step('bootstrap', () => bootstrap(database.db, config));
  const app = await steps.step('build app', () =>
    buildApp(
      {
        db: database.db,
        reportDb: database.reportDb,
        ...(database.replica ? { replica: database.replica } : {}),
        config,
        tokens: new TokenService(config.jwtSecret),
        sms: createSmsSender(config.sms),
        database,
      },
      { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } },
    ),
  );
  await steps.step('listen', () => app.listen({ port: config.port, host: config.host }));
  console.log(`start: ${'total'.padEnd(22)} ${steps.total()} ms`);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  if (!worker) {
    console.log(`\nUshirika is running on http://localhost:${port} (${where}); API docs at /api/docs`);
    printFirstStart(firstAdmin);
  }
  const backups = worker ? null : startBackupSchedule(config, database, app.log);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await backups?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DataDirInUseError ||
    error instanceof MigrationError ||
    error instanceof DatabaseNewerError
  ) {
    console.error(`Ushirika could not start: ${error.message}`);
  } else {
    console.error('Ushirika could not start:', error);
  }
  process.exit(1);
});
