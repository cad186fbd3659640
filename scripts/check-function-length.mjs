// No source function over 120 lines (docs/ARCHITECTURE.md, "Use cases"), run by `npm run lint`.
// A function's length is its span, from the line it starts on to the line it ends on, as the issue
// and a reader count it. Biome's noExcessiveLinesPerFunction (biome.json) stays on for the editor,
// but it counts only the body's lines that start with something other than a brace, so a function
// of 151 lines passed it at 119. Sources are apps/api/src, apps/web/src and packages/*/src; tests,
// browser tests, seed and bench are not held to it. TypeScript 7 has no JS API, so the files are
// parsed by @babel/parser (TypeScript and JSX).
// PENDING names the functions still over the limit (file and name, with their length today): each
// may shrink but not grow, and a listed one that is no longer over the limit fails, so the list only
// shrinks.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@babel/parser';

const root = path.resolve(import.meta.dirname, '..');
const LIMIT = 120;

/** `file#function` → its length when listed. Empty when the house is done. */
const PENDING = new Map([]);

const SOURCE = /^(apps\/api\/src|apps\/web\/src|packages\/[^/]+\/src)\//;
const EXEMPT = /(\.test\.tsx?$|\.d\.ts$|\/(seed|bench|e2e)\/)/;

const FUNCTIONS = new Set([
  'FunctionDeclaration',
  'FunctionExpression',
  'ArrowFunctionExpression',
  'ObjectMethod',
  'ClassMethod',
  'ClassPrivateMethod',
]);

/** The name a reader finds the function by: its own, its variable's, its key's, or its caller's. */
function nameOf(node, parent) {
  if (node.id?.name) return node.id.name;
  if (node.key) return node.key.name ?? String(node.key.value);
  if (parent?.type === 'VariableDeclarator') return parent.id.name ?? '<anonymous>';
  if (parent?.type === 'ObjectProperty' || parent?.type === 'ClassProperty')
    return parent.key.name ?? '<anonymous>';
  if (parent?.type === 'CallExpression') {
    const callee = parent.callee.name ?? parent.callee.property?.name ?? '<call>';
    return `${callee}(() => ...)`;
  }
  return '<anonymous>';
}

/** Every function of a file with its span in lines. */
export function functionsOf(file, text) {
  const ast = parse(text, {
    sourceType: 'module',
    plugins: file.endsWith('.tsx') ? ['typescript', 'jsx'] : ['typescript'],
  });
  const found = [];
  const walk = (node, parent) => {
    if (!node || typeof node.type !== 'string') return;
    if (FUNCTIONS.has(node.type))
      found.push({
        name: nameOf(node, parent),
        line: node.loc.start.line,
        lines: node.loc.end.line - node.loc.start.line + 1,
      });
    for (const [key, value] of Object.entries(node)) {
      if (key === 'loc' || key.endsWith('Comments')) continue;
      if (Array.isArray(value)) for (const child of value) walk(child, node);
      else if (value && typeof value.type === 'string') walk(value, node);
    }
  };
  walk(ast.program, null);
  return found;
}

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
  cwd: root,
  encoding: 'utf8',
})
  .split('\n')
  .filter((f) => SOURCE.test(f) && /\.tsx?$/.test(f) && !EXEMPT.test(f));

const problems = [];
const seen = new Set();
for (const file of files) {
  let text;
  try {
    text = readFileSync(path.join(root, file), 'utf8');
  } catch {
    continue; // deleted in the work tree, not yet in the index
  }
  for (const fn of functionsOf(file, text)) {
    if (fn.lines <= LIMIT) continue;
    const key = `${file}#${fn.name}`;
    const listed = PENDING.get(key);
    seen.add(key);
    if (listed === undefined)
      problems.push(
        `${file}:${fn.line} ${fn.name} has ${fn.lines} lines (at most ${LIMIT}): split it into named stages`,
      );
    else if (fn.lines > listed)
      problems.push(
        `${file}:${fn.line} ${fn.name} grew to ${fn.lines} lines (listed at ${listed}): split it, do not grow it`,
      );
  }
}
for (const key of PENDING.keys())
  if (!seen.has(key)) problems.push(`${key} is no longer over ${LIMIT} lines: remove it from PENDING`);

if (problems.length > 0) {
  console.error(
    `Functions over ${LIMIT} lines (scripts/check-function-length.mjs):\n  ${problems.join('\n  ')}`,
  );
  process.exit(1);
}
console.log(`check-function-length: ${files.length} source files, no function over ${LIMIT} lines`);
