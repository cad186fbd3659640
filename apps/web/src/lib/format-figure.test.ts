import { afterAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { formatFigure, isNumericKind } = await import('./format.ts');
const { i18n } = await import('./i18n.ts');

describe('a figure in a table cell, by its kind', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('formats decimal strings by string operations, so large amounts keep every digit', () => {
    expect(formatFigure('money', '1234567890123456.5')).toBe('1,234,567,890,123,456.50');
    expect(formatFigure('amount', '450000')).toBe('TZS 450,000.00');
    expect(formatFigure('kg', '160')).toBe('160.000 kg');
    expect(formatFigure('quantity', '12.5')).toBe('12.500');
    expect(formatFigure('count', '1200')).toBe('1,200');
    expect(formatFigure('count', 1200)).toBe('1,200');
    expect(formatFigure('text', 'NAN02-00001')).toBe('NAN02-00001');
  });

  it('reads nothing as a dash', () => {
    for (const kind of ['money', 'amount', 'kg', 'quantity', 'count', 'date', 'text'] as const) {
      expect(formatFigure(kind, null)).toBe('—');
      expect(formatFigure(kind, undefined)).toBe('—');
      expect(formatFigure(kind, '')).toBe('—');
    }
  });

  it('writes dates the reader’s way: m/d/Y in English, dd/mm/yyyy in Swahili', async () => {
    expect(formatFigure('date', '2026-11-28')).toBe('11/28/2026');
    await i18n.changeLanguage('sw');
    expect(formatFigure('date', '2026-11-28')).toBe('28/11/2026');
  });

  it('aligns figures right, text and dates left', () => {
    expect(['money', 'amount', 'kg', 'quantity', 'count'].every((k) => isNumericKind(k as 'money'))).toBe(
      true,
    );
    expect(isNumericKind('text') || isNumericKind('date')).toBe(false);
  });
});
