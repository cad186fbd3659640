import dayjs from 'dayjs';
import 'dayjs/locale/sw';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type en from '../locales/en.json';
import type sw from '../locales/sw.json';
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

/**
 * Each language's texts are a chunk of their own, loaded when the language is first used: the
 * first screen downloads only the reader's language (#38, first load on a phone). Every key is in
 * both files (above), so no language falls back to another.
 */
const texts: Record<Locale, () => Promise<{ default: object }>> = {
  en: () => import('../locales/en.json'),
  sw: () => import('../locales/sw.json'),
};
const lazyTexts: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, done) {
    const load = isLocale(language) ? texts[language] : texts.en;
    load().then(
      (m) => done(null, m.default as Record<string, unknown>),
      (error: Error) => done(error, false),
    );
  },
};

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

/**
 * The reader chose a language: kept at once, so a reload or a link followed while its texts are
 * still loading opens in it (the stored choice was written only once they had loaded).
 */
export function chooseLocale(locale: Locale): Promise<unknown> {
  writeItem(DISPLAY_KEYS.locale, locale);
  return i18n.changeLanguage(locale);
}

/** Resolves once the reader's language is loaded: the app renders after it. */
export const i18nReady = i18n
  .use(lazyTexts)
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
