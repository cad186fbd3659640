// What a phone downloads before the first screen (#38): the entry script and everything index.html
// preloads with it, plus the reader's language (the texts of the areas that script uses, en or sw,
// the larger counted), gzipped as a server sends them. `npm run build` prints it; the goal is under
// 300 kB of script.
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
  return { ...firstScript(dist, size('.js')), cssKb: size('.css') };
}

/**
 * The entry's script and the reader's language: the texts of the areas the entry uses (the texts
 * plugin's list, apps/web/vite-texts.ts), or a build's one chunk per language before it.
 */
function firstScript(dist, entry) {
  const manifest = path.join(dist, 'area-texts.json');
  let language = 0;
  if (existsSync(manifest)) {
    const { first, files } = JSON.parse(readFileSync(manifest, 'utf8'));
    for (const parts of Object.values(files)) {
      const kb = first.reduce((n, area) => n + (parts[area] ? gzKb(path.join(dist, parts[area])) : 0), 0);
      language = Math.max(language, kb);
    }
  } else {
    const assets = path.join(dist, 'assets');
    language = Math.max(
      0,
      ...readdirSync(assets)
        .filter((f) => /^(en|sw)-[\w-]+\.js$/.test(f))
        .map((f) => gzKb(path.join(assets, f))),
    );
  }
  return { entryKb: entry, languageKb: language, scriptKb: entry + language };
}

export function firstLoadLine(dist) {
  if (!existsSync(path.join(dist, 'index.html'))) return 'no web build';
  const f = firstLoad(dist);
  const verdict = f.scriptKb < FIRST_LOAD_GOAL_KB ? 'PASS' : 'MISS';
  return `first load on a phone: entry script ${f.entryKb.toFixed(1)} kB gzipped + the reader's language ${f.languageKb.toFixed(1)} kB = ${f.scriptKb.toFixed(1)} kB (goal < ${FIRST_LOAD_GOAL_KB} kB: ${verdict}), CSS ${f.cssKb.toFixed(1)} kB`;
}

if (process.argv[1] === import.meta.filename) console.log(firstLoadLine(process.argv[2] ?? 'apps/web/dist'));
