import { signIn } from '../../test/hardening/child-server.ts';
import { APEX_FINANCE_EMAIL, type Auction } from '../lib/apex/settlement.ts';
import { runConcurrentLoop } from '../lib/measure.ts';
import { BENCH_PASSWORD } from '../lib/server.ts';
import type { Scenario, ServerContext } from './scenario.ts';

async function call(url: string, token: string, method: string, body?: unknown) {
  const response = await fetch(url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (response.status >= 300)
    throw new Error(`${method} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as { data: { id: string; lotCount: number; farmerCount: number } };
}

/**
 * The run's auction settled once over HTTP, as an officer and the finance manager would: preview
 * (the computation), save the draft, approve (postings, loan recoveries, payment batches). Not
 * warmed up (an auction settles once); each phase's time is printed, and the books checked after.
 */
export function apexSettlement(auction: Auction, afterwards: () => Promise<string>): Scenario {
  let financeToken = '';
  let settled = false;
  return {
    name: `settle an auction: preview + draft + approve (${auction.lots} lots, ${auction.farmers.toLocaleString('en')} farmers)`,
    concurrency: 1,
    target: { p95BelowMs: 10_000 },
    async check(server) {
      const finance = await signIn(server.baseUrl, APEX_FINANCE_EMAIL, BENCH_PASSWORD);
      if (!finance.access)
        throw new Error(`apex finance user cannot sign in: ${JSON.stringify(finance.body)}`);
      financeToken = finance.access;
      return `auction ${auction.number}`;
    },
    // After the measured run, outside its time: the books must still agree once the auction is settled.
    async dispose() {
      if (settled) process.stdout.write(`    after the settlement: ${await afterwards()}\n`);
    },
    run: (server: ServerContext, seconds, phase) =>
      runConcurrentLoop({
        concurrency: 1,
        seconds,
        step: async () => {
          if (phase === 'warm-up' || settled) return { exhausted: true };
          settled = true;
          const api = `${server.baseUrl}/api/payments/settlements`;
          const times: string[] = [];
          const timed = async <T>(what: string, run: () => Promise<T>) => {
            const begin = performance.now();
            const result = await run();
            times.push(`${what} ${((performance.now() - begin) / 1000).toFixed(2)} s`);
            return result;
          };
          const body = { auctionId: auction.id };
          try {
            const preview = await timed('preview', () =>
              call(`${api}/preview`, server.adminToken, 'POST', body),
            );
            if (preview.data.lotCount !== auction.lots || preview.data.farmerCount !== auction.farmers)
              throw new Error(`preview: ${preview.data.lotCount} lots, ${preview.data.farmerCount} farmers`);
            const draft = await timed('draft', () => call(api, server.adminToken, 'POST', body));
            await timed('approve', () => call(`${api}/${draft.data.id}/approve`, financeToken, 'PATCH'));
            process.stdout.write(`    auction ${auction.number}: ${times.join(', ')}\n`);
            return { status: 200 };
          } catch (error) {
            process.stdout.write(
              `    auction ${auction.number} failed after ${times.join(', ')}: ${String(error).slice(0, 600)}\n`,
            );
            throw error;
          }
        },
      }),
  };
}
