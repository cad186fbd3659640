import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// One runner, three projects: pure units, API integration over HTTP on a real database, and
// browser end-to-end. `npm test` runs them all; .ci/run runs it on PGlite and on PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores, i.e. one on a two-core CI machine, where
    // the second core then sits idle through the unit and API files (each has its own database).
    // Browser specs share one server and stay one file at a time (fileParallelism: false).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.ts',
            'apps/api/src/**/*.unit.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          exclude: ['apps/api/src/**/*.unit.test.ts'],
          globalSetup: ['apps/api/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.e2e.ts'],
          globalSetup: ['apps/web/e2e/global-setup.ts'],
          testTimeout: 90_000,
          hookTimeout: 120_000,
          pool: 'forks',
          fileParallelism: false,
        },
      },
    ],
  },
});
