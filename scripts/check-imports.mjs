// Fails on an import circle in apps/api or apps/web: between files (type imports and lazy
// `import()` included), or between business areas (`<module>` or `<module>/<area>`, the folders of
// the areas table in docs/ARCHITECTURE.md), and when shared code (the API's platform and db, the
// web's components and lib) imports a feature. Circles listed in scripts/import-cycles-allowed.json
// are reported but pass, until they are gone; a listed circle that no longer exists fails too, so
// the list only shrinks. Run by `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const allowedFile = path.join(root, 'scripts/import-cycles-allowed.json');
const apps = [
  {
    name: 'api',
    dir: 'apps/api',
    areas: 'apps/api/src/modules',
    shared: ['apps/api/src/platform', 'apps/api/src/db'],
  },
  {
    name: 'web',
    dir: 'apps/web',
    areas: 'apps/web/src/features',
    shared: ['apps/web/src/components', 'apps/web/src/lib'],
  },
];

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
const rel = (p) => path.relative(root, p).split(path.sep).join('/');

function sourceFiles(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'data' || entry.startsWith('.')) continue;
    const full = path.join(dir, entry);
    if (isDir(full)) found.push(...sourceFiles(full));
    else if (/\.(ts|tsx|mts|js|mjs)$/.test(entry) && !entry.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** Comments out of the way (keeping line breaks), so an import inside one does not count. */
const withoutComments = (text) =>
  text.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' ')).replace(/^\s*\/\/.*$/gm, '');

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s+(?:type\s+)?[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g,
  /\bimport\s*['"]([^'"]+)['"]/g,
  /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g,
];

function resolveImport(from, specifier) {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && !isDir(candidate)) return candidate;
  }
  return undefined;
}

function importsOf(file) {
  const text = withoutComments(readFileSync(file, 'utf8'));
  const targets = new Set();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const target = resolveImport(file, match[1]);
      if (target) targets.add(target);
    }
  }
  return targets;
}

/** Strongly connected components with more than one member (Tarjan), each sorted, in a stable order. */
function circles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (v) => {
    // Iterative, so a deep import chain cannot overflow the call stack.
    const work = [[v, [...(graph.get(v) ?? [])], 0]];
    indices.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, next] = frame;
      if (frame[2] < next.length) {
        const w = next[frame[2]++];
        if (!indices.has(w)) {
          indices.set(w, index);
          low.set(w, index++);
          stack.push(w);
          onStack.add(w);
          work.push([w, [...(graph.get(w) ?? [])], 0]);
        } else if (onStack.has(w)) low.set(node, Math.min(low.get(node), indices.get(w)));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indices.get(node)) {
        const members = [];
        let w;
        do {
          w = stack.pop();
          onStack.delete(w);
          members.push(w);
        } while (w !== node);
        if (members.length > 1) found.push(members.sort());
      }
    }
  };
  for (const v of [...graph.keys()].sort()) if (!indices.has(v)) visit(v);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** `module` or `module/area` for a file under the areas folder; the module for a module root's own files. */
function areaOf(app, file) {
  const relative = path.relative(path.join(root, app.areas), file).split(path.sep);
  if (relative[0] === '..' || relative.length < 2) return undefined;
  const [mod, sub] = relative;
  return relative.length > 2 && isDir(path.join(root, app.areas, mod, sub)) ? `${mod}/${sub}` : mod;
}

const isTestCode = (file) => /\.test\.tsx?$|\/(testing|scenario)\.ts$|\/e2e\//.test(rel(file));

/**
 * Every area's tables make one database schema (db/schema.ts re-exports them all), and their own
 * imports (foreign keys) form no circle, which the file check sees to: reading another area's
 * table is not a dependency on its code, so an import of a `schema.ts` is not an edge between areas.
 */
const isTables = (file) => file.endsWith(`${path.sep}schema.ts`);

const allowed = existsSync(allowedFile) ? JSON.parse(readFileSync(allowedFile, 'utf8')) : {};
const problems = [];
const stillAllowed = [];
const key = (members) => members.join(' <-> ');

for (const app of apps) {
  const files = sourceFiles(path.join(root, app.dir));
  const fileGraph = new Map();
  const areaGraph = new Map();
  const moduleGraph = new Map();
  const addEdge = (graph, from, to) => {
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from).add(to);
  };
  for (const file of files) {
    const targets = importsOf(file);
    fileGraph.set(rel(file), new Set([...targets].map(rel)));
    // Tests and their helpers may use any area; the areas' own code is what must not go round.
    const from = isTestCode(file) ? undefined : areaOf(app, file);
    const sharedFrom = app.shared.some((dir) => file.startsWith(path.join(root, dir) + path.sep));
    for (const target of targets) {
      const to = areaOf(app, target);
      if (sharedFrom && to && !isTestCode(file) && !isTables(target))
        problems.push(`${rel(file)} is shared code but imports the feature ${rel(target)}`);
      if (!from || !to || from === to || isTables(target)) continue;
      const [fromModule, toModule] = [from.split('/')[0], to.split('/')[0]];
      if (fromModule !== toModule) addEdge(moduleGraph, fromModule, toModule);
      // A module's root (its shared schema, the routes that register its areas) sits above its
      // areas: between areas, only circles of different modules' areas or of sibling areas count.
      if (fromModule === toModule && (from === fromModule || to === toModule)) continue;
      addEdge(areaGraph, from, to);
    }
  }
  const lists = { files: circles(fileGraph), modules: circles(moduleGraph), areas: circles(areaGraph) };
  for (const [kind, found] of Object.entries(lists)) {
    const permitted = new Set(allowed[app.name]?.[kind] ?? []);
    for (const members of found) {
      const name = key(members);
      if (permitted.has(name)) {
        stillAllowed.push(`${app.name} ${kind}: ${name}`);
        permitted.delete(name);
      } else problems.push(`apps/${app.name}: an import circle between ${kind}: ${name}`);
    }
    for (const gone of permitted)
      problems.push(
        `scripts/import-cycles-allowed.json lists a circle that is gone (remove it): ${app.name} ${kind}: ${gone}`,
      );
  }
}

if (stillAllowed.length > 0)
  console.log(
    `import circles still allowed (scripts/import-cycles-allowed.json):\n  ${stillAllowed.join('\n  ')}`,
  );
if (problems.length > 0) {
  console.error([...new Set(problems)].join('\n'));
  process.exit(1);
}
