import { runAutocannon } from '../lib/measure.ts';
import { bearer } from '../lib/scenarios.ts';
import type { Scenario, ServerContext } from './scenario.ts';

/**
 * One user's heavy import must not stall everyone (#38): while a 220,000-line bank CSV (about
 * 9.4 MB, under the 10 MB body limit) is imported again and again, another user's health check
 * every 200 ms is timed; beside it the same check on the idle server.
 */
const LINES = 220_000;

/** The columns of the bench's bank statement CSV, as the import is told them. */
export const STATEMENT_MAPPING = {
  date: 'Date',
  reference: 'Reference',
  description: 'Details',
  amount: 'Amount',
  dateFormat: 'YYYY-MM-DD',
} as const;

function bigStatement(): string {
  const rows = ['Date,Reference,Details,Amount'];
  for (let n = 1; n <= LINES; n++) {
    const day = String(1 + (n % 28)).padStart(2, '0');
    rows.push(
      `2026-03-${day},STALL-${n},Deposit ${n % 500},${1000 + (n % 997)}.${String(n % 100).padStart(2, '0')}`,
    );
  }
  return `${rows.join('\n')}\n`;
}

export function importStallScenario(accountId: string): Scenario {
  let body: string | undefined;
  const health = async (server: ServerContext) => {
    const r = await fetch(`${server.baseUrl}/api/health`);
    await r.arrayBuffer();
  };
  return {
    name: `GET /api/health every 200 ms while a ${LINES.toLocaleString('en')}-line statement imports`,
    concurrency: 1,
    target: { p95BelowMs: 200 },
    bare: {
      what: 'the same health check, server idle (median of 9)',
      unit: 'ms',
      measure: async (server) => {
        const times: number[] = [];
        for (let i = 0; i < 9; i++) {
          const started = performance.now();
          await health(server);
          times.push(performance.now() - started);
        }
        return times.sort((a, b) => a - b)[4] ?? Number.NaN;
      },
    },
    async check() {
      body = JSON.stringify({
        accountId,
        format: 'csv',
        content: bigStatement(),
        mapping: STATEMENT_MAPPING,
      });
      return `${(body.length / 1024 / 1024).toFixed(1)} MB request`;
    },
    async run(server, seconds) {
      let importing = true;
      const imports = (async () => {
        while (importing) {
          const r = await fetch(`${server.baseUrl}/api/accounts/bank-reconciliation/statements`, {
            method: 'POST',
            headers: { ...bearer(server), 'content-type': 'application/json' },
            body: body ?? '',
          });
          if (r.status !== 201) throw new Error(`the import answered ${r.status}: ${await r.text()}`);
        }
      })();
      const report = await runAutocannon({
        url: server.baseUrl,
        connections: 1,
        seconds,
        headers: {},
        requests: [{ method: 'GET', path: '/api/health' }],
        connectionRate: 5,
        alsoBurst: false,
      });
      importing = false;
      await imports;
      return report;
    },
  };
}
