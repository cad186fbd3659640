import dayjs from 'dayjs';
import 'dayjs/locale/sw';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import type sw from '../locales/sw.json';
import { openAreaTexts } from './area-texts-gate.ts';
import { DISPLAY_KEYS, readItem, writeItem } from './storage.ts';

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

/** Both files must hold the same keys: these two checks fail the type check otherwise. */
type Same<A, B extends A> = B;
export type LocalesAgree = [Same<typeof en, typeof sw>, Same<typeof sw, typeof en>];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** One language's texts by area (a top-level key of en.json: `offlineMd`, `common`...). */
type Part = () => Promise<{ default: object }>;
export type AreaTexts = { first: readonly string[]; parts: Record<Locale, Record<string, Part>> };

/**
 * Where the texts come from. Built, the texts plugin (vite-texts.ts) replaces this with a chunk
 * per language and area, `first` the areas the first screen's script uses, and adds to every
 * other chunk a wait for its own areas (#29, #38: a screen loads only its texts, in the reader's
 * language). In development and tests: the whole file, as the one area `*`.
 */
// area-texts:start
const TEXTS: AreaTexts = {
  first: ['*'],
  parts: { en: { '*': () => import('../locales/en.json') }, sw: { '*': () => import('../locales/sw.json') } },
};
// area-texts:end

export function isLocale(value: unknown): value is Locale {
  return LOCALES.some((locale) => locale === value);
}

export function storedLocale(): Locale {
  const value = readItem(DISPLAY_KEYS.locale);
  return isLocale(value) ? value : 'en';
}

/** SPEC: text direction is right-to-left only for the locale code 'ae'. */
export function directionOf(locale: string): 'rtl' | 'ltr' {
  return locale === 'ae' ? 'rtl' : 'ltr';
}

function applyLocale(locale: string): void {
  const dir = directionOf(locale);
  document.documentElement.lang = locale;
  document.documentElement.dir = dir;
  writeItem(DISPLAY_KEYS.locale, locale);
  writeItem(DISPLAY_KEYS.rtlClass, dir);
  dayjs.locale(locale);
}

export const i18n = i18next.createInstance();

/** Every area asked for so far (a language chosen later loads them all), and each one's load. */
const asked = new Set<string>(TEXTS.first);
const loads = new Map<string, Promise<void>>();

/** Areas' texts in one language, added to what i18next holds (each area loaded once). */
function loadAreas(locale: Locale, areas: readonly string[]): Promise<void> {
  return Promise.all(
    areas.map((area) => {
      asked.add(area);
      const key = `${locale}/${area}`;
      let load = loads.get(key);
      if (!load) {
        const part = TEXTS.parts[locale][area];
        load = (part ? part() : Promise.resolve({ default: {} })).then((m) => {
          // Areas are top-level keys: a shallow merge adds one without copying the others.
          i18n.addResourceBundle(locale, 'translation', m.default, false, true, {
            silent: true,
            skipCopy: true,
          });
        });
        load.catch(() => loads.delete(key));
        loads.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** Every area asked for so far in one language, again while more were asked meanwhile. */
function loadAsked(locale: Locale): Promise<void> {
  const count = asked.size;
  return loadAreas(locale, [...asked]).then(() => (asked.size > count ? loadAsked(locale) : undefined));
}

/** A language's texts: every area asked for so far (i18next asks when the language is first used). */
const areaBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const locale = isLocale(language) ? language : 'en';
    loadAsked(locale).then(
      () => done(null, i18n.getResourceBundle(locale, 'translation') ?? {}),
      (error: Error) => done(error, false),
    );
  },
};

// A built chunk waits for its areas' texts before its modules run (vite-texts.ts), in the language
// shown (a language being loaded meanwhile takes them too: they are asked for).
openAreaTexts((areas) => loadAreas(isLocale(i18n.language) ? i18n.language : storedLocale(), areas));

/**
 * The reader chose a language: kept at once, so a reload or a link followed while its texts are
 * still loading opens in it (the stored choice was written only once they had loaded).
 */
export function chooseLocale(locale: Locale): Promise<unknown> {
  writeItem(DISPLAY_KEYS.locale, locale);
  return i18n.changeLanguage(locale);
}

/** Resolves once the reader's language is loaded (the first screen's areas): the app renders after it. */
export const i18nReady = i18n
  .use(areaBackend)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    fallbackLng: false,
    load: 'currentOnly',
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
  })
  .then(() => {
    applyLocale(i18n.language);
    i18n.on('languageChanged', applyLocale);
  });
