import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A real streaming replica of a local PostgreSQL (#34), for report-reads.test.ts and the season-day
 * bench: pg_basebackup with a standby signal (-R) of the whole cluster into a temporary directory,
 * started with pg_ctl on a free port. The server runs as the
 * `postgres` user (its data directory owned by it, mode 0700); run as root the commands go
 * through `runuser`. The primary must let replication connections in from 127.0.0.1
 * (`host replication all 127.0.0.1/32 trust` in pg_hba.conf: .ci/run adds it).
 */
export type ReplicaServer = {
  /** The replica's server URL (no database): DATABASE_REPLICA_URL. */
  url: string;
  port: number;
  /** The replica's URL for one database of the primary (an app's DATABASE_REPLICA_URL). */
  urlOf(database: string): string;
  /** SQL on the replica (pg_wal_replay_pause(), pg_is_in_recovery()...), in database `database`. */
  query(database: string, statement: string): Promise<Record<string, unknown>[]>;
  start(): void;
  stop(): void;
  /** Stops it (if running) and removes its directory: always, in afterAll or a finally. */
  remove(): void;
};

export type ReplicaOptions = {
  /**
   * Also removed when the process exits or is stopped (Ctrl-C, SIGTERM) before `remove` is
   * called: for a script such as the bench (a test runner has afterAll, and signals of its own).
   */
  removeOnExit?: boolean;
};

const PRIMARY_SETTINGS = [
  'max_connections',
  'max_worker_processes',
  'max_wal_senders',
  'max_prepared_transactions',
  'max_locks_per_transaction',
];

function asPostgres(command: string, args: string[]): string {
  const root = process.getuid?.() === 0;
  if (!root && userInfo().username !== 'postgres') {
    throw new Error('the replica server runs as the postgres user: run the tests as root or as postgres');
  }
  const [file, argv] = root ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  return execFileSync(file, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function primaryFacts(primaryUrl: string) {
  const client = new pg.Client({ connectionString: primaryUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; setting: string }>(
      'select name, setting from pg_settings where name = any($1)',
      [PRIMARY_SETTINGS],
    );
    const bin = await client.query<{ setting: string }>(
      "select setting from pg_config where name = 'BINDIR'",
    );
    return { settings: rows, bindir: bin.rows[0]?.setting ?? '' };
  } finally {
    await client.end();
  }
}

/** Runs `remove` when the process exits or gets SIGINT/SIGTERM (then stops as the signal would); answers the undo. */
function removeOnExit(remove: () => void): () => void {
  const onExit = () => remove();
  const onSignal = (signal: NodeJS.Signals) => {
    try {
      remove();
    } finally {
      process.kill(process.pid, signal);
    }
  };
  const forget = () => {
    process.off('exit', onExit);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
  process.once('exit', onExit);
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  return forget;
}

export async function startReplica(primaryUrl: string, options: ReplicaOptions = {}): Promise<ReplicaServer> {
  const primary = new URL(primaryUrl);
  const { settings, bindir } = await primaryFacts(primaryUrl);
  const port = await freePort();
  const root = mkdtempSync(path.join(tmpdir(), 'ushirika-replica-'));
  const data = path.join(root, 'data');
  chmodSync(root, 0o755);
  const postgresUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const postgresGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(root, postgresUid, postgresGid);
  const bin = (name: string) => path.join(bindir, name);
  let running = false;
  let forget = () => {};
  const server: ReplicaServer = {
    url: `postgres://${primary.username || 'postgres'}@127.0.0.1:${port}/postgres`,
    port,
    urlOf(database) {
      const u = new URL(server.url);
      u.pathname = `/${database}`;
      return u.toString();
    },
    async query(database, statement) {
      const client = new pg.Client({ connectionString: server.urlOf(database) });
      await client.connect();
      try {
        return (await client.query(statement)).rows;
      } finally {
        await client.end();
      }
    },
    start() {
      asPostgres(bin('pg_ctl'), ['-D', data, '-l', path.join(root, 'log'), '-w', '-t', '60', 'start']);
      running = true;
    },
    stop() {
      if (!running) return;
      asPostgres(bin('pg_ctl'), ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
      running = false;
    },
    remove() {
      forget();
      try {
        server.stop();
      } catch {
        // Not stopping in time, or already gone (a Ctrl-C reaches the whole process group).
        try {
          asPostgres(bin('pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']);
        } catch {
          running = false;
        }
      } finally {
        rmSync(root, { recursive: true, force: true });
      }
    },
  };
  if (options.removeOnExit) forget = removeOnExit(() => server.remove());
  try {
    asPostgres(bin('pg_basebackup'), [
      '-h',
      primary.hostname,
      '-p',
      primary.port || '5432',
      '-U',
      primary.username || 'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      // An immediate checkpoint: the default spreads it over minutes on a busy server.
      '--checkpoint=fast',
    ]);
    // Debian keeps postgresql.conf and pg_hba.conf in /etc: the copy gets its own. A hot standby
    // needs these settings at least as high as the primary's.
    const conf = [
      `port = ${port}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${root}'`,
      'hot_standby = on',
      'shared_buffers = 32MB',
      'wal_receiver_status_interval = 1s',
      ...settings.map((s) => `${s.name} = ${s.setting}`),
    ];
    writeFileSync(path.join(data, 'postgresql.conf'), `${conf.join('\n')}\n`);
    writeFileSync(path.join(data, 'pg_hba.conf'), 'local all all trust\nhost all all 127.0.0.1/32 trust\n');
    for (const file of ['postgresql.conf', 'pg_hba.conf'])
      chownSync(path.join(data, file), postgresUid, postgresGid);
    chmodSync(data, 0o700);
    server.start();
    return server;
  } catch (error) {
    server.remove();
    throw error;
  }
}
