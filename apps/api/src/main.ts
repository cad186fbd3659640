import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DataDirInUseError, openDatabase } from './db/client.ts';
import { bootstrap } from './modules/system/bootstrap.ts';
import { createSmsSender } from './platform/sms.ts';
import { TokenService } from './platform/tokens.ts';

async function main() {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const firstAdmin = await bootstrap(database.db, config);
  const app = await buildApp(
    { db: database.db, config, tokens: new TokenService(config.jwtSecret), sms: createSmsSender(config.sms) },
    { logger: config.logLevel === 'silent' ? false : { level: config.logLevel } },
  );
  await app.listen({ port: config.port, host: config.host });

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`\nUshirika is running on http://localhost:${port} (${where}); API docs at /api/docs`);
  if (firstAdmin) {
    const password = firstAdmin.generated ? firstAdmin.password : 'the password in ADMIN_PASSWORD';
    console.log(`First start: sign in as ${firstAdmin.email} with ${password}.`);
    if (firstAdmin.generated)
      console.log('This password is shown only once; you must change it at first sign-in.');
  } else {
    console.log('Sign in with an existing account (npm run seed:demo prints the demo accounts).');
  }
  console.log('The one-time sign-in code is sent by SMS; without an SMS gateway it is printed here.\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests and closing`);
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirInUseError) {
    console.error(error.message);
  } else {
    console.error('Ushirika could not start:', error);
  }
  process.exit(1);
});
