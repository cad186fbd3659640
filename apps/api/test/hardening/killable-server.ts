import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { type Db, openDatabase } from '../../src/db/client.ts';
import {
  accessToken,
  apiCall,
  type ChildServer,
  childDatabase,
  killHard,
  localServerEnv,
  startChildServer,
  stopGently,
} from './child-server.ts';

/** The body of a call that succeeded (status below 300); else throws with `what` and the answer. */
export async function ok<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body).slice(0, 500)}`);
  return r.body;
}

/** Reads the server's database from this process, with the server down (a kill left it as it was). */
export async function withDatabase<T>(env: Record<string, string>, read: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase(
    env.DATABASE_URL ? { databaseUrl: env.DATABASE_URL, poolSize: 2 } : { dataDir: env.DATA_DIR },
  );
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

/**
 * The file's server (main.ts as a child process) that its test kills and starts again, on one
 * database of its own (a PostgreSQL database, or a PGlite data directory) that outlives each kill.
 * `open` makes the database and starts the server the first time, the administrator's first
 * password replaced by `admin.password`; `start` starts it again, `kill` is SIGKILL, `stop` a
 * gentle stop. After the file's tests the server is stopped, the database dropped, the directory
 * removed.
 */
export function useKillableServer(
  name: string,
  admin: { email: string; first: string; password: string },
  settings: Record<string, string> = {},
) {
  let dataDir: string | undefined;
  let server: ChildServer | undefined;
  let drop = async () => {};
  let env: Record<string, string> = {};
  afterAll(async () => {
    if (server) await stopGently(server);
    await drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const start = async () => {
    server = await startChildServer(env);
    return server.url;
  };
  return {
    /** The running server's address ('' when none runs). */
    get url() {
      return server?.url ?? '';
    },
    /** Answers the environment the server runs with (its database's among them). */
    async open(): Promise<Record<string, string>> {
      dataDir = await mkdtemp(path.join(tmpdir(), `ushirika-${name}-`));
      const database = await childDatabase(path.join(dataDir, 'data'));
      drop = database.drop;
      env = {
        ...database.env,
        ...localServerEnv({ email: admin.email, password: admin.first }),
        ...settings,
      };
      const url = await start();
      const first = await accessToken(url, admin.email, admin.first);
      await ok(
        apiCall(
          url,
          'POST',
          '/auth/change-password',
          { current_password: admin.first, password: admin.password, password_confirmation: admin.password },
          first,
        ),
        'change password',
      );
      return env;
    },
    start,
    async kill() {
      if (server) await killHard(server);
    },
    async stop() {
      if (server) await stopGently(server);
      server = undefined;
    },
  };
}
