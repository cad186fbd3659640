import { afterAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { formatDate, formatDateTime } = await import('./format.ts');
const { i18n } = await import('./i18n.ts');

describe('dates on screen', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('shows a moment on Tanzania’s clock whatever the browser’s time zone: 21:30 UTC is the next day', () => {
    expect(formatDateTime('2026-11-29T21:30:00.000Z')).toBe('11/30/2026 00:30');
    expect(formatDate('2026-11-29T21:30:00.000Z')).toBe('11/30/2026');
    expect(formatDate(new Date('2026-11-29T20:59:00Z'))).toBe('11/29/2026');
  });

  it('shows a calendar date as it is, day first in Swahili', async () => {
    expect(formatDate('2026-11-30')).toBe('11/30/2026');
    await i18n.changeLanguage('sw');
    expect(formatDate('2026-11-30')).toBe('30/11/2026');
    expect(formatDateTime('2026-11-29T21:30:00Z')).toBe('30/11/2026 00:30');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('number separators', () => {
  it('are those Intl gives both languages’ locales', async () => {
    const { NUMBER_SEPARATORS } = await import('./format.ts');
    for (const locale of ['en-US', 'sw-TZ']) {
      const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
      expect(parts.find((p) => p.type === 'group')?.value).toBe(NUMBER_SEPARATORS.group);
      expect(parts.find((p) => p.type === 'decimal')?.value).toBe(NUMBER_SEPARATORS.decimal);
    }
  });
});
