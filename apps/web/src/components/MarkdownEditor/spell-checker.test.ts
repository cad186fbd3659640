import { readFileSync } from 'node:fs';
import path from 'node:path';
import Typo from 'typo-js';
import { describe, expect, it } from 'vitest';

// The files the server serves for Swahili (apps/api/assets/dictionaries, from Debian's hunspell-sw).
const dir = path.resolve(import.meta.dirname, '../../../../api/assets/dictionaries');
const read = (file: string) => readFileSync(path.join(dir, file), 'latin1');

describe('the Swahili spell checker (#37)', () => {
  it('knows the words a union writes and marks misspelt ones, as the editor checks them', () => {
    const typo = new Typo('sw_TZ', read('sw_TZ.aff'), read('sw_TZ.dic'), { platform: 'any' });
    for (const word of ['mkulima', 'wakulima', 'pembejeo', 'msimu', 'mnada', 'waraka', 'chama'])
      expect(typo.check(word), word).toBe(true);
    for (const word of ['mkuliima', 'pembjeo', 'wakulma']) expect(typo.check(word), word).toBe(false);
  });
});
