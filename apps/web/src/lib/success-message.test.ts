import { afterAll, describe, expect, it } from 'vitest';

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { successMessage } = await import('./success-message.ts');
const { i18n } = await import('./i18n.ts');

describe("SPEC's success messages in the user's language (issue #20)", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("English shows SPEC's own wording", async () => {
    await i18n.changeLanguage('en');
    expect(successMessage('Journal entry approved successfully')).toBe('Journal entry approved successfully');
    expect(successMessage('Password changed successful')).toBe('Password changed successful');
  });

  it("Swahili shows the client's text, keeping the document number the server named", async () => {
    await i18n.changeLanguage('sw');
    expect(successMessage('Journal entry approved successfully')).toBe(
      'Ingizo la jarida: imeidhinishwa kwa mafanikio',
    );
    expect(successMessage('Collection CR-0001 recorded successfully')).toBe(
      'Mkusanyo CR-0001: imerekodiwa kwa mafanikio',
    );
    expect(successMessage('User created successfully')).toBe('Mtumiaji: imeundwa kwa mafanikio');
    expect(successMessage('Password changed successful')).toBe('Nenosiri limebadilishwa kwa mafanikio');
    // A message the client has no words for is still not shown in English.
    expect(successMessage('Widget frobnicated successfully')).toBe('Widget frobnicated successfully');
    expect(successMessage('Widget created successfully')).toBe('Imehifadhiwa kwa mafanikio');
    // Text the client wrote itself passes through.
    expect(successMessage('Msimbo umetumwa tena')).toBe('Msimbo umetumwa tena');
  });
});
