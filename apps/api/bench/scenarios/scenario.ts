import type { Db } from '../../src/db/client.ts';
import type { LoadReport } from '../lib/measure.ts';

/** The running app a scenario loads: its base URL and an administrator's bearer token. */
export type ServerContext = { baseUrl: string; adminToken: string };

export type Scenario = {
  /** What the table shows, e.g. `GET /api/users?search=<name fragment>`. */
  name: string;
  concurrency: number;
  /** The latency goal, if the scenario has one; the table prints PASS or MISS beside it. */
  target?: { p95BelowMs: number };
  /** One request before the load, to fail fast on a wrong answer; may answer a note for the table. */
  check?(server: ServerContext): Promise<string | undefined>;
  /** Loads the server for `seconds` (called once to warm up, once to measure: `phase` says which). */
  run(server: ServerContext, seconds: number, phase: 'warm-up' | 'measured'): Promise<LoadReport>;
  /** After the measured run: stops what `check` started for both runs (e.g. a server of its own). */
  dispose?(): Promise<void>;
  /**
   * The same question answered by bare SQL, measured right after the load (the same minute, so
   * the same machine load): a median in ms, or a throughput per second at the same concurrency.
   * The table and the run's JSON give the scenario's ratio to it (bench:compare follows the ratio).
   */
  bare?: BareMeasure;
  /** The key of the same question's figure in baseline.json (a smaller data set), printed beside it. */
  baseline?: string;
};

export type BareMeasure = {
  /** What the bare SQL does, in a few words (printed and kept in the JSON). */
  what: string;
  unit: 'ms' | 'per-second';
  measure(server: ServerContext): Promise<number>;
};

/**
 * A figure measured in process while a suite prepares (the use case called directly, the median
 * of a few runs), beside the bare SQL answering the same question in the same minute.
 */
export type InProcessFigure = {
  name: string;
  ms: number;
  bare?: { what: string; ms: number };
  /** The goal, if any: the ratio to the bare SQL at most, or the median below. */
  target?: { ratioAtMost?: number; msBelow?: number };
  /** The key of the same question's figure in baseline.json (a smaller data set), printed beside it. */
  baseline?: string;
};

/**
 * PGlite only (run.ts): lends the bench's data directory to another process, e.g. `main.ts` as a
 * child. `release` stops the bench's in-process server and closes its database; `reclaim` opens
 * the data directory again and answers the new handle. The in-process server stays stopped and
 * the handles taken before `release` are closed, so a suite that lends its data runs last.
 */
export type EmbeddedLoan = { dataDir: string; release(): Promise<void>; reclaim(): Promise<Db> };

export type SuiteSetup = { adminId: string; passwordHash: string; embedded?: EmbeddedLoan };

/**
 * One business area's bench: writes its data set with bulk SQL into the migrated, bootstrapped
 * database, then answers its scenarios bound to that data. A module adds its own suite beside
 * users.ts and lists it in run.ts.
 */
export type BenchSuite = {
  name: string;
  prepare(
    db: Db,
    setup: SuiteSetup,
  ): Promise<{ description: string; scenarios: Scenario[]; figures?: InProcessFigure[] }>;
};
