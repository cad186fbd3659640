import type CodeMirror from 'codemirror';
import Typo from 'typo-js';

/**
 * The editor's English spell checker. EasyMDE's own one (codemirror-spell-checker) fetches its
 * dictionary from a public CDN; this one reads the `dictionary-en` files from our server
 * (GET /api/editor/dictionaries/en.aff and en.dic), once per page, so it works in an office without
 * internet. Misspelt words get the `cm-spell-error` class, as with EasyMDE's.
 */
let typo: Typo | null = null;
let loading: Promise<void> | null = null;
const waiting = new Set<() => void>();

function loadDictionary(): Promise<void> {
  loading ??= Promise.all(
    ['en.aff', 'en.dic'].map(async (file) => {
      const response = await fetch(`/api/editor/dictionaries/${file}`);
      if (!response.ok) throw new Error(`Dictionary ${file}: ${response.status}`);
      return response.text();
    }),
  )
    .then(([aff, dic]) => {
      typo = new Typo('en_US', aff ?? '', dic ?? '', { platform: 'any' });
      for (const done of waiting) done();
      waiting.clear();
    })
    .catch(() => {
      // Offline from our own server too: no underlining; the next editor opened tries again.
      loading = null;
    });
  return loading;
}

/** Calls `done` once the dictionary is read (at once when it already is); returns an unsubscribe. */
export function whenDictionaryReady(done: () => void): () => void {
  if (typo) {
    done();
    return () => {};
  }
  waiting.add(done);
  return () => waiting.delete(done);
}

/** Whether the dictionary knows the word (true until it is loaded). */
export function isKnownWord(word: string): boolean {
  return !typo || typo.check(word);
}

const SEPARATORS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~ \t';

/** EasyMDE's `spellChecker` option: defines CodeMirror's "spell-checker" overlay mode. */
export function englishSpellChecker(options: { codeMirrorInstance: unknown }): void {
  // EasyMDE's types call it an Editor; it is the CodeMirror module (defineMode, getMode, overlayMode).
  const cm = options.codeMirrorInstance as typeof CodeMirror;
  void loadDictionary();
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
        return isKnownWord(word) ? null : 'spell-error';
      },
    };
    const backdrop = (config as { backdrop?: string }).backdrop ?? 'text/plain';
    return cm.overlayMode(cm.getMode(config, backdrop), overlay, true);
  });
}
