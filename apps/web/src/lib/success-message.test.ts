import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { voucherType } from '@ushirika/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../locales/en.json' with { type: 'json' };
import sw from '../locales/sw.json' with { type: 'json' };

// i18n.ts sets the page's language attribute when it loads: give it the one element it touches.
(globalThis as { document?: unknown }).document ??= { documentElement: {} };
const { SERVER_WORDS, successKey, successMessage, successText } = await import('./success-message.ts');
const { i18n } = await import('./i18n.ts');

describe("SPEC's success messages in the user's language (issue #20)", () => {
  afterAll(() => i18n.changeLanguage('en'));

  it("English shows SPEC's own wording", async () => {
    await i18n.changeLanguage('en');
    expect(successMessage('Journal entry approved successfully')).toBe('Journal entry approved successfully');
    expect(successMessage('Password changed successful')).toBe('Password changed successful');
  });

  it('Swahili shows the sentence written whole for the subject, keeping the number the server named (#35)', async () => {
    await i18n.changeLanguage('sw');
    expect(successMessage('Journal entry approved successfully')).toBe(
      'Ingizo la jarida limeidhinishwa kwa mafanikio',
    );
    expect(successMessage('Collection CR-0001 recorded successfully')).toBe(
      'Mkusanyo CR-0001 umerekodiwa kwa mafanikio',
    );
    expect(successMessage('User created successfully')).toBe('Mtumiaji ameongezwa kwa mafanikio');
    expect(successMessage('Loan created successfully')).toBe('Mkopo umeundwa kwa mafanikio');
    expect(successMessage('AMCOS created successfully')).toBe('Chama cha Msingi kimesajiliwa kwa mafanikio');
    expect(successMessage('1,250 farmers imported successfully')).toBe(
      'Wakulima 1,250 wameingizwa kutoka faili kwa mafanikio',
    );
    expect(successMessage('Password changed successful')).toBe('Nenosiri limebadilishwa kwa mafanikio');
    // A message the client has no words for is still not shown in English.
    expect(successMessage('Widget frobnicated successfully')).toBe('Widget frobnicated successfully');
    expect(successMessage('Widget created successfully')).toBe('Imehifadhiwa kwa mafanikio');
    // Text the client wrote itself passes through.
    expect(successMessage('Msimbo umetumwa tena')).toBe('Msimbo umetumwa tena');
  });
});

describe('reconciliation toasts from keys, not server strings (issue #20)', () => {
  afterAll(() => i18n.changeLanguage('en'));

  it('matching and undoing a match read in the user language', async () => {
    await i18n.changeLanguage('en');
    expect(successText('linesMatched')).toBe('Lines matched successfully');
    expect(successText('matchUndone')).toBe('Match undone successfully');
    await i18n.changeLanguage('sw');
    expect(successText('linesMatched')).toBe('Mistari imelinganishwa kwa mafanikio');
    expect(successText('matchUndone')).toBe('Ulinganisho umetenguliwa kwa mafanikio');
    // The server's own English reply, where a screen still shows it, reads the same.
    expect(successMessage('Lines matched successfully')).toBe('Mistari imelinganishwa kwa mafanikio');
  });

  it('every key the client words a message by has text in both languages', () => {
    for (const key of Object.values(SERVER_WORDS)) {
      expect((en.success as Record<string, unknown>)[key], `en success.${key}`).toEqual(expect.any(String));
      expect((sw.success as Record<string, unknown>)[key], `sw success.${key}`).toEqual(expect.any(String));
    }
  });

  it("the matching panels toast from keys, never the server's message", () => {
    const dir = path.resolve(import.meta.dirname, '../features/accounts/reconciliations');
    for (const file of ['MatchingPanel.tsx', 'SuggestionsPanel.tsx']) {
      const source = readFileSync(path.join(dir, file), 'utf8');
      expect(source, file).not.toMatch(/toastSuccess\(\s*\w+\.message\s*\)/);
      expect(source, file).toMatch(/toastSuccess\(successText\('linesMatched'\)\)/);
    }
  });
});

describe("every success message the server writes has the client's Swahili words (issue #20)", () => {
  afterAll(() => i18n.changeLanguage('en'));

  /**
   * The API's literal success messages (its routes and the contracts' message tables); a `${…}`
   * inside one stands for a document number, or a count when it opens the message.
   */
  function serverMessages(): string[] {
    const roots = ['../../../api/src', '../../../../packages/contracts/src'];
    const found = new Set<string>();
    const entries = roots.flatMap((root) =>
      readdirSync(path.resolve(import.meta.dirname, root), { recursive: true, withFileTypes: true }),
    );
    for (const entry of entries) {
      if (!entry.isFile() || !entry.name.endsWith('.ts') || entry.name.includes('.test.')) continue;
      const source = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      for (const [, text = ''] of source.matchAll(
        /['`]((?:[A-Z]|\$\{)[^'`\n]*? successful(?:ly)?[^'`\n]*)['`]/g,
      )) {
        // `${type} created successfully`: a subject read below; `${count} farmers ...`: a count.
        if (/^\$\{[^}]+\} (created|updated|approved)/.test(text)) continue;
        found.add(text.replace(/^\$\{[^}]+\}/, '1,250').replace(/\$\{[^}]+\}/g, 'X-0001'));
      }
      // A catalog resource's label is the subject of its created / updated messages (platform/catalog.ts).
      for (const [, label = ''] of source.matchAll(/^ {2}label: '([A-Z][^']*)',$/gm)) {
        found.add(`${label} created successfully`).add(`${label} updated successfully`);
      }
    }
    // A voucher's type is the subject of its created / approved messages (accounts/vouchers/routes.ts).
    for (const type of voucherType.options) {
      found.add(`${type} created successfully`).add(`${type} approved successfully`);
    }
    return [...found].sort();
  }

  it('none reaches a Swahili screen in English or as the generic "saved"', async () => {
    const messages = serverMessages();
    expect(messages.length).toBeGreaterThan(80);
    await i18n.changeLanguage('sw');
    const generic = i18n.t('success.generic');
    const unworded = messages.filter((m) => {
      const shown = successMessage(m);
      return shown === m || shown === generic;
    });
    expect(unworded).toEqual([]);
  });

  it("each is one sentence written for its subject, whose English is the server's own (#35)", async () => {
    const messages = serverMessages();
    await i18n.changeLanguage('en');
    const english = messages.flatMap((m) => {
      const found = successKey(m);
      if (!found || !i18n.exists(found.key)) return [];
      const t = i18n.t.bind(i18n) as unknown as (key: string, o: Record<string, string>) => string;
      return [[m, t(found.key, { reference: found.reference, count: found.count })]];
    });
    expect(english.length).toBeGreaterThan(100);
    for (const [server, key] of english) expect(key).toBe(server);
    // No "Subject: action" halves that cannot agree with their noun ("Mkopo: imeundwa").
    const whole = Object.values(sw.success.messages).flatMap((actions) => Object.values(actions));
    expect(whole.filter((text) => /^[^:]+: /.test(text))).toEqual([]);
  });
});
