import { availableParallelism } from 'node:os';
import type { TestProject } from 'vitest/node';
import { missingChromium } from './chromium.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per worker slot: a spec uses baseUrls[VITEST_POOL_ID - 1] (see support.ts). */
    baseUrls: string[];
    adminEmail: string;
    adminPassword: string;
  }
}

/**
 * Starts one server, each on its own fresh database, per worker slot of the run: spec files run
 * side by side and a file only ever sees its own slot's server, so two files never share a
 * server at the same time (Vitest gives each running file a distinct VITEST_POOL_ID, 1..maxWorkers).
 */
export default async function setup(project: TestProject) {
  // Without the browser, stop the whole run here with the one line that says how to install it,
  // before any server starts, instead of every browser spec failing on its own.
  const missing = missingChromium();
  if (missing) {
    process.stderr.write(`${missing}\n`);
    process.exit(1);
  }
  // As Vitest resolves the worker count (its default: one fewer than the cores).
  const slots = Math.max(
    1,
    project.config.maxWorkers || project.vitest.config.maxWorkers || availableParallelism() - 1,
  );
  const started = await Promise.allSettled(Array.from({ length: slots }, () => startServer()));
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'baseUrls',
    servers.map((s) => s.baseUrl),
  );
  project.provide('adminEmail', ADMIN_EMAIL);
  project.provide('adminPassword', ADMIN_PASSWORD);
  return stopAll;
}
