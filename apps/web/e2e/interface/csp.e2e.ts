import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, createAmcos, createUser, launchBrowser, signedIn } from '../support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** Every Content-Security-Policy refusal the page reports, from the browser's own event. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return violations;
}

describe('the strict Content-Security-Policy', () => {
  it('refuses nothing the app needs: Mantine styles and a modal scroll lock (nonce), scripts, the society page with its map', async () => {
    const token = await adminToken();
    const society = await createAmcos(token, 'Kilimo Bora AMCOS');
    const user = await createUser(token, 'Administrator');
    const signed = await signedIn(browser, user);
    const violations = await watchViolations(signed);
    await signed.goto('/home');
    await signed.getByTestId('welcome-card').waitFor();
    // Mantine's CSS variables are written into a <style> that the CSP admits only with the nonce.
    const bodyColor = await signed.evaluate(() =>
      getComputedStyle(document.documentElement).getPropertyValue('--mantine-color-body').trim(),
    );
    expect(bodyColor).not.toBe('');
    await signed.goto(`/amcos/${society.id}`);
    await signed.waitForLoadState('networkidle');
    await signed.goto('/collections/farmers');
    await signed.waitForLoadState('networkidle');
    // A modal locks the page's scroll with a <style> of its own, which needs the nonce too.
    await signed.goto('/users/all');
    await signed.getByTestId('create-user').click();
    await signed.getByRole('dialog').waitFor();
    await signed.waitForTimeout(300);
    // zod probes whether eval is allowed (new Function in a try) and runs without it when refused.
    expect(violations.filter((v) => !/script-src eval/.test(v))).toEqual([]);
    await signed.context().close();
  });
});
