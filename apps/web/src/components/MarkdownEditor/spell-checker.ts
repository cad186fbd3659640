import { SPELL_CHECK_LANGUAGES, type SpellCheckLanguage } from '@ushirika/contracts';
import type CodeMirror from 'codemirror';
import Typo from 'typo-js';

/**
 * The editor's spell checker, in English and Swahili. EasyMDE's own one (codemirror-spell-checker)
 * fetches an English dictionary from a public CDN; this one reads the language's Hunspell files
 * from our server (GET /api/editor/dictionaries/<lang>.aff and <lang>.dic: `dictionary-en`, and
 * LibreOffice's sw_TZ from Debian's hunspell-sw), once per page and language, so it works in an
 * office without internet. Misspelt words get the `cm-spell-error` class, as with EasyMDE's.
 */
type Dictionary = { typo: Typo | null; loading: Promise<void> | null; waiting: Set<() => void> };

const HUNSPELL_NAMES: Record<SpellCheckLanguage, string> = { en: 'en_US', sw: 'sw_TZ' };
const dictionaries = new Map<SpellCheckLanguage, Dictionary>();

function dictionaryOf(lang: SpellCheckLanguage): Dictionary {
  let found = dictionaries.get(lang);
  if (!found) {
    found = { typo: null, loading: null, waiting: new Set() };
    dictionaries.set(lang, found);
  }
  return found;
}

export const hasSpellChecker = (lang: string): lang is SpellCheckLanguage =>
  SPELL_CHECK_LANGUAGES.some((l) => l === lang);

function loadDictionary(lang: SpellCheckLanguage): Promise<void> {
  const d = dictionaryOf(lang);
  d.loading ??= Promise.all(
    [`${lang}.aff`, `${lang}.dic`].map(async (file) => {
      const response = await fetch(`/api/editor/dictionaries/${file}`);
      if (!response.ok) throw new Error(`Dictionary ${file}: ${response.status}`);
      return response.text();
    }),
  )
    .then(([aff, dic]) => {
      d.typo = new Typo(HUNSPELL_NAMES[lang], aff ?? '', dic ?? '', { platform: 'any' });
      for (const done of d.waiting) done();
      d.waiting.clear();
    })
    .catch(() => {
      // Offline from our own server too: no underlining; the next editor opened tries again.
      d.loading = null;
    });
  return d.loading;
}

/** Calls `done` once the language's dictionary is read (at once when it is); returns an unsubscribe. */
export function whenDictionaryReady(lang: SpellCheckLanguage, done: () => void): () => void {
  const d = dictionaryOf(lang);
  if (d.typo) {
    done();
    return () => {};
  }
  d.waiting.add(done);
  return () => d.waiting.delete(done);
}

/** Whether the language's dictionary knows the word (true until it is loaded). */
export function isKnownWord(lang: SpellCheckLanguage, word: string): boolean {
  const { typo } = dictionaryOf(lang);
  return !typo || typo.check(word);
}

const SEPARATORS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~ \t';

/** EasyMDE's `spellChecker` option for a language: defines CodeMirror's "spell-checker" overlay mode. */
export function spellCheckerFor(lang: SpellCheckLanguage) {
  return (options: { codeMirrorInstance: unknown }): void => {
    // EasyMDE's types call it an Editor; it is the CodeMirror module (defineMode, getMode, overlayMode).
    const cm = options.codeMirrorInstance as typeof CodeMirror;
    void loadDictionary(lang);
    cm.defineMode('spell-checker', (config) => {
      const overlay: CodeMirror.Mode<unknown> = {
        token(stream) {
          const first = stream.peek();
          if (first != null && SEPARATORS.includes(first)) {
            stream.next();
            return null;
          }
          let word = '';
          for (let ch = stream.peek(); ch != null && !SEPARATORS.includes(ch); ch = stream.peek()) {
            word += ch;
            stream.next();
          }
          if (/\d/.test(word)) return null;
          return isKnownWord(lang, word) ? null : 'spell-error';
        },
      };
      const backdrop = (config as { backdrop?: string }).backdrop ?? 'text/plain';
      return cm.overlayMode(cm.getMode(config, backdrop), overlay, true);
    });
  };
}
