import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onOwnServer } from './own-server.ts';
import { adminUser, api, must, signedIn } from './support.ts';

/**
 * The union's payout providers (#30), on a server of its own (with PAYOUT_SETTINGS_KEY and no
 * PAYOUT_PROVIDER): the administrator fills in M-Pesa Tanzania's card (its API key and callback
 * token are secrets) and chooses the simulator for mobile money accounts, and saves (in English);
 * the secrets then show only as set, the API never returns them, and the server sends mobile lines
 * through the simulator. In Swahili the same cards and choices read in Swahili.
 */
const API_KEY = `e2e-api-key-${randomBytes(8).toString('hex')}`;
const CALLBACK_TOKEN = `e2e-callback-${randomBytes(8).toString('hex')}`;

const own = onOwnServer({ PAYOUT_SETTINGS_KEY: randomBytes(32).toString('hex') });

describe('payout providers in the union settings', () => {
  it('saves M-Pesa Tanzania and the simulator for mobile money in English and reads the settings in Swahili', async () => {
    const before = await must(
      api<{ data: { provider: string | null } }>('GET', '/payouts/provider', undefined, own.token),
      'provider before',
    );
    expect(before.data.provider).toBeNull();

    const page = await signedIn(own.browser, adminUser());
    await page.goto('/cooperative/union?tab=payments');
    const form = page.getByTestId('payout-settings-form');
    await form.getByText('Payout providers').waitFor();
    await expect(page.getByTestId('payout-provider-simulator').textContent()).resolves.toContain(
      'Not configured',
    );
    const mpesa = page.getByTestId('payout-provider-mpesa-tz');
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-apiKey').getAttribute('type')).resolves.toBe(
      'password',
    );
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-apiKey').getAttribute('placeholder')).resolves.toBe(
      'Not set',
    );
    const fill = (key: string, value: string) =>
      mpesa.getByTestId(`payout-field-mpesa-tz-${key}`).fill(value);
    await fill('environment', 'sandbox');
    await fill('apiKey', API_KEY);
    await fill('publicKey', 'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA');
    await fill('serviceProviderCode', '000000');
    await fill('callbackToken', CALLBACK_TOKEN);
    await fill('fee', '0.00');
    await page.getByTestId('payout-channel-mobile').click();
    await page.getByRole('option', { name: 'Simulator (demo and training)' }).click();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/payments/settings/payouts') && r.request().method() === 'PUT',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await page.getByText('Payout settings saved').waitFor();
    await page.getByTestId('payout-provider-simulator').getByText('Configured').waitFor();
    // The secrets are kept, shown only as set; the boxes are empty again.
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-apiKey').getAttribute('placeholder')).resolves.toBe(
      'Set',
    );
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-apiKey').inputValue()).resolves.toBe('');
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-serviceProviderCode').inputValue()).resolves.toBe(
      '000000',
    );

    const settings = await must(
      api<{ data: { channels: { mobile: string | null; bank: string | null } } }>(
        'GET',
        '/payments/settings/payouts',
        undefined,
        own.token,
      ),
      'settings',
    );
    expect(settings.data.channels).toEqual({ mobile: 'simulator', bank: null });
    const text = JSON.stringify(settings);
    expect(text).not.toContain(API_KEY);
    expect(text).not.toContain(CALLBACK_TOKEN);
    expect(text).toContain('"secretsSet":["apiKey","callbackToken"]');
    const after = await must(
      api<{ data: { provider: string | null } }>('GET', '/payouts/provider', undefined, own.token),
      'provider after',
    );
    expect(after.data.provider).toBe('simulator');

    await page.getByTestId('language-switch').click();
    await page.getByTestId('language-option-sw').click();
    await form.getByText('Watoa huduma wa malipo').waitFor();
    await form.getByText('Akaunti za pesa za simu hulipwa kupitia').waitFor();
    await form.getByText('Akaunti za benki hulipwa kupitia').waitFor();
    await page.getByTestId('payout-provider-simulator').getByText('Imewekwa').waitFor();
    await mpesa.getByText('Ufunguo wa API').waitFor();
    await mpesa.getByText('Tokeni ya majibu').waitFor();
    await expect(mpesa.getByTestId('payout-field-mpesa-tz-apiKey').getAttribute('placeholder')).resolves.toBe(
      'Imewekwa',
    );
    // The providers' names in Swahili too, on their cards and in the channel choice.
    await page.getByTestId('payout-provider-simulator').getByText('Kiigaji (maonyesho na mafunzo)').waitFor();
    await mpesa.getByText('M-Pesa Tanzania (API huria ya Vodacom)').waitFor();
    await expect(page.getByTestId('payout-channel-mobile').inputValue()).resolves.toBe(
      'Kiigaji (maonyesho na mafunzo)',
    );
    await expect(form.getByRole('button', { name: 'Hifadhi' }).count()).resolves.toBe(1);
  }, 120_000);
});
