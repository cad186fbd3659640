import { USSD_SCREEN_LENGTH } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { glossaryProblems } from '../../../../web/src/locales/glossary.ts';
import { newPin } from './pin.ts';
import { pageOfLines, tzs, USSD_TEXTS } from './screens.ts';

describe('USSD screens (#31)', () => {
  it('pages long screens: each page at most 182 characters, 98 for more, 0 for the menu', () => {
    const lines = Array.from(
      { length: 12 },
      (_, i) => `ST-2026-0000${i}: Jumla 1,234,567.50, makato 45,000, halisi TZS 1,189,567.50`,
    );
    lines.push('x'.repeat(400));
    const pages: string[] = [];
    for (let page = 0; ; page++) {
      const { text, last } = pageOfLines(lines, page, 'sw');
      pages.push(text);
      expect(text.length).toBeLessThanOrEqual(USSD_SCREEN_LENGTH);
      expect(text.startsWith('CON ')).toBe(true);
      expect(text.endsWith(last ? '\n0 Menyu' : '\n98 Zaidi\n0 Menyu')).toBe(true);
      if (last) break;
    }
    expect(pages.length).toBeGreaterThan(3);
    // Every line shows on some page (the over-long one cut to fit).
    for (const line of lines.slice(0, -1)) expect(pages.some((p) => p.includes(line))).toBe(true);
    // A page past the last shows the last.
    expect(pageOfLines(lines, 99, 'en').text).toMatch(/\n0 Menu$/);
  });

  it('formats money from its decimal string, exactly', () => {
    expect(tzs('860000.00')).toBe('860,000');
    expect(tzs('12345678901234.55')).toBe('12,345,678,901,234.55');
  });

  it('never issues an easy PIN', () => {
    for (let i = 0; i < 2000; i++)
      expect(newPin()).not.toMatch(
        /^(\d)\1{3}$|^(0123|1234|2345|3456|4567|5678|6789|9876|8765|7654|6543|5432|4321|3210)$/,
      );
  });

  it('follows the glossary, in Swahili and in English', () => {
    const texts = Object.entries(USSD_TEXTS).map(([key, text]) => ({ key: `ussd.${key}`, ...text }));
    expect(glossaryProblems(texts)).toEqual([]);
  });
});
