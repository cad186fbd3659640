import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFarmer } from './crop-flow-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import { api, apiSignIn, contextOptions, createAmcos, createUser, signInThroughBrowser } from './support.ts';

/**
 * The farmer's phone service on their page (#31), as the AMCOS manager uses it: issue the PIN
 * (confirmed, sent by SMS), see the service locked after three wrong PINs on the USSD menu, unlock
 * it, reset the PIN, and switch off and on the farmer's optional SMS; once in English, once in
 * Swahili, each on a farmer of its own. A server of its own, with the USSD service configured, so
 * the test can dial the wrong PINs as the aggregator would.
 */
const SECRET = 'e2e-ussd-secret-0123456789abcdef';
let society: { id: string; name: string };
let manager: { email: string; password: string };
let managerToken: string;

const own = onOwnServer({ USSD_SECRET: SECRET, USSD_RATE_LIMIT: '1000' });
beforeAll(async () => {
  society = await createAmcos(own.token, 'Simu Huduma AMCOS');
  manager = await createUser(own.token, 'AMCOS Manager', society.id);
  managerToken = await apiSignIn(manager.email, manager.password);
}, 240_000);

const TEXTS = {
  en: {
    noPin: 'No PIN',
    active: 'Active',
    locked: 'Locked',
    issue: 'Issue PIN',
    reset: 'Reset PIN',
    unlock: 'Unlock',
    issued: 'PIN sent to the farmer by SMS',
    unlocked: 'Phone service unlocked',
    optional: 'Optional SMS (auction results)',
    optedOut: 'The farmer will get no optional SMS',
    optedIn: 'The farmer will get optional SMS again',
  },
  sw: {
    noPin: 'Hana PIN',
    active: 'Hai',
    locked: 'Imefungwa',
    issue: 'Toa PIN',
    reset: 'Weka PIN mpya',
    unlock: 'Fungua',
    issued: 'PIN imetumwa kwa mkulima kwa SMS',
    unlocked: 'Huduma ya simu imefunguliwa',
    optional: 'SMS za hiari (matokeo ya minada)',
    optedOut: 'Mkulima hatapata SMS za hiari',
    optedIn: 'Mkulima atapata SMS za hiari tena',
  },
} as const;

/** One step of a USSD session as the aggregator posts it. */
async function dial(phone: string, text: string, session: string) {
  const response = await fetch(`${own.server.baseUrl}/api/ussd?key=${SECRET}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ sessionId: session, serviceCode: '*149*12#', phoneNumber: phone, text }),
  });
  expect(response.status).toBe(200);
  return response.text();
}

type FarmerUssd = { status: string; smsOptOut: boolean; failedAttempts: number };
const ussdOf = async (farmerId: string) =>
  (await api<{ data: FarmerUssd }>('GET', `/collections/farmers/${farmerId}/ussd`, undefined, managerToken))
    .body.data;

async function managerPage(locale: 'en' | 'sw'): Promise<Page> {
  const context = await own.browser.newContext(contextOptions());
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await signInThroughBrowser(page, manager.email, manager.password);
  await page.evaluate((l) => window.localStorage.setItem('i18n_locale', l), locale);
  return page;
}

describe("the farmer's phone service on their page (#31)", () => {
  for (const [locale, phone] of [
    ['en', '0754310001'],
    ['sw', '0754310002'],
  ] as const) {
    it(`issues, unlocks and resets the PIN and switches optional SMS (${locale})`, async () => {
      const x = TEXTS[locale];
      const farmer = await createFarmer(managerToken, {
        amcosId: society.id,
        firstName: 'Zuhura',
        lastName: `Simu ${locale}`,
        phone,
      });
      const page = await managerPage(locale);
      await page.goto(`/amcos/amcos-farmers/${farmer.id}/details`);
      const section = page.getByTestId('farmer-ussd');
      const status = section.getByTestId('ussd-status');
      await expect.poll(() => status.textContent()).toBe(x.noPin);

      // Issue: confirmed first, then sent by SMS; the PIN is shown to nobody.
      const issue = section.getByTestId('ussd-issue');
      await expect.poll(() => issue.textContent()).toBe(x.issue);
      await issue.click();
      await page.getByTestId('confirm-action').click();
      await page.getByText(x.issued).first().waitFor();
      await expect.poll(() => status.getAttribute('data-status')).toBe('active');
      expect(await status.textContent()).toBe(x.active);
      expect(await section.getByTestId('ussd-unlock').count()).toBe(0);

      // Three wrong PINs on the menu lock it (1111 is never issued: too easy).
      const caller = (
        await api<{ data: { phone: string } }>(
          'GET',
          `/collections/farmers/${farmer.id}/ussd`,
          undefined,
          managerToken,
        )
      ).body.data.phone;
      for (let i = 0; i < 3; i++) await dial(caller, '1111', `e2e-${locale}-${i}`);
      expect((await ussdOf(farmer.id)).status).toBe('locked');
      await page.reload();
      await expect.poll(() => status.getAttribute('data-status')).toBe('locked');
      expect(await status.textContent()).toBe(x.locked);

      // Unlock keeps the PIN; reset sends a new one after its confirmation.
      const unlock = section.getByTestId('ussd-unlock');
      expect(await unlock.textContent()).toBe(x.unlock);
      await unlock.click();
      await page.getByText(x.unlocked).first().waitFor();
      await expect.poll(() => status.getAttribute('data-status')).toBe('active');
      expect(await section.getByTestId('ussd-unlock').count()).toBe(0);
      expect((await ussdOf(farmer.id)).failedAttempts).toBe(0);
      await expect.poll(() => issue.textContent()).toBe(x.reset);
      await issue.click();
      await page.getByTestId('confirm-action').click();
      await expect.poll(async () => page.getByText(x.issued).count()).toBeGreaterThan(0);
      expect((await ussdOf(farmer.id)).status).toBe('active');

      // Optional SMS: on by default, switched off and on again, held by the server.
      const optional = section.getByTestId('ussd-sms-optional');
      expect(await optional.isChecked()).toBe(true);
      await section.getByText(x.optional, { exact: true }).waitFor();
      await section.getByTestId('ussd-sms-optional').click();
      await page.getByText(x.optedOut).first().waitFor();
      await expect.poll(() => optional.isChecked()).toBe(false);
      expect((await ussdOf(farmer.id)).smsOptOut).toBe(true);
      await page.reload();
      await expect.poll(() => section.getByTestId('ussd-sms-optional').isChecked()).toBe(false);
      await section.getByTestId('ussd-sms-optional').click();
      await page.getByText(x.optedIn).first().waitFor();
      expect((await ussdOf(farmer.id)).smsOptOut).toBe(false);
      await page.context().close();
    }, 120_000);
  }
});
