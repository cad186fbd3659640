import { randomUUID } from 'node:crypto';
import { createAmcosBody } from '@ushirika/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Db, openReplica } from '../src/db/client.ts';
import { createAmcos } from '../src/modules/amcos/create-amcos.ts';
import { roleIdByName } from '../src/modules/roles/queries.ts';
import { createUser } from '../src/modules/users/create-user.ts';
import { users } from '../src/modules/users/schema.ts';
import { type Actor, systemActor } from '../src/platform/access.ts';
import type { AppDeps } from '../src/platform/deps.ts';
import type { SmsSender } from '../src/platform/sms.ts';
import { TokenService } from '../src/platform/tokens.ts';
import { createTestDatabase, type TestDatabase } from './databases.ts';

/** Keeps every SMS the app sends, so tests can read the codes a user would receive. */
export class RecordingSms implements SmsSender {
  readonly sent: { to: string; text: string }[] = [];
  async send(to: string, text: string) {
    this.sent.push({ to, text });
  }
  lastCodeTo(to: string): string | undefined {
    const message = this.sent.filter((m) => m.to === to).at(-1);
    return message?.text.match(/\b(\d{6})\b/)?.[1];
  }
}

export type Reply<T = Record<string, unknown>> = {
  status: number;
  body: T;
  headers: Headers;
  raw: ArrayBuffer;
};
export type Session = { access: string; refresh: string; userId: string; email: string; password: string };

export type TestApp = {
  url: string;
  db: Db;
  database: TestDatabase;
  sms: RecordingSms;
  deps: AppDeps;
  request<T = Record<string, unknown>>(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; lang?: string; dateFormat?: string },
  ): Promise<Reply<T>>;
  close(): Promise<void>;
};

export const TEST_PASSWORD = 'Test#Pass2026';

/** Starts the real app on a loopback port over its own fresh database. */
export async function startTestApp(
  env: Record<string, string> = {},
  options: { logStream?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await createTestDatabase(inject('pgliteImage'));
  const config = loadConfig({
    OTP_ECHO: 'true',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
    RATE_LIMIT_PER_IP: '10000',
    RATE_LIMIT_PER_ACCOUNT: '1000',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const sms = new RecordingSms();
  // DATABASE_REPLICA_URL names the replica server; the test's own database is read there (#34).
  const replicated =
    config.replica && database.url
      ? openReplica(database.db, sameDatabase(config.replica.url, database.url), {
          poolSize: 4,
          maxLagSeconds: config.replica.maxLagSeconds,
        })
      : undefined;
  const deps: AppDeps = {
    db: database.db,
    reportDb: replicated?.reportDb ?? database.db,
    ...(replicated ? { replica: replicated.replica } : {}),
    config,
    tokens: new TokenService(config.jwtSecret),
    sms,
  };
  // LOG_LEVEL other than silent (a test's env) prints the server log: what a 500 was.
  // A test that reads the log (that no secret is in it) passes a stream of its own.
  const logger = config.logLevel === 'silent' ? false : { level: config.logLevel, stream: options.logStream };
  const app = await buildApp(deps, { serveWeb: false, logger });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  async function request<T>(
    method: string,
    path: string,
    options: { body?: unknown; token?: string; lang?: string; dateFormat?: string } = {},
  ) {
    const headers: Record<string, string> = {};
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    // The web app sends its language; files and PDFs follow it.
    if (options.lang) headers['accept-language'] = options.lang;
    // And the user's date order (#37), as the web app sends it.
    if (options.dateFormat) headers['x-date-format'] = options.dateFormat;
    const response = await fetch(`${url}/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
    });
    const raw = await response.arrayBuffer();
    const text = new TextDecoder().decode(raw);
    const isJson = response.headers.get('content-type')?.includes('json');
    return {
      status: response.status,
      body: (isJson && text ? JSON.parse(text) : {}) as T,
      headers: response.headers,
      raw,
    };
  }

  return {
    url,
    db: database.db,
    database,
    sms,
    deps,
    request,
    close: async () => {
      await app.close();
      await replicated?.replica.close();
      await database.drop();
    },
  };
}

/** The server of `server`, the database of `database`. */
function sameDatabase(server: string, database: string): string {
  const u = new URL(server);
  u.pathname = new URL(database).pathname;
  return u.toString();
}

const unique = () => randomUUID().slice(0, 8);

/** Who the harness acts as when it makes records through the use cases: a union user no row names. */
export const harnessActor: Actor = {
  userId: '00000000-0000-0000-0000-000000000000',
  sessionId: 'harness',
  amcosId: null,
  permissions: new Set(),
};

export async function makeAmcos(t: TestApp, name = 'Test AMCOS') {
  return createAmcos(
    t.db,
    harnessActor,
    createAmcosBody.parse({ code: `A${unique().toUpperCase().slice(0, 6)}`, name: `${name} ${unique()}` }),
  );
}

/**
 * Creates a user of a built-in role through the same use case the API uses. The user has already
 * replaced the initial password (the API lets a user on it call little else); `initialPassword:
 * true` keeps it, as for a user who has not signed in yet.
 */
export async function makeUser(
  t: TestApp,
  role: string,
  options: { amcosId?: string; mobile?: string; initialPassword?: boolean } = {},
) {
  const email = `${role.toLowerCase().replace(/\s+/g, '.')}.${unique()}@test.local`;
  const { user } = await createUser(t.db, systemActor, {
    firstName: role.split(' ')[0] ?? role,
    lastName: `Tester ${unique()}`,
    email,
    mobile: options.mobile ?? `2557${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    gender: 'Female',
    amcosId: options.amcosId ?? null,
    roleIds: [await roleIdByName(t.db, role)],
    password: TEST_PASSWORD,
  });
  if (!options.initialPassword) {
    await t.db.update(users).set({ isInitialPassword: false }).where(eq(users.id, user.id));
  }
  return user;
}

/** Signs in over HTTP the way the web app does: login, then the OTP from the SMS. */
export async function signIn(t: TestApp, email: string, password = TEST_PASSWORD): Promise<Session> {
  const login = await t.request<{ access_token: string; otp: string }>('POST', '/auth/login', {
    body: { email, password },
  });
  if (login.status !== 200) throw new Error(`login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const verify = await t.request<{ access_token: string; refresh_token: string; user: { id: string } }>(
    'POST',
    '/auth/verify-otp',
    {
      body: { otp: login.body.otp, accessToken: login.body.access_token },
    },
  );
  if (verify.status !== 200)
    throw new Error(`verify failed: ${verify.status} ${JSON.stringify(verify.body)}`);
  return {
    access: verify.body.access_token,
    refresh: verify.body.refresh_token,
    userId: verify.body.user.id,
    email,
    password,
  };
}

export async function sessionAs(
  t: TestApp,
  role: string,
  options: { amcosId?: string } = {},
): Promise<Session> {
  const user = await makeUser(t, role, options);
  return signIn(t, user.email);
}

/**
 * Starts a test app before the file's tests and closes it after them; `use` receives the app and
 * what `prepare` made in it (sessions, societies) before the first test, and may go on to set up
 * more of the file's world.
 */
function useStartedApp<S>(
  prepare: (t: TestApp) => Promise<S>,
  use: (started: S & { t: TestApp }) => void | Promise<void>,
  env: Record<string, string> = {},
) {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(env);
    await use({ ...(await prepare(app)), t: app });
  });
  afterAll(() => app?.close());
}

/**
 * What `start` makes (an app and the file's world in it), made before the file's tests and closed
 * after them. The tests read it from the returned object, which is filled in by then.
 */
export function useStarted<S extends { t: TestApp }>(start: () => Promise<S>): S {
  const started: Partial<S> = {};
  beforeAll(async () => {
    Object.assign(started, await start());
  });
  afterAll(() => started.t?.close());
  return started as S;
}

const withAdmin = async (t: TestApp) => ({ admin: await sessionAs(t, 'Administrator') });

/** A test app for the file with an Administrator session. */
export function useTestApp(use: (started: { t: TestApp; admin: Session }) => void | Promise<void>) {
  useStartedApp(withAdmin, use);
}

/** A test app for the file with an Administrator and an AMCOS Clerk of a new society. */
export function useTestAppWithClerk(
  use: (started: { t: TestApp; admin: Session; clerk: Session }) => void | Promise<void>,
  env: Record<string, string> = {},
) {
  useStartedApp(
    async (t) => ({
      ...(await withAdmin(t)),
      clerk: await sessionAs(t, 'AMCOS Clerk', { amcosId: (await makeAmcos(t)).id }),
    }),
    use,
    env,
  );
}

type Society = Awaited<ReturnType<typeof makeAmcos>>;

type TwoSocieties = {
  t: TestApp;
  admin: Session;
  societyA: Society;
  societyB: Society;
  clerkA: Session;
  clerkB: Session;
};

/** A test app for the file with an Administrator and two societies of the given names, a clerk in each. */
export function useTwoSocieties(
  names: [string, string],
  use: (started: TwoSocieties) => void | Promise<void>,
) {
  useStartedApp(async (t) => {
    const { admin } = await withAdmin(t);
    const societyA = await makeAmcos(t, names[0]);
    const societyB = await makeAmcos(t, names[1]);
    return {
      admin,
      societyA,
      societyB,
      clerkA: await sessionAs(t, 'AMCOS Clerk', { amcosId: societyA.id }),
      clerkB: await sessionAs(t, 'AMCOS Clerk', { amcosId: societyB.id }),
    };
  }, use);
}
