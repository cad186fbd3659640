import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';

const root = path.resolve(import.meta.dirname, '../../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

/** A database the child server owns across restarts: a PostgreSQL database, or a PGlite data directory. */
export async function childDatabase(dataDir: string) {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: { DATA_DIR: dataDir } as Record<string, string>, drop: async () => {} };
  const name = `ushirika_kill_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

export type ChildServer = { url: string; process: ChildProcess; output: () => string };

/** `npm start`'s server (main.ts) as a child process, answering /api/health. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => {
    output += c;
  });
  child.stderr?.on('data', (c) => {
    output += c;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, process: child, output: () => output };
}

/** SIGKILL: no shutdown hook, no flush, no transaction end. */
export async function killHard(server: ChildServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGKILL');
  await exited;
}

export async function stopGently(server: ChildServer): Promise<void> {
  if (server.process.exitCode !== null) return;
  const exited = new Promise((r) => server.process.once('exit', r));
  server.process.kill('SIGTERM');
  await exited;
}
