import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AREA_TEXTS_MANIFEST, areasNamed, areaTexts } from '../../vite-texts.ts';
import en from './en.json' with { type: 'json' };

/**
 * The texts per area (#29, #38; apps/web/vite-texts.ts): a built chunk loads the areas its code
 * names. An area no code names would never load, and its texts would show as keys.
 */
const AREAS = Object.keys(en);
/** Areas only the API reads (apps/api/src/platform/labels.ts). */
const SERVER_ONLY = ['narrations'];

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile() && /\.tsx?$/.test(d.name) && !/\.test\.ts$/.test(d.name))
    .map((d) => readFileSync(path.join(d.parentPath, d.name), 'utf8'));
}

type Hook = (this: unknown, ...args: unknown[]) => unknown;
const hook = (plugin: object, name: string) => (plugin as Record<string, Hook>)[name] as Hook;

describe('the interface texts per area', () => {
  it('every area the web app shows is named by its code or the contracts', () => {
    const root = path.join(import.meta.dirname, '../../../..');
    const code = [
      ...sources(path.join(root, 'apps/web/src')),
      ...sources(path.join(root, 'packages/contracts/src')),
    ];
    const named = new Set(code.flatMap((c) => areasNamed(c, AREAS)));
    expect(AREAS.filter((a) => !named.has(a) && !SERVER_ONLY.includes(a))).toEqual([]);
    expect(areasNamed("t('offlineMd.title'); t(`status.` + s); keyPrefix('common')", AREAS).sort()).toEqual([
      'common',
      'offlineMd',
      'status',
    ]);
  });

  it('the first screen gets its areas before it renders, a later chunk waits for its own', () => {
    const plugin = areaTexts(import.meta.dirname);
    const transform = hook(plugin, 'transform');
    const at = (f: string) => `/w/apps/web/src/${f}`;
    transform.call({}, "t('common.save')", at('main.tsx'));
    transform.call({}, "t('common.x'); t('offlineMd.title')", at('Offline.tsx'));
    transform.call({}, "const a = 'no texts'", at('lib.ts'));
    const chunk = (fileName: string, code: string, moduleIds: string[], imports: string[] = []) => ({
      type: 'chunk',
      fileName,
      code,
      moduleIds,
      imports,
      isEntry: fileName === 'index.js',
    });
    const bundle = {
      'index.js': chunk(
        'index.js',
        'first:"__AREA_TEXTS_OF_THE_FIRST_SCREEN__"',
        [at('main.tsx')],
        ['lib.js'],
      ),
      'lib.js': chunk('lib.js', 'lib', [at('lib.ts')]),
      'Offline.js': chunk('Offline.js', 'page', [at('Offline.tsx')], ['lib.js']),
      'offlineMd-sw.js': chunk('offlineMd-sw.js', 'texts', ['\0area-texts:sw/offlineMd']),
    };
    const emitted: { fileName: string; source: string }[] = [];
    hook(plugin, 'generateBundle').call(
      { emitFile: (f: (typeof emitted)[0]) => emitted.push(f) },
      {},
      bundle,
    );
    expect(bundle['index.js'].code).toBe('first:["common"]');
    expect(bundle['lib.js'].code).toBe('lib');
    expect(bundle['Offline.js'].code).toBe('await __areaTexts(["offlineMd"]);\npage');
    expect(bundle['offlineMd-sw.js'].code).toBe('texts');
    expect(emitted[0]?.fileName).toBe(AREA_TEXTS_MANIFEST);
    expect(JSON.parse(emitted[0]?.source ?? '')).toEqual({
      first: ['common'],
      files: { sw: { offlineMd: 'offlineMd-sw.js' } },
    });
  });

  it('a part holds one area of one language', async () => {
    const plugin = areaTexts(import.meta.dirname);
    const id = hook(plugin, 'resolveId').call({}, 'area-texts:sw/offlineMd') as string;
    const code = hook(plugin, 'load').call({}, id) as string;
    const part = JSON.parse(JSON.parse(code.replace(/^export default JSON\.parse\((.*)\);$/s, '$1')));
    const sw = (await import('./sw.json', { with: { type: 'json' } })).default;
    expect(part).toEqual({ offlineMd: sw.offlineMd });
  });
});
