import type { BareMeasure, Scenario, ServerContext } from '../scenarios/scenario.ts';
import { runAutocannon } from './measure.ts';

/** The administrator's bearer header every scenario's requests carry. */
export const bearer = (server: ServerContext) => ({ authorization: `Bearer ${server.adminToken}` });

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/** The median time in ms of `times` runs of `work` (an in-process query or SQL, beside the HTTP load). */
export async function timed(times: number, work: () => Promise<unknown>): Promise<number> {
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await work();
    ms.push(performance.now() - started);
  }
  return median(ms);
}

/**
 * One user reading one address: checked once (it must answer 200; `note` may say what it read, for
 * the table), then loaded with one connection.
 */
export function getScenario(
  name: string,
  path: string,
  p95BelowMs: number,
  note?: (body: unknown) => string,
  bare?: BareMeasure,
): Scenario {
  return {
    name,
    concurrency: 1,
    target: { p95BelowMs },
    ...(bare ? { bare } : {}),
    async check(server) {
      const response = await fetch(`${server.baseUrl}${path}`, { headers: bearer(server) });
      if (response.status !== 200)
        throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      return note?.(await response.json());
    },
    run: getLoad(path),
  };
}

/** The load of a GET scenario: one connection asking for `path` again and again for the seconds. */
export function getLoad(path: string): Scenario['run'] {
  return (server, seconds) =>
    runAutocannon({
      url: server.baseUrl,
      connections: 1,
      seconds,
      headers: bearer(server),
      requests: [{ method: 'GET', path }],
    });
}

/** A scenario's bare SQL as a median in ms of `times` runs, measured right after its load. */
export function bareMs(what: string, times: number, work: () => Promise<unknown>): BareMeasure {
  return { what, unit: 'ms', measure: () => timed(times, work) };
}
