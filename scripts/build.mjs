// `npm run build` (the web app) and `npm run build:api` (API bundle and database template); `npm start`
// runs all three. Builds only what changed since the last build, each part keyed by a hash of its
// sources. The web app goes to apps/web/builds/<hash>/ and apps/web/dist is a symlink switched in
// one rename once the build is complete, so a rebuild while the server runs never serves a
// half-written folder. The API is bundled with esbuild into apps/api/dist (started by plain node,
// no TypeScript loader), and a migrated PGlite image is kept beside it for new data directories.
// `--force` rebuilds everything.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { firstLoadLine } from './first-load.mjs';

export const root = path.resolve(import.meta.dirname, '..');
const web = path.join(root, 'apps/web');
const api = path.join(root, 'apps/api');
const apiDist = path.join(api, 'dist');
const shared = [
  'packages/contracts/src',
  'packages/domain/src',
  // Their `sideEffects` decides what the bundler may leave out.
  'packages/contracts/package.json',
  'packages/domain/package.json',
  'package-lock.json',
];

function listFiles(entry, skip) {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(root, path.join(d.parentPath, d.name)))
    .filter((f) => !skip?.(f))
    .sort();
}

/** A hash of the files' names and contents. */
export function sourcesHash(entries, skip) {
  const hash = createHash('sha256');
  for (const file of entries.flatMap((e) => listFiles(e, skip))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function run(command, args, cwd) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} failed (${code})`)),
    );
  });
}

const isTest = (f) => /\.(test|e2e)\.tsx?$/.test(f) || f.includes('/e2e/');

/** The web app: skipped when apps/web/dist already points at a build of these sources. */
export async function buildWeb({ force = false } = {}) {
  const hash = sourcesHash(
    [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/device.html',
      'apps/web/vite.config.ts',
      'apps/web/vite.device.config.ts',
      'apps/web/vite-texts.ts',
      'apps/web/package.json',
      ...shared,
    ],
    isTest,
  );
  return publishWebBuild({
    webDir: web,
    hash,
    force,
    // The buying-post page first (it empties the folder), then the office app, whose service worker
    // precaches every file there (apps/web/vite.device.config.ts).
    produce: async (outDir) => {
      for (const config of ['vite.device.config.ts', 'vite.config.ts'])
        await run(
          process.execPath,
          [
            path.join(root, 'node_modules/vite/bin/vite.js'),
            'build',
            '--config',
            config,
            '--logLevel',
            'warn',
            '--outDir',
            outDir,
          ],
          web,
        );
    },
  });
}

/**
 * Puts a web build in service without a moment of a missing or half-written folder: `produce`
 * writes it into `builds/<hash>.partial-<pid>`, renamed to `builds/<hash>` once complete, and
 * `<webDir>/dist` is a symlink replaced by one rename (the server serves whatever it points at).
 */
export async function publishWebBuild({ webDir, hash, produce, force = false }) {
  const name = `builds/${hash}`;
  const dist = path.join(webDir, 'dist');
  const current = existsSync(dist) && lstatSync(dist).isSymbolicLink() ? readlinkSync(dist) : null;
  if (!force && current === name && existsSync(path.join(webDir, name, 'index.html'))) return 'up to date';
  const target = path.join(webDir, name);
  if (force || !existsSync(path.join(target, 'index.html'))) {
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    mkdirSync(path.dirname(partial), { recursive: true });
    await produce(partial);
    rmSync(target, { recursive: true, force: true });
    renameSync(partial, target);
  }
  // A new link renamed over the old one: the switch is one atomic rename.
  const link = path.join(webDir, `dist.link-${process.pid}`);
  rmSync(link, { force: true });
  symlinkSync(name, link);
  if (existsSync(dist) && !lstatSync(dist).isSymbolicLink()) rmSync(dist, { recursive: true, force: true });
  renameSync(link, dist);
  pruneWebBuilds(webDir, hash, current);
  return 'built';
}

/** Keeps the current build and the one before it (pages already open may still load its chunks). */
function pruneWebBuilds(webDir, hash, previous) {
  const keep = new Set([hash, previous?.replace(/^builds\//, '')]);
  for (const entry of readdirSync(path.join(webDir, 'builds'))) {
    if (keep.has(entry) || entry.includes('.partial-')) continue;
    rmSync(path.join(webDir, 'builds', entry), { recursive: true, force: true });
  }
}

// Worker modules (platform/worker.ts runWorker) are entries of their own, beside main.mjs by name.
const API_ENTRIES = [
  'main.ts',
  'ops/make-template.ts',
  'modules/accounts/reconciliations/parse-statement-worker.ts',
];

/** The API bundled for plain node: our code and the workspace packages in, node_modules outside. */
export async function buildApi({ force = false } = {}) {
  const hash = sourcesHash(['apps/api/src', 'scripts/build.mjs', ...shared], isTest);
  const stamp = path.join(apiDist, '.build-hash');
  if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return 'up to date';
  const esbuild = await import('esbuild');
  const partial = path.join(api, `dist.partial-${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: API_ENTRIES.filter((e) => existsSync(path.join(api, 'src', e))).map((e) => ({
      in: path.join(api, 'src', e),
      out: path.basename(e, '.ts'),
    })),
    outdir: partial,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
    plugins: [
      {
        name: 'node-modules-outside',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@ushirika/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
  cpSync(path.join(api, 'src/db/migrations'), path.join(partial, 'migrations'), { recursive: true });
  // Files are renamed into place one by one (each rename atomic); the template stays.
  mkdirSync(apiDist, { recursive: true });
  rmSync(path.join(apiDist, 'migrations'), { recursive: true, force: true });
  for (const entry of readdirSync(partial)) renameSync(path.join(partial, entry), path.join(apiDist, entry));
  rmSync(partial, { recursive: true, force: true });
  writeFileSync(stamp, hash);
  return 'built';
}

/** The migrated PGlite image new data directories start from; remade when a migration changes. */
export async function buildTemplate({ force = false } = {}) {
  const file = path.join(apiDist, 'pglite-template.tar');
  const migrations = sourcesHash(['apps/api/src/db/migrations']);
  const stamp = `${file}.source`;
  if (!force && existsSync(`${file}.json`) && existsSync(stamp) && readFileSync(stamp, 'utf8') === migrations)
    return 'up to date';
  await run(process.execPath, [path.join(apiDist, 'make-template.mjs'), file], root);
  writeFileSync(stamp, migrations);
  return 'built';
}

const PARTS = {
  web: ['web app', buildWeb],
  api: ['API bundle', buildApi],
  template: ['database template', buildTemplate],
};

/** Runs the builds asked for (all three by default), one line each with its time. */
export async function buildAll({
  force = false,
  parts = Object.keys(PARTS),
  prefix = 'build',
  print = console.log,
  keepServingOldWeb = false,
} = {}) {
  for (const part of parts) {
    const [name, build] = PARTS[part];
    const began = performance.now();
    let result;
    try {
      result = await build({ force });
    } catch (error) {
      // npm start: a web app that fails to build must not keep the API down; the last build stays.
      const previous = path.join(web, 'dist', 'index.html');
      if (!(keepServingOldWeb && part === 'web' && existsSync(previous))) throw error;
      result = 'FAILED, serving the previous build';
    }
    print(`${prefix}: ${`${name} ${result}`.padEnd(22)} ${Math.round(performance.now() - began)} ms`);
    if (part === 'web') print(`${prefix}: ${firstLoadLine(path.join(web, 'dist'))}`);
  }
}

if (process.argv[1] === import.meta.filename) {
  const parts = process.argv.slice(2).filter((a) => a in PARTS);
  await buildAll({ force: process.argv.includes('--force'), ...(parts.length ? { parts } : {}) });
}
