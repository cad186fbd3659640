#!/usr/bin/env node
// Fails on high or critical advisories in production dependencies (npm audit --omit=dev), except
// those accepted in .ci/audit-allow.json with a reason and an expiry date (an expired acceptance
// no longer counts). `--report FILE` reads a saved `npm audit --json` instead of running it.
// When the registry's audit endpoint cannot be reached, says so and passes, unless AUDIT_REQUIRED=1.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const FAIL_AT = new Set(['high', 'critical']);

function auditReport() {
  const i = process.argv.indexOf('--report');
  if (i > 0) return JSON.parse(readFileSync(process.argv[i + 1], 'utf8'));
  try {
    return JSON.parse(
      execFileSync('npm', ['audit', '--omit=dev', '--json'], { cwd: root, encoding: 'utf8' }),
    );
  } catch (error) {
    // npm audit exits 1 when it finds anything; its JSON is still on stdout.
    const out = error.stdout?.toString() ?? '';
    try {
      return JSON.parse(out);
    } catch {
      return { error: { summary: error.message } };
    }
  }
}

const today = new Date().toISOString().slice(0, 10);
const allow = JSON.parse(readFileSync(path.join(root, '.ci/audit-allow.json'), 'utf8'));
for (const entry of allow) {
  if (!entry.id || !entry.reason || !/^\d{4}-\d{2}-\d{2}$/.test(entry.expires ?? '')) {
    console.error(
      `audit-allow.json: every entry needs id, reason and expires (YYYY-MM-DD): ${JSON.stringify(entry)}`,
    );
    process.exit(1);
  }
}
const accepted = new Map(allow.filter((e) => e.expires >= today).map((e) => [String(e.id), e]));
for (const e of allow.filter((e) => e.expires < today))
  console.log(`audit: acceptance of ${e.id} expired on ${e.expires}`);

const report = auditReport();
if (!report.vulnerabilities) {
  const why = report.error?.summary || report.message || 'no report';
  console.log(
    `audit: the registry's audit endpoint could not be reached (${why.split('\n')[0]}); not checked`,
  );
  process.exit(process.env.AUDIT_REQUIRED === '1' ? 1 : 0);
}

const blocking = [];
for (const [name, vulnerability] of Object.entries(report.vulnerabilities)) {
  for (const via of vulnerability.via ?? []) {
    if (typeof via !== 'object' || !FAIL_AT.has(via.severity)) continue;
    const ghsa = via.url?.match(/GHSA-[\w-]+/)?.[0];
    const ids = [String(via.source), ghsa].filter(Boolean);
    const acceptance = ids.map((id) => accepted.get(id)).find(Boolean);
    if (acceptance)
      console.log(
        `audit: ${name} ${ghsa ?? via.source} accepted until ${acceptance.expires}: ${acceptance.reason}`,
      );
    else blocking.push(`${via.severity} ${name}: ${via.title} (${ghsa ?? via.source}) ${via.url ?? ''}`);
  }
}
if (blocking.length) {
  console.error(`audit: ${blocking.length} high or critical advisories in production dependencies:`);
  for (const line of blocking) console.error(`  ${line}`);
  console.error(
    'Update the dependency, or accept it in .ci/audit-allow.json with a reason and an expiry date.',
  );
  process.exit(1);
}
console.log('audit: no high or critical advisory in production dependencies');
