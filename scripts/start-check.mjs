// `npm run start:check`: how fast the server comes back. Starts it twice on a scratch DATA_DIR
// (fresh, then restart), measures the bare embedded database create and reopen beside it in the
// same way (a new node process until the first answer; the median of START_CHECK_ROUNDS, 3), and prints the ratios against the targets:
// restart <= 2 x bare reopen + 1 s, fresh <= 1.5 x bare create, and with DATABASE_URL set a
// PostgreSQL restart < 2 s. Exits 1 when a target is missed.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildAll, root } from './build.mjs';

const BARE = `
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create(process.argv[1], { extensions: { pg_trgm } });
await db.query('select 1');
console.log('ready');
await db.close();`;

function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** ms from spawning `node args` until `ready(output)` holds; then the process is stopped. */
function timeUntil(args, env, ready) {
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env } });
    let output = '';
    let elapsed;
    const check = async () => {
      if (elapsed === undefined && (await ready(output))) {
        elapsed = performance.now() - began;
        child.kill('SIGTERM');
      }
    };
    const timer = setInterval(check, 20);
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', () => {
      clearInterval(timer);
      if (elapsed === undefined) reject(new Error(`did not start:\n${output}`));
      else resolve({ ms: Math.round(elapsed), output });
    });
  });
}

const bare = (dir) => timeUntil(['--input-type=module', '-e', BARE, dir], {}, (out) => out.includes('ready'));

async function server(env) {
  const port = await freePort();
  const healthy = async () => {
    try {
      return (await fetch(`http://127.0.0.1:${port}/api/health`)).ok;
    } catch {
      return false;
    }
  };
  return timeUntil(
    ['scripts/start.mjs'],
    { LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ADMIN_PASSWORD: 'Start#Check2026', ...env },
    healthy,
  );
}

const stepLines = (output) =>
  output
    .split('\n')
    .filter((l) => l.startsWith('start: '))
    .map((l) => `    ${l}`)
    .join('\n');

async function postgresRestart(url, rounds) {
  const name = `ushirika_start_check_${process.pid}`;
  const admin = async (statement) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  try {
    const u = new URL(url);
    u.pathname = `/${name}`;
    const env = { DATABASE_URL: u.toString(), JWT_SECRET: 'start-check-secret-start-check-secret-0123' };
    await server(env);
    return await median(rounds, () => server(env));
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Median of `rounds` runs; each run gets a scratch folder of its own from `dirFor(i)`. */
async function median(rounds, measure) {
  const runs = [];
  for (let i = 0; i < rounds; i++) runs.push(await measure(i));
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)];
}

const rounds = Number.parseInt(process.env.START_CHECK_ROUNDS ?? '3', 10);
await buildAll();
const scratch = mkdtempSync(path.join(tmpdir(), 'ushirika-start-check-'));
const results = [];
try {
  const databaseUrl = process.env.DATABASE_URL;
  delete process.env.DATABASE_URL;
  const bareCreate = await median(rounds, (i) => bare(path.join(scratch, `bare-${i}`)));
  const bareReopen = await median(rounds, (i) => bare(path.join(scratch, `bare-${i}`)));
  const fresh = await median(rounds, (i) => server({ DATA_DIR: path.join(scratch, `server-${i}`) }));
  const restart = await median(rounds, (i) => server({ DATA_DIR: path.join(scratch, `server-${i}`) }));
  console.log(
    `\nfresh start on an empty DATA_DIR: ${fresh.ms} ms (median of ${rounds})\n${stepLines(fresh.output)}`,
  );
  console.log(`restart on that DATA_DIR: ${restart.ms} ms\n${stepLines(restart.output)}`);
  console.log(`bare PGlite create: ${bareCreate.ms} ms; bare reopen: ${bareReopen.ms} ms\n`);
  results.push(
    ['fresh start', fresh.ms, 1.5 * bareCreate.ms, `1.5 x bare create (${bareCreate.ms} ms)`],
    ['restart', restart.ms, 2 * bareReopen.ms + 1000, `2 x bare reopen (${bareReopen.ms} ms) + 1 s`],
  );
  if (databaseUrl) {
    const pgRestart = await postgresRestart(databaseUrl, rounds);
    console.log(`PostgreSQL restart: ${pgRestart.ms} ms\n${stepLines(pgRestart.output)}\n`);
    results.push(['PostgreSQL restart', pgRestart.ms, 2000, '2 s']);
  } else {
    console.log('PostgreSQL restart: skipped (set DATABASE_URL to measure it)\n');
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

let missed = 0;
for (const [name, ms, limit, target] of results) {
  const ok = ms <= limit;
  if (!ok) missed++;
  console.log(
    `${ok ? 'ok  ' : 'MISS'} ${name.padEnd(19)} ${String(ms).padStart(6)} ms  target <= ${Math.round(limit)} ms (${target}), ratio ${(ms / limit).toFixed(2)}`,
  );
}
console.log(
  `load average while measuring: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')} on ${cpus().length} CPUs`,
);
process.exit(missed ? 1 : 0);
