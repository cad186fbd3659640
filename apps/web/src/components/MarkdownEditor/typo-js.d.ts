declare module 'typo-js' {
  /** typo-js 1.4: a Hunspell-style spell checker over an affix file and a word list. */
  export default class Typo {
    constructor(dictionary: string, affData: string, wordsData: string, settings?: { platform?: string });
    check(word: string): boolean;
    suggest(word: string, limit?: number): string[];
  }
}
