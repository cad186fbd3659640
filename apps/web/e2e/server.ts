import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { childDatabase, freePort } from '../../api/test/hardening/child-server.ts';
import { replaceInitialPassword } from './first-password.ts';

const root = path.resolve(import.meta.dirname, '../../..');
export const ADMIN_EMAIL = 'admin@e2e.ushirika.test';
export const ADMIN_PASSWORD = 'E2e#Admin2026';
/** The server starts the admin on this one; setup replaces it (the API refuses most calls until then). */
const ADMIN_FIRST_PASSWORD = 'E2e#Admin2026-first';

/** A running server and how to stop it and remove its data. */
export type Server = { baseUrl: string; stop: () => Promise<void> };

/**
 * Starts the real server (built web app + API) on a fresh database, as `npm start` would, with
 * `settings` added to its environment (a payout provider, say).
 */
export async function startServer(settings: Record<string, string> = {}): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ushirika-e2e-'));
  const port = await freePort();
  // A PostgreSQL database of its own when the tests run on PostgreSQL, else PGlite in dataDir.
  const database = await childDatabase(dataDir, 'ushirika_e2e');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    OTP_ECHO: 'true',
    ADMIN_EMAIL,
    ADMIN_PASSWORD: ADMIN_FIRST_PASSWORD,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
    ...settings,
  };
  if (database.env.DATABASE_URL) env.DATABASE_URL = database.env.DATABASE_URL;
  else delete env.DATABASE_URL;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (c) => {
    output += c;
  });
  server.stderr?.on('data', (c) => {
    output += c;
  });
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    await rm(dataDir, { recursive: true, force: true });
    await database.drop();
  };
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // Loading the API through tsx takes 5 s on a quiet machine and over 40 s on a loaded one.
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`E2E server exited:\n${output}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`E2E server did not start:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
    await replaceInitialPassword(baseUrl, ADMIN_EMAIL, ADMIN_FIRST_PASSWORD, ADMIN_PASSWORD);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, stop };
}
