import { signIn } from '../../test/hardening/child-server.ts';
import { type GeneratedUsers, insertBenchUsers } from '../data/users.ts';
import { runAutocannon, runConcurrentLoop } from '../lib/measure.ts';
import { BENCH_PASSWORD } from '../lib/server.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

const LIST_CONNECTIONS = 50;
const SIGN_IN_CONCURRENCY = 10;

const bearer = (server: ServerContext) => ({ authorization: `Bearer ${server.adminToken}` });

async function getJson(server: ServerContext, path: string): Promise<{ meta?: { total: number } }> {
  const response = await fetch(`${server.baseUrl}${path}`, { headers: bearer(server) });
  if (response.status !== 200)
    throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { meta?: { total: number } };
}

const searchPath = (fragment: string) => `/api/users?search=${encodeURIComponent(fragment)}`;

/** Search as staff type it; at one connection the latency is the service time, without queueing. */
function searchScenario(users: GeneratedUsers, connections: number, target?: Scenario['target']): Scenario {
  return {
    name: 'GET /api/users?search=<name fragment>',
    concurrency: connections,
    ...(target ? { target } : {}),
    async check(server) {
      const totals: number[] = [];
      for (const fragment of users.searchFragments.slice(0, 20)) {
        totals.push((await getJson(server, searchPath(fragment))).meta?.total ?? 0);
      }
      totals.sort((a, b) => a - b);
      const median = totals[Math.floor(totals.length / 2)] ?? 0;
      return `${users.searchFragments.length} fragments; median ${median} matches, max ${totals.at(-1) ?? 0}`;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections,
        seconds,
        headers: bearer(server),
        requests: users.searchFragments.map((fragment) => ({ method: 'GET', path: searchPath(fragment) })),
      }),
  };
}

function firstPageScenario(): Scenario {
  return {
    name: 'GET /api/users (first page, 25)',
    concurrency: LIST_CONNECTIONS,
    async check(server) {
      return `total ${(await getJson(server, '/api/users')).meta?.total ?? 0} users`;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: LIST_CONNECTIONS,
        seconds,
        headers: bearer(server),
        requests: [{ method: 'GET', path: '/api/users' }],
      }),
  };
}

/** Login then verify-otp, each pair a different user; the latency is the pair's. */
function signInScenario(users: GeneratedUsers): Scenario {
  let cursor = 0; // warm-up and measured run use different users
  const nextEmail = () => users.loginEmails[cursor++ % users.loginEmails.length] ?? '';
  return {
    name: 'POST login + verify-otp (pair)',
    concurrency: SIGN_IN_CONCURRENCY,
    run: (server, seconds) =>
      runConcurrentLoop({
        concurrency: SIGN_IN_CONCURRENCY,
        seconds,
        step: async () => ({ status: (await signIn(server.baseUrl, nextEmail(), BENCH_PASSWORD)).status }),
      }),
  };
}

export const usersSuite: BenchSuite = {
  name: 'users',
  async prepare(db, { adminId, passwordHash }) {
    const started = performance.now();
    const users = await insertBenchUsers(db, { passwordHash, createdBy: adminId });
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return {
      description:
        `${users.users.toLocaleString('en')} users over ${users.societies} AMCOS, ` +
        `${users.roleAssignments.toLocaleString('en')} role assignments, written in ${seconds} s`,
      scenarios: [
        searchScenario(users, LIST_CONNECTIONS, { p95BelowMs: 25 }),
        searchScenario(users, 1),
        firstPageScenario(),
        signInScenario(users),
      ],
    };
  },
};
