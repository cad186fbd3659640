import { afterAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { localName } = await import('./format.ts');
const { i18n } = await import('./i18n.ts');

describe('reference data the system created, in the reader language (#20)', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('shows the Swahili name on Swahili screens, the English one otherwise or when there is none', async () => {
    const account = { name: 'Buyer receivables', nameSw: 'Madai kwa wanunuzi' };
    await i18n.changeLanguage('sw');
    expect(localName(account)).toBe('Madai kwa wanunuzi');
    expect(localName({ name: 'Own account', nameSw: null })).toBe('Own account');
    await i18n.changeLanguage('en');
    expect(localName(account)).toBe('Buyer receivables');
  });
});
