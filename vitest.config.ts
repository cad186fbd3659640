import { statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative } from 'node:path';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** A file's expected time when the last run's is not known (a fresh checkout): by its project. */
const GUESS_MS: Record<string, number> = { e2e: 30_000, api: 5_000, unit: 500 };

/**
 * Longest file first over all projects together (Vitest's own order keeps each project's files
 * together): the long browser specs start early, beside the API files, instead of forming a tail.
 * Expected times are the last run's, kept in Vitest's cache, else a guess by project.
 */
class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const expected = (spec: TestSpecification) =>
      this.ctx.cache.getFileTestResults(
        `${spec.project.name}:${relative(this.ctx.config.root, spec.moduleId)}`,
      )?.duration ?? (GUESS_MS[spec.project.name] ?? 0) + statSync(spec.moduleId).size / 1000;
    const times = new Map(files.map((f) => [f, expected(f)]));
    return [...files].sort((a, b) => (times.get(b) ?? 0) - (times.get(a) ?? 0));
  }
}

/**
 * On CI a test over a real server gets one more try: a browser or API test that loses a race with
 * a two-core machine's load once in several hundred runs should not fail the whole run, and the
 * end of the CI log names every test that needed its retry (.ci/failures.mjs), so a test that
 * wavers is seen and fixed. Run locally, nothing is retried.
 */
const retryOnCi = process.env.CI ? 1 : 0;

// One runner, three projects: pure units, API integration over HTTP on a real database, and
// browser end-to-end. `npm test` runs them all; .ci/run runs it on PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, i.e. one on a two-core CI machine, where
    // the second core then sits idle through the unit and API files (each has its own database).
    // All three projects share these workers (one group, same maxWorkers): a browser spec, which
    // mostly waits on Chromium and its server, runs beside API files instead of after them. Each
    // worker slot has its own e2e server and database (apps/web/e2e/global-setup.ts), so no two
    // browser specs use one server at the same time.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    sequence: { sequencer: LongestFirst },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
            'apps/web/e2e/**/*.unit.test.ts',
            'apps/api/bench/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          retry: retryOnCi,
          // Each file starts its own app over its own database, with its dependencies passed in:
          // no module keeps state between files, so a worker keeps the modules it loaded instead
          // of loading them again for every file (about 3 CPU-seconds a file).
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          // The specs of the interface itself (layout, navigation, accessibility, CSP; e2e/interface/)
          // do not depend on the database behind the API: they run once, on the embedded one that
          // `npm start` uses, and the business-flow specs run on both (docs/DECISIONS.md, CI time).
          exclude: process.env.DATABASE_URL ? ['apps/web/e2e/interface/**'] : [],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          // A polled expectation waits as long as a locator does (support.ts: 15 s), not Vitest's
          // 1 s default, which a screen still loading its data on a busy CI machine can outlast.
          expect: { poll: { timeout: 15_000 } },
          pool: 'forks',
          retry: retryOnCi,
        },
      },
    ],
  },
});
