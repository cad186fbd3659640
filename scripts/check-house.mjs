// The house rules of the API (docs/ARCHITECTURE.md, "Use cases" and "Reads"), run by `npm run lint`:
// - every use case has the one signature `(db, actor, input)` and does not parse its input again.
//   A use case is an exported async function in apps/api/src/modules whose name starts with one of
//   VERBS below (`approveSettlement`), outside routes, queries, schema, tests, test helpers, PDF,
//   sheet and SMS files, whose first parameter is the database and is not named `tx` (a stage or
//   door runs inside its caller's transaction, which it takes as `tx`: it is not a use case; nor
//   is a function that takes no database, such as a file-store write). It lives in a file of its
//   own named after it (`approve-settlement.ts`) and takes the database handle (`db`), the acting
//   user (`actor: Actor`, or `Actor | SystemActor` for what a start-up job also calls) and one
//   input object (a start-up job with no input takes `(db, actor: SystemActor)`);
// - rows read with raw SQL are parsed by a row schema (`queryRows(db, row, sql)`): no type
//   argument on `queryRows<...>`, no `queryRowsPrepared`, no `as unknown as` on rows;
// - a paged list goes through `pageOf` / `sqlPageOf` (platform/list.ts): no `.offset(` or SQL
//   `offset ${...}` in a module's source, but for the lists in HAND_PAGED, each with its reason.
// Areas listed in scripts/house-pending.json are not converted yet: what they still break is
// counted, not failed, and a listed area with nothing left fails, so the list only shrinks.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
const modulesDir = path.join(apiDir, 'src/modules');
const pendingFile = path.join(root, 'scripts/house-pending.json');

/** The verbs a use-case file starts with. A new business action with a new verb adds it here. */
export const VERBS = new Set([
  'accept',
  'add',
  'allocate',
  'approve',
  'backfill',
  'bulk',
  'cancel',
  'catalogue',
  'change',
  'close',
  'confirm',
  'create',
  'decide',
  'delete',
  'dispatch',
  'draft',
  'export',
  'import',
  'issue',
  'lock',
  'mark',
  'open',
  'post',
  'preview',
  'publish',
  'receive',
  'record',
  'register',
  'reject',
  'remove',
  'reset',
  'retire',
  'retry',
  'reverse',
  'save',
  'seed',
  'send',
  'submit',
  'suggest',
  'sync',
  'unmatch',
  'unlock',
  'update',
  'upload',
  'void',
]);
/** File names that are never use cases, whatever their first word. */
const NOT_USE_CASES =
  /(^|-)(routes|queries|schema|testing|scenario|pdf|pdfs|sheet|sms)\.ts$|\.test\.ts$|\.d\.ts$/;
/**
 * The sign-in protocol: its steps run for a caller still proving who they are (login, the code,
 * a reset with a code, the lock screen, a password change that checks the current one), with the
 * request's context (the IP its rate limits count, the tokens, the SMS); they take that context.
 */
const SIGN_IN_PROTOCOL = /modules\/auth\/(sign-in|passwords|sessions|codes)\.ts$/;

const isDir = (p) => existsSync(p) && statSync(p).isDirectory();
const rel = (p) => path.relative(root, p).split(path.sep).join('/');

function files(dir) {
  return readdirSync(dir).flatMap((entry) => {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'data') return [];
    const full = path.join(dir, entry);
    return isDir(full) ? files(full) : entry.endsWith('.ts') ? [full] : [];
  });
}

/** `module` or `module/area` for a module's file; else its folder under apps/api (`src/seed`, `test`). */
function areaOf(file) {
  const inModules = path.relative(modulesDir, file).split(path.sep);
  if (inModules[0] !== '..') {
    const [mod, sub, ...rest] = inModules;
    return rest.length > 0 || (sub && isDir(path.join(modulesDir, mod, sub))) ? `${mod}/${sub}` : mod;
  }
  const [top, sub] = path.relative(apiDir, file).split(path.sep);
  return top === 'src' ? `src/${sub}` : top;
}

/** The text between the parentheses that open at `start`, with nested brackets and `=>` skipped. */
function parameterText(text, start) {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    const c = text[i];
    if (c === '=' && text[i + 1] === '>') {
      i++;
      continue;
    }
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) {
      depth--;
      if (depth === 0) return text.slice(start + 1, i);
    }
  }
  return '';
}

function splitTopLevel(list) {
  const parts = [];
  let depth = 0;
  let current = '';
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '=' && list[i + 1] === '>') {
      current += '=>';
      i++;
      continue;
    }
    if ('([{<'.includes(c)) depth++;
    else if (')]}>'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      if (current.trim()) parts.push(current.trim());
      current = '';
    } else current += c;
  }
  if (current.trim()) parts.push(current.trim());
  return parts;
}

/** What is wrong with a use case's parameters, or undefined when it has the one signature. */
function signatureProblem(params) {
  const [db, actor, input] = params;
  // A start-up job with nothing to be told: (db, actor: SystemActor).
  if (params.length === 2 && /^_?actor\s*:\s*SystemActor$/.test(actor) && /^db\s*:/.test(db))
    return undefined;
  if (params.length !== 3) return `takes ${params.length} parameters`;
  if (!/^db\s*:\s*(Db|DbOrTx|Tx)\b/.test(db)) return `its first parameter is ${db.split(':')[0]}, not db`;
  if (!/^_?actor\s*:\s*(Actor|Actor \| SystemActor)$/.test(actor.replace(/\s+/g, ' ')))
    return `its second parameter is ${actor}, not actor: Actor`;
  if (/:\s*(string|number|boolean)\s*(=.*)?$/.test(input)) return `its input is ${input}, not one object`;
  return undefined;
}

const pending = new Set(existsSync(pendingFile) ? JSON.parse(readFileSync(pendingFile, 'utf8')).areas : []);
const problems = [];
const left = new Map();
const counts = { with: 0, without: 0, untypedReads: 0, handPaged: 0 };
const verbOf = (fn) => /^[a-z]+/.exec(fn)?.[0] ?? '';
const kebab = (fn) => fn.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

function fault(file, message) {
  const area = areaOf(file);
  if (pending.has(area)) left.set(area, (left.get(area) ?? 0) + 1);
  else problems.push(`${rel(file)}: ${message}`);
}

/** Rows typed by a cast: a type argument on queryRows, the old prepared reader, a cast of rows. */
const UNTYPED_READS = [
  [/\bqueryRows<(?!Row extends\b)/g, 'types its rows with queryRows<...> (pass a row schema)'],
  [/\bqueryRowsPrepared\b/g, 'uses queryRowsPrepared (pass { prepared } to queryRows)'],
  [/^.*\bas unknown as\b.*\brows?\b.*$|^.*\brows?\b.*\bas unknown as\b.*$/gm, 'casts rows through unknown'],
];

function checkReads(file, text) {
  if (rel(file) === 'apps/api/src/db/rows.ts') return;
  for (const [pattern, message] of UNTYPED_READS) {
    for (const _ of text.matchAll(pattern)) {
      counts.untypedReads++;
      fault(file, message);
    }
  }
}

/**
 * The module files that still page a list by hand, and why. Remove a line when its list moves onto
 * pageOf / sqlPageOf; a new hand-written page fails.
 */
const HAND_PAGED = new Map([
  // Measured hot path (DECISIONS 2026-11-28, farmers: a union of index-ordered branches, a count
  // capped at 1,000 only past the first page, plainJsonSerializer).
  ['apps/api/src/modules/farmers/list-farmers.ts', 'farmer search: branch union and capped count'],
  // One round trip: the total is a window count over the page (a second query only past the end).
  ['apps/api/src/modules/users/queries.ts', 'users: the total is a window count in the one query'],
  ['apps/api/src/modules/inbox/queries.ts', 'inbox: a union of sources, counted by a window count'],
  // The book lines' count is posted lines less matched ones (index-only), not a count of the page's select.
  ['apps/api/src/modules/accounts/reconciliations/queries.ts', 'matching: book lines counted by difference'],
]);
const HAND_PAGE = /\.offset\(|\boffset \$\{/g;
const TEST_FILE = /\.(test|e2e|unit\.test)\.ts$|\/(testing|scenario)\.ts$/;

function checkPaging(file, text) {
  const name = rel(file);
  if (TEST_FILE.test(name) || HAND_PAGED.has(name)) return;
  for (const _ of text.matchAll(HAND_PAGE)) {
    counts.handPaged++;
    fault(file, 'pages a list by hand (use pageOf / sqlPageOf from platform/list.ts)');
  }
}

function checkUseCases(file, text) {
  const contracts = [...text.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*'@ushirika\/contracts'/g)]
    .flatMap((m) => m[1].split(','))
    .map((s) =>
      s
        .replace(/\btype\s+/, '')
        .trim()
        .split(/\s+as\s+/)
        .pop(),
    )
    .filter(Boolean);
  for (const declared of text.matchAll(/export\s+async\s+function\s+(\w+)\s*(<[^(]*>)?\s*\(/g)) {
    const fn = declared[1];
    if (!VERBS.has(verbOf(fn))) continue;
    const params = splitTopLevel(parameterText(text, declared.index + declared[0].length - 1));
    // A stage or door runs inside its caller's transaction, which it takes as `tx`; a function that
    // takes no database (a file-store write, a parser) is no business action on the records.
    const first = params[0] ?? '';
    if (/^tx\s*:/.test(first) || !/^(db|ctx)\b|:\s*(Db|DbOrTx|Tx)\b/.test(first)) continue;
    const faults = [];
    if (path.basename(file, '.ts') !== kebab(fn))
      faults.push(`${fn} belongs in a file of its own, ${kebab(fn)}.ts`);
    const wrong = signatureProblem(params);
    if (wrong) faults.push(`${fn} ${wrong}`);
    for (const schema of contracts) {
      if (new RegExp(`\\b${schema}\\.(safeParse|parse)\\(`).test(text))
        faults.push(`${fn} parses its input again with ${schema} (the route validated it)`);
    }
    counts[faults.length === 0 ? 'with' : 'without']++;
    for (const f of faults) fault(file, f);
  }
}

for (const file of files(apiDir)) {
  const text = readFileSync(file, 'utf8');
  checkReads(file, text);
  if (file.startsWith(modulesDir + path.sep)) checkPaging(file, text);
  if (
    file.startsWith(modulesDir + path.sep) &&
    !NOT_USE_CASES.test(path.basename(file)) &&
    !SIGN_IN_PROTOCOL.test(rel(file))
  )
    checkUseCases(file, text);
}

for (const area of pending) {
  if (!left.has(area))
    problems.push(`scripts/house-pending.json lists ${area}, which keeps every house rule now: remove it`);
}
if (process.argv.includes('--count'))
  console.log(
    `use cases: ${counts.with} with the signature, ${counts.without} without; untyped raw reads: ${counts.untypedReads}; hand-paged lists outside HAND_PAGED: ${counts.handPaged}`,
  );
if (left.size > 0)
  console.log(
    `house rules still to apply (scripts/house-pending.json): ${[...left].map(([a, n]) => `${a} ${n}`).join(', ')}`,
  );
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
