import dayjs from 'dayjs';
import 'dayjs/locale/sw';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import sw from '../locales/sw.json';
import { DISPLAY_KEYS, readItem, writeItem } from './storage.ts';

export const LOCALES = ['en', 'sw'] as const;
export type Locale = (typeof LOCALES)[number];

/** Both files must hold the same keys: these two checks fail the type check otherwise. */
const resources = {
  en: { translation: en satisfies typeof sw },
  sw: { translation: sw satisfies typeof en },
};

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

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

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLocale(),
  fallbackLng: 'en',
  supportedLngs: [...LOCALES],
  interpolation: { escapeValue: false },
  initAsync: false,
});

applyLocale(i18n.language);
i18n.on('languageChanged', applyLocale);
