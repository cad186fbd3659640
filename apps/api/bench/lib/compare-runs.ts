import type { BenchFigure, BenchRun } from './results.ts';

/** One figure of the run beside the baseline's, with what got worse by more than the tolerance. */
export type ComparedFigure = {
  key: string;
  now: BenchFigure;
  then: BenchFigure;
  /** Relative change of the ratio, signed so that positive is worse (NaN when either has none). */
  ratioWorse: number;
  /** Relative change of p95, positive is slower (NaN when either has none). */
  p95Worse: number;
  flags: string[];
};

export type Comparison = {
  compared: ComparedFigure[];
  flagged: ComparedFigure[];
  onlyNow: BenchFigure[];
  onlyThen: BenchFigure[];
};

/** How much worse `now` is than `then`, as a fraction: lower-is-better grows, higher-is-better shrinks. */
export function worseBy(
  now: number | undefined,
  then: number | undefined,
  better: 'lower' | 'higher',
): number {
  if (now === undefined || then === undefined || !Number.isFinite(now) || !Number.isFinite(then) || then <= 0)
    return Number.NaN;
  return better === 'lower' ? now / then - 1 : then / now - 1;
}

/**
 * Matches the figures of two runs by key and flags each whose ratio to its bare SQL, or whose p95,
 * is worse than the baseline's by more than `tolerance` (0.2 = 20 %).
 */
export function compareRuns(run: BenchRun, baseline: BenchRun, tolerance: number): Comparison {
  const before = new Map(baseline.figures.map((f) => [f.key, f]));
  const keys = new Set(run.figures.map((f) => f.key));
  const compared: ComparedFigure[] = [];
  for (const now of run.figures) {
    const then = before.get(now.key);
    if (!then) continue;
    const ratioWorse = worseBy(now.ratio, then.ratio, now.better ?? 'lower');
    const p95Worse = worseBy(now.p95, then.p95, 'lower');
    const flags: string[] = [];
    if (ratioWorse > tolerance) flags.push(`ratio ${percent(ratioWorse)} worse`);
    if (p95Worse > tolerance) flags.push(`p95 ${percent(p95Worse)} worse`);
    compared.push({ key: now.key, now, then, ratioWorse, p95Worse, flags });
  }
  return {
    compared,
    flagged: compared.filter((c) => c.flags.length > 0),
    onlyNow: run.figures.filter((f) => !before.has(f.key)),
    onlyThen: baseline.figures.filter((f) => !keys.has(f.key)),
  };
}

const percent = (x: number) => `${(x * 100).toFixed(0)} %`;
const num = (x: number | undefined, digits = 1) =>
  x === undefined || !Number.isFinite(x) ? '-' : x.toFixed(digits);

/** The comparison as a table, the flagged figures last with what got worse. */
export function formatComparison(
  c: Comparison,
  files: { run: string; baseline: string; tolerance: number },
): string {
  const header = [
    'figure',
    'p95 now',
    'p95 then',
    'req/s now',
    'req/s then',
    'ratio now',
    'ratio then',
    'load now',
    'load then',
    'flag',
  ];
  const rows = c.compared.map((x) => [
    x.key,
    num(x.now.p95),
    num(x.then.p95),
    num(x.now.perSecond, 0),
    num(x.then.perSecond, 0),
    num(x.now.ratio, 3),
    num(x.then.ratio, 3),
    num(x.now.load),
    num(x.then.load),
    x.flags.join(', '),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  ')}`.trimEnd();
  const out = [
    `Bench run ${files.run}`,
    `beside the baseline ${files.baseline} (flagged: a ratio or p95 more than ${percent(files.tolerance)} worse)`,
    '',
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...rows.map(line),
  ];
  if (c.onlyNow.length > 0) out.push('', 'New since the baseline:', ...c.onlyNow.map((f) => `  ${f.key}`));
  if (c.onlyThen.length > 0)
    out.push('', 'In the baseline, not in this run:', ...c.onlyThen.map((f) => `  ${f.key}`));
  out.push(
    '',
    c.flagged.length === 0
      ? `No figure is more than ${percent(files.tolerance)} worse than the baseline.`
      : `${c.flagged.length} figure(s) more than ${percent(files.tolerance)} worse:\n${c.flagged
          .map((f) => `  ${f.key}: ${f.flags.join(', ')}`)
          .join('\n')}`,
  );
  return out.join('\n');
}
