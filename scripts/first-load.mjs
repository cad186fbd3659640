// What a phone downloads before the first screen (#38): the entry script and everything index.html
// preloads with it, plus the reader's language (a chunk of its own, en or sw, the larger counted),
// gzipped as a server sends them. `npm run build` prints it; the goal is under 300 kB of script.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const FIRST_LOAD_GOAL_KB = 300;

const gzKb = (file) => gzipSync(readFileSync(file)).length / 1024;

/** The gzipped kB of the first screen's script and CSS in a built web app folder. */
export function firstLoad(dist) {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const size = (ext) =>
    files.filter((f) => f.endsWith(ext)).reduce((n, f) => n + gzKb(path.join(dist, f)), 0);
  const assets = path.join(dist, 'assets');
  const language = Math.max(
    0,
    ...readdirSync(assets)
      .filter((f) => /^(en|sw)-[\w-]+\.js$/.test(f))
      .map((f) => gzKb(path.join(assets, f))),
  );
  const entry = size('.js');
  return { entryKb: entry, languageKb: language, scriptKb: entry + language, cssKb: size('.css') };
}

export function firstLoadLine(dist) {
  if (!existsSync(path.join(dist, 'index.html'))) return 'no web build';
  const f = firstLoad(dist);
  const verdict = f.scriptKb < FIRST_LOAD_GOAL_KB ? 'PASS' : 'MISS';
  return `first load on a phone: entry script ${f.entryKb.toFixed(1)} kB gzipped + the reader's language ${f.languageKb.toFixed(1)} kB = ${f.scriptKb.toFixed(1)} kB (goal < ${FIRST_LOAD_GOAL_KB} kB: ${verdict}), CSS ${f.cssKb.toFixed(1)} kB`;
}

if (process.argv[1] === import.meta.filename) console.log(firstLoadLine(process.argv[2] ?? 'apps/web/dist'));
