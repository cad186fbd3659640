import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The interface texts by area, per language (#29, #38). An area is a top-level key of the locale
 * files (`offlineMd`, `common`...), each a chunk of its own per language. A module's areas are the
 * ones its code names (a string starting `'<area>.`, or the area's name alone). The first screen's
 * script (the entry and what it imports) gets its areas before the app renders (i18n.ts, `first`);
 * every other chunk starts by waiting for its own (`await __areaTexts([...])`), so a screen's
 * module never runs before its texts are there, in the reader's language. Build only: development
 * and tests load each language's whole file.
 */
const VIRTUAL = 'virtual:area-texts';
const PART = 'area-texts:';
const FIRST = '__AREA_TEXTS_OF_THE_FIRST_SCREEN__';
const LOCALES = ['en', 'sw'] as const;
/** Written beside the build: the first screen's areas and each part's file (scripts/first-load.mjs). */
export const AREA_TEXTS_MANIFEST = 'area-texts.json';

type Tree = Record<string, unknown>;
type Chunk = { type: 'chunk'; fileName: string; code: string; imports: string[]; moduleIds: string[] };

const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The areas a module's code names: a string starting `'<area>.`, or the area's name alone. */
export function areasNamed(code: string, areas: readonly string[]): string[] {
  const named = new RegExp(`['"\`](${areas.map(literally).join('|')})(?=[.'"\`])`, 'g');
  return [...new Set([...code.matchAll(named)].map((m) => m[1] as string))];
}

export function areaTexts(localesDir: string): Plugin {
  const texts = Object.fromEntries(
    LOCALES.map((l) => [l, JSON.parse(readFileSync(path.join(localesDir, `${l}.json`), 'utf8')) as Tree]),
  ) as Record<(typeof LOCALES)[number], Tree>;
  const areas = Object.keys(texts.en);
  const used = new Map<string, string[]>();
  const ours = (id: string) =>
    /\.(ts|tsx)$/.test(id) && !id.includes('node_modules') && /[/\\](apps[/\\]web|packages)[/\\]/.test(id);
  return {
    name: 'ushirika-area-texts',
    apply: 'build',
    enforce: 'pre',
    resolveId(id) {
      if (id === VIRTUAL || id.startsWith(PART)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (id === `\0${VIRTUAL}`) {
        const parts = LOCALES.map(
          (l) =>
            `${l}: {${areas.map((a) => `${JSON.stringify(a)}: () => import('${PART}${l}/${a}')`).join(',')}}`,
        );
        return `export const areaTexts = { first: ${JSON.stringify(FIRST)}, parts: {${parts.join(',')}} };`;
      }
      if (id.startsWith(`\0${PART}`)) {
        const [locale, area] = id.slice(PART.length + 1).split('/') as [(typeof LOCALES)[number], string];
        const part = { [area]: texts[locale][area] };
        return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
      }
      return null;
    },
    transform(code, id) {
      if (!ours(id)) return null;
      const found = areasNamed(code, areas);
      if (found.length > 0) used.set(id, found);
      if (!code.includes('// area-texts:start')) return null;
      // i18n.ts: the whole files replaced by the parts.
      return code.replace(
        /\/\/ area-texts:start[\s\S]*\/\/ area-texts:end/,
        `import { areaTexts } from '${VIRTUAL}';\nconst TEXTS: AreaTexts = areaTexts;`,
      );
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is typeof c & Chunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const areasOf = (c: Chunk) => new Set(c.moduleIds.flatMap((id) => used.get(id) ?? []));
      // The first screen's script: the entry and every chunk it imports, directly or not.
      const first = new Set<Chunk>();
      const visit = (c: Chunk | undefined) => {
        if (!c || first.has(c)) return;
        first.add(c);
        for (const f of c.imports) visit(byFile.get(f));
      };
      for (const c of chunks) if ((c as { isEntry?: boolean }).isEntry) visit(c);
      const firstAreas = [...new Set([...first].flatMap((c) => [...areasOf(c)]))].sort();
      const files: Record<string, Record<string, string>> = {};
      for (const c of chunks) {
        const part = c.moduleIds.find((id) => id.startsWith(`\0${PART}`));
        if (part) {
          const [locale, area] = part.slice(PART.length + 1).split('/') as [string, string];
          files[locale] = { ...files[locale], [area]: c.fileName };
          continue;
        }
        c.code = c.code.replace(new RegExp(`(['"\`])${FIRST}\\1`), JSON.stringify(firstAreas));
        const own = [...areasOf(c)].filter((a) => !firstAreas.includes(a)).sort();
        if (!first.has(c) && own.length > 0) c.code = `await __areaTexts(${JSON.stringify(own)});\n${c.code}`;
      }
      this.emitFile({
        type: 'asset',
        fileName: AREA_TEXTS_MANIFEST,
        source: JSON.stringify({ first: firstAreas, files }, null, 1),
      });
    },
  };
}
