// Fails when the business areas of the three trees and the table in docs/ARCHITECTURE.md disagree:
// an area folder (or contracts file) with no row, a row naming a folder or file that is not there, a
// row whose three paths differ, or a database table that no row lists. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const trees = {
  api: path.join(root, 'apps/api/src/modules'),
  web: path.join(root, 'apps/web/src/features'),
  contracts: path.join(root, 'packages/contracts/src'),
};
/** Contracts files shared by every area: not areas themselves. */
const SHARED_CONTRACTS = new Set(['common', 'fields', 'navigation', 'permissions', 'routes', 'index']);
const NONE = '—';

const problems = [];
const doc = readFileSync(path.join(root, 'docs/ARCHITECTURE.md'), 'utf8');
const block = doc.match(/<!-- areas:start -->([\s\S]*?)<!-- areas:end -->/);
if (!block) {
  console.error('docs/ARCHITECTURE.md: no table between <!-- areas:start --> and <!-- areas:end -->');
  process.exit(1);
}

const cell = (text) => text.trim().replace(/^`|`$/g, '');
const rows = block[1]
  .split('\n')
  .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*area\s*\|/i.test(line))
  .map((line) => {
    const [area, api, web, contracts, tables] = line.split('|').slice(1, -1).map(cell);
    return {
      area,
      api,
      web,
      contracts,
      tables: tables === NONE ? [] : tables.split(/[,\s]+/).filter(Boolean),
    };
  });

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
/** Git keeps no empty folders, so neither does the check. */
const hasFiles = (dir) =>
  readdirSync(dir).some((f) => (isDir(path.join(dir, f)) ? hasFiles(path.join(dir, f)) : true));

/** `module` for a module without areas, `module/area` for each area folder of a module with areas. */
function folderAreas(base) {
  const found = [];
  for (const mod of readdirSync(base)) {
    const dir = path.join(base, mod);
    if (!isDir(dir) || !hasFiles(dir)) continue;
    const subs = readdirSync(dir).filter((s) => isDir(path.join(dir, s)) && hasFiles(path.join(dir, s)));
    if (subs.length === 0) found.push(mod);
    else for (const s of subs) found.push(`${mod}/${s}`);
  }
  return found;
}

function contractAreas(base, prefix = '') {
  const found = [];
  for (const entry of readdirSync(base)) {
    const full = path.join(base, entry);
    if (isDir(full)) found.push(...contractAreas(full, `${prefix}${entry}/`));
    else if (entry.endsWith('.ts') && !entry.endsWith('.test.ts')) {
      const name = `${prefix}${entry.slice(0, -3)}`;
      if (!SHARED_CONTRACTS.has(name)) found.push(name);
    }
  }
  return found;
}

const byTree = {
  api: new Set(rows.filter((r) => r.api !== NONE).map((r) => r.api)),
  web: new Set(rows.filter((r) => r.web !== NONE).map((r) => r.web)),
  contracts: new Set(rows.filter((r) => r.contracts !== NONE).map((r) => r.contracts.replace(/\.ts$/, ''))),
};

for (const r of rows) {
  for (const tree of ['api', 'web']) {
    if (r[tree] === NONE) continue;
    if (r[tree] !== r.area) problems.push(`${r.area}: the ${tree} folder is named ${r[tree]}, not ${r.area}`);
    const folder = path.join(trees[tree], r[tree]);
    if (!isDir(folder) || !hasFiles(folder)) problems.push(`${r.area}: ${tree} folder ${r[tree]} is missing`);
  }
  if (r.contracts !== NONE) {
    if (r.contracts !== `${r.area}.ts`)
      problems.push(`${r.area}: the contracts file is ${r.contracts}, not ${r.area}.ts`);
    if (!existsSync(path.join(trees.contracts, r.contracts)))
      problems.push(`${r.area}: contracts file ${r.contracts} is missing`);
  }
}

for (const area of folderAreas(trees.api))
  if (!byTree.api.has(area)) problems.push(`apps/api/src/modules/${area} has no row in the areas table`);
for (const area of folderAreas(trees.web))
  if (!byTree.web.has(area)) problems.push(`apps/web/src/features/${area} has no row in the areas table`);
for (const area of contractAreas(trees.contracts))
  if (!byTree.contracts.has(area))
    problems.push(`packages/contracts/src/${area}.ts has no row in the areas table`);

// Every table declared in a module's schema is listed on a row of that module, once.
const schemaFiles = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? schemaFiles(path.join(dir, e.name))
      : e.name === 'schema.ts'
        ? [path.join(dir, e.name)]
        : [],
  );
const declared = new Map(); // table -> module
for (const file of schemaFiles(trees.api)) {
  const mod = path.relative(trees.api, file).split(path.sep)[0];
  for (const m of readFileSync(file, 'utf8').matchAll(/pgTable\(\s*'([a-z0-9_]+)'/g)) declared.set(m[1], mod);
}
const listed = new Map();
for (const r of rows)
  for (const t of r.tables) {
    if (listed.has(t)) problems.push(`table ${t} is listed twice (${listed.get(t)} and ${r.area})`);
    listed.set(t, r.area);
    const mod = declared.get(t);
    if (!mod) problems.push(`${r.area}: table ${t} is not declared in any module schema`);
    else if (mod !== r.area.split('/')[0])
      problems.push(`${r.area}: table ${t} is declared in module ${mod}`);
  }
for (const [t, mod] of declared)
  if (!listed.has(t)) problems.push(`table ${t} (module ${mod}) is listed on no row`);

if (problems.length > 0) {
  console.error(`Areas table and folders disagree (docs/ARCHITECTURE.md):\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(`areas: ${rows.length} rows agree with the three trees and ${declared.size} tables`);
