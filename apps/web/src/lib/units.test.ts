import { describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import sw from '../locales/sw.json' with { type: 'json' };

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { KNOWN_UNITS, unitLabel } = await import('./units.ts');
const { i18n } = await import('./i18n.ts');

describe('units of measure in the reader language (#37)', () => {
  it('offers exactly the units the dictionary knows', () => {
    expect([...KNOWN_UNITS].sort()).toEqual(Object.keys(en.units).sort());
    expect(Object.keys(sw.units).sort()).toEqual(Object.keys(en.units).sort());
  });

  it('writes a unit as the screens do, plural by the quantity, and keeps one it does not know', async () => {
    await i18n.changeLanguage('sw');
    expect(unitLabel('bag')).toBe('mfuko');
    expect(unitLabel('bag', '40.000')).toBe('mifuko');
    expect(unitLabel('Litre', '1.000')).toBe('lita');
    expect(unitLabel('drum', '3')).toBe('drum');
    await i18n.changeLanguage('en');
    expect(unitLabel('bag', '40.000')).toBe('bags');
  });
});
