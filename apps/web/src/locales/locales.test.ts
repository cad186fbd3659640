import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILT_IN_ROLES } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const load = (lang: string): Tree =>
  JSON.parse(readFileSync(path.join(import.meta.dirname, `${lang}.json`), 'utf8')) as Tree;
const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );

describe('interface languages', () => {
  const en = load('en');
  const sw = load('sw');

  it('every English text has a Swahili one and the other way round', () => {
    expect(keys(sw).sort()).toEqual(keys(en).sort());
  });

  it('every built-in role has a name in both languages', () => {
    for (const tree of [en, sw]) {
      const names = tree.roleNames as Tree;
      for (const role of BUILT_IN_ROLES) expect(typeof names[role.name], role.name).toBe('string');
    }
    expect((sw.roleNames as Tree)['AMCOS Clerk']).toBe('Karani wa AMCOS');
  });
});
