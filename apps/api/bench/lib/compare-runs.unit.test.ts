import { describe, expect, it } from 'vitest';
import { compareRuns, formatComparison, worseBy } from './compare-runs.ts';
import type { BenchFigure, BenchRun } from './results.ts';

const run = (figures: BenchFigure[]): BenchRun => ({
  version: 1,
  startedAt: '2026-11-28T00:00:00.000Z',
  finishedAt: '2026-11-28T00:10:00.000Z',
  commit: null,
  node: 'v20',
  cpus: 2,
  settings: { seconds: 5, warmupSeconds: 2, suites: null, targets: 'postgres' },
  load: { start: [1, 1, 1], end: [1, 1, 1] },
  figures,
});

const figure = (name: string, fields: Partial<BenchFigure>): BenchFigure => ({
  key: `PostgreSQL | accounts | ${name}`,
  database: 'PostgreSQL',
  suite: 'accounts',
  name,
  kind: 'load',
  load: 1,
  ...fields,
});

describe('bench:compare', () => {
  it('counts worse in the direction of better: a latency ratio that grows, a throughput ratio that shrinks', () => {
    expect(worseBy(1.3, 1, 'lower')).toBeCloseTo(0.3);
    expect(worseBy(0.8, 1, 'lower')).toBeCloseTo(-0.2);
    // 1,000 entries/s against a ceiling: 0.5 of it now, 0.6 then = 20 % worse.
    expect(worseBy(0.5, 0.6, 'higher')).toBeCloseTo(0.2);
    expect(worseBy(undefined, 1, 'lower')).toBeNaN();
  });

  it('flags a ratio or a p95 more than 20 % worse, and lists figures only one run has', () => {
    const baseline = run([
      figure('trial balance', { p95: 100, ratio: 0.06, better: 'lower' }),
      figure('postings', { p95: 20, perSecond: 900, ratio: 0.6, better: 'higher' }),
      figure('gl page', { p95: 10, ratio: 2, better: 'lower' }),
      figure('retired', { p95: 1 }),
    ]);
    const now = run([
      // 0.082 / 0.06 = 37 % worse ratio; p95 119 is 19 % worse: flagged for the ratio only.
      figure('trial balance', { p95: 119, ratio: 0.082, better: 'lower' }),
      // 0.45 of the ceiling against 0.6: 0.6 / 0.45 - 1 = 33 % worse; p95 within.
      figure('postings', { p95: 21, perSecond: 700, ratio: 0.45, better: 'higher' }),
      // Better on both.
      figure('gl page', { p95: 8, ratio: 1.5, better: 'lower' }),
      figure('new one', { p95: 5 }),
    ]);
    const c = compareRuns(now, baseline, 0.2);
    expect(c.flagged.map((f) => [f.now.name, f.flags])).toEqual([
      ['trial balance', ['ratio 37 % worse']],
      ['postings', ['ratio 33 % worse']],
    ]);
    expect(c.onlyNow.map((f) => f.name)).toEqual(['new one']);
    expect(c.onlyThen.map((f) => f.name)).toEqual(['retired']);
    const text = formatComparison(c, { run: 'now.json', baseline: 'baseline.json', tolerance: 0.2 });
    expect(text).toContain('2 figure(s) more than 20 % worse');
    expect(text).toContain('PostgreSQL | accounts | postings: ratio 33 % worse');
  });

  it('flags a p95 that slipped even when the figure has no bare SQL', () => {
    const c = compareRuns(run([figure('save', { p95: 30 })]), run([figure('save', { p95: 20 })]), 0.2);
    expect(c.flagged[0]?.flags).toEqual(['p95 50 % worse']);
  });
});
