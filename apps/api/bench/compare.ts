/**
 * `npm run bench:compare [run.json] [baseline.json]`: each figure of a bench run (default: the
 * newest in apps/api/bench/results/) beside the committed baseline (apps/api/bench/baseline.json),
 * flagging a ratio to the bare SQL or a p95 more than 20 % worse (BENCH_COMPARE_TOLERANCE, in %).
 * Exits 1 when a figure is flagged. Figures in only one of the two are listed, not flagged.
 *
 * `npm run bench:compare -- --accept [run.json]` makes that run the baseline: do it only in a
 * commit that says why (a faster path, a new scenario, a quieter machine), never to hide a slip.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { compareRuns, formatComparison } from './lib/compare-runs.ts';
import { BASELINE_FILE, newestRun, readRun } from './lib/results.ts';

const args = process.argv.slice(2);
const accept = args.includes('--accept');
const files = args.filter((a) => !a.startsWith('--'));
const runFile = files[0] ?? newestRun();
const baselineFile = files[1] ?? BASELINE_FILE;
const tolerance = Number(process.env.BENCH_COMPARE_TOLERANCE ?? 20) / 100;

if (!runFile) {
  console.error('No bench run to compare: run `npm run bench` first (it writes apps/api/bench/results/).');
  process.exit(2);
}
if (accept) {
  readRun(runFile);
  copyFileSync(runFile, BASELINE_FILE);
  console.log(`${runFile} is now the baseline (${BASELINE_FILE}): commit it with the reason.`);
  process.exit(0);
}
if (!existsSync(baselineFile)) {
  console.error(`No baseline at ${baselineFile}: make one with npm run bench:compare -- --accept.`);
  process.exit(2);
}
const run = readRun(runFile);
const baseline = readRun(baselineFile);
const comparison = compareRuns(run, baseline, tolerance);
console.log(formatComparison(comparison, { run: runFile, baseline: baselineFile, tolerance }));
process.exit(comparison.flagged.length > 0 ? 1 : 0);
