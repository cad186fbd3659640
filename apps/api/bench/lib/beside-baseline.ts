import { existsSync } from 'node:fs';
import type { InProcessFigure } from '../scenarios/scenario.ts';
import type { ResultRow } from './report.ts';
import { BASELINE_FILE, type BenchFigure, readRun } from './results.ts';

const ms = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(1) : '-');
const ratio = (v: number | undefined) => (v !== undefined && Number.isFinite(v) ? v.toFixed(3) : '-');
const times = (a: number | undefined, b: number | undefined) =>
  a !== undefined && b !== undefined && Number.isFinite(a) && Number.isFinite(b) && b > 0
    ? `${(a / b).toFixed(1)}x`
    : '-';

/**
 * The figures that name a baseline.json figure (a smaller data set: the apex suite beside the
 * 1M-scale suites), one line each: here and there, p50 / p95 (in process: the median) and the ratio
 * to the bare SQL of its own run, the baseline's load, and how many times slower here.
 */
export function besideBaseline(
  rows: (ResultRow & { baseline?: string })[],
  figures: { figure: InProcessFigure; load: number }[],
): string | undefined {
  const named = [
    ...rows
      .filter((r) => r.baseline)
      .map((r) => ({
        name: r.scenario,
        key: r.baseline ?? '',
        p50: r.summary.p50,
        p95: r.summary.p95 as number | undefined,
        ratio: r.bare?.unit === 'ms' ? r.summary.p50 / r.bare.value : undefined,
        load: r.load,
      })),
    ...figures
      .filter((f) => f.figure.baseline)
      .map(({ figure, load }) => ({
        name: `${figure.name} (in process)`,
        key: figure.baseline ?? '',
        p50: figure.ms,
        p95: undefined,
        ratio: figure.bare ? figure.ms / figure.bare.ms : undefined,
        load,
      })),
  ];
  if (named.length === 0 || !existsSync(BASELINE_FILE)) return undefined;
  const baseline = new Map<string, BenchFigure>(readRun(BASELINE_FILE).figures.map((f) => [f.key, f]));
  const header = [
    'figure',
    'p50',
    'p95',
    'ratio',
    'load',
    '| baseline p50',
    'p95',
    'ratio',
    'load',
    '| p50 x',
    'p95 x',
  ];
  const body = named.map((n) => {
    const b = baseline.get(n.key);
    return [
      n.name,
      ms(n.p50),
      ms(n.p95),
      ratio(n.ratio),
      n.load.toFixed(1),
      `| ${b ? ms(b.p50) : 'none'}`,
      ms(b?.p95),
      ratio(b?.ratio),
      b ? b.load.toFixed(1) : '-',
      `| ${times(n.p50, b?.p50)}`,
      times(n.p95, b?.p95),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ')}`;
  return [line(header), ...body.map(line)].join('\n');
}
