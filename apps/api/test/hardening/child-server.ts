import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
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

/**
 * A database the child server owns across restarts: a PostgreSQL database (named `prefix` and a
 * random part), or a PGlite data directory.
 */
export async function childDatabase(dataDir: string, prefix = 'ushirika_kill') {
  const base = process.env.DATABASE_URL;
  if (!base) return { env: { DATA_DIR: dataDir } as Record<string, string>, drop: async () => {} };
  const name = `${prefix}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  await adminQuery(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: url.toString() } as Record<string, string>,
    drop: () => adminQuery(base, `drop database if exists ${name} with (force)`),
  };
}

/**
 * The settings of a server started for the tests or the bench (in this process through loadConfig,
 * or as main.ts): sign-in codes echoed in the login answer, rate limits far above what one IP
 * sends, no logging, no API docs, and the administrator bootstrap creates. One JWT secret per call:
 * keep the object to restart a server its users stay signed in to.
 */
export function localServerEnv(admin: { email: string; password: string }): Record<string, string> {
  return {
    OTP_ECHO: 'true',
    JWT_SECRET: randomBytes(48).toString('base64url'),
    RATE_LIMIT_PER_IP: '100000000',
    RATE_LIMIT_PER_ACCOUNT: '100000000',
    LOG_LEVEL: 'silent',
    API_DOCS: 'off',
    ADMIN_EMAIL: admin.email,
    ADMIN_PASSWORD: admin.password,
  };
}

export type ApiReply<T = Record<string, unknown>> = { status: number; body: T };

/** One JSON request to `${base}/api${url}`; a body that is not JSON comes back as `{ text }`. */
export async function apiCall<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<ApiReply<T>> {
  const response = await fetch(`${base}/api${url}`, {
    method,
    headers: {
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = {};
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { text };
  }
  return { status: response.status, body: parsed as T };
}

/** Both sign-in steps (the code is echoed: OTP_ECHO); answers the status that decided it and the access token. */
export async function signIn(
  base: string,
  email: string,
  password: string,
): Promise<{ status: number; access?: string; body: Record<string, unknown> }> {
  const login = await apiCall(base, 'POST', '/auth/login', { email, password });
  if (login.status !== 200) return login;
  const { otp, access_token: pending } = login.body;
  const verify = await apiCall(base, 'POST', '/auth/verify-otp', { otp, accessToken: pending });
  if (verify.status !== 200) return verify;
  const access = verify.body.access_token;
  return { status: 200, body: verify.body, ...(typeof access === 'string' ? { access } : {}) };
}

/** The access token of a user who must be able to sign in; throws with the answer otherwise. */
export async function accessToken(base: string, email: string, password: string): Promise<string> {
  const r = await signIn(base, email, password);
  if (!r.access) throw new Error(`sign-in ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.access;
}

export type ChildServer = { url: string; process: ChildProcess; output: () => string };

/**
 * `npm start`'s server (main.ts) as a child process on a free loopback port, once it answers
 * /api/health; `env` adds to this process's (a DATABASE_URL only when `env` names one, else PGlite).
 */
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
