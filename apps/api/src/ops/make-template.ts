import { renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { migrationsFolder, openDatabase } from '../db/client.ts';
import { migrationsFingerprint } from '../db/migrate.ts';
import { seedAccounting } from '../modules/accounts/chart/seed-accounting.ts';
import { ensureStatementLines } from '../modules/accounts/statements/ensure-statement-lines.ts';
import { seedMasterData } from '../modules/cooperative/seed-master-data.ts';
import { syncBuiltInRoles } from '../modules/roles/queries.ts';
import { systemActor } from '../platform/access.ts';

/**
 * Builds the migrated PGlite image a new DATA_DIR starts from (loading an image is faster than
 * initdb followed by every migration). Written beside the code by `npm run build`, and only again
 * when a migration changes (the sidecar names the migrations it holds).
 */
export async function makeTemplate(file: string): Promise<void> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await database.migrate();
    // What every start's bootstrap keeps current anyway (so a template older than the seed code is
    // still right), done here once so a new database's first start does not do it.
    await syncBuiltInRoles(database.db);
    await seedAccounting(database.db, systemActor);
    await ensureStatementLines(database.db);
    await seedMasterData(database.db, systemActor);
    const image = await database.dump?.('none');
    if (!image) throw new Error('PGlite did not dump its data directory');
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, Buffer.from(await image.arrayBuffer()));
    renameSync(partial, file);
    const meta = { migrations: migrationsFingerprint(migrationsFolder), builtAt: new Date().toISOString() };
    writeFileSync(`${file}.json`, `${JSON.stringify(meta)}\n`);
  } finally {
    await database.close();
  }
}

if (process.argv[1] && path.basename(process.argv[1]).startsWith('make-template')) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: make-template <file>');
  await makeTemplate(path.resolve(file));
}
