import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  createUser,
  launchBrowser,
  newPage,
  signInThroughBrowser,
  typeOtp,
} from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

const storage = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key);

describe('signing in', () => {
  it('first sign-in: password, OTP, forced password change, then the dashboard in the app shell', async () => {
    const first = await createUser(await adminToken(), 'Auditor', null, { initialPassword: true });
    const page = await newPage(browser);
    await signInThroughBrowser(page, first.email, first.password);
    await page.waitForURL(/\/change-password/);
    await page.getByTestId('initial-password-notice').waitFor();
    await page.getByLabel('Current password').fill(first.password);
    await page.getByLabel('New password', { exact: true }).fill('E2e#First2026-new');
    await page.getByLabel('Confirm password').fill('E2e#First2026-new');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/home$/);
    await page.getByTestId('welcome-card').waitFor();
    expect(await page.title()).toBe('Ushirika Sales Admin');
    expect(await page.getByTestId('audience-label').innerText()).toBe('Union');
    const user = JSON.parse((await storage(page, 'user')) ?? '{}') as { isInitialPassword: boolean };
    expect(user.isInitialPassword).toBe(false);
    await page.context().close();
  });

  it('five wrong OTPs kill the code: the right one is then refused too', async () => {
    const user = await createUser(await adminToken(), 'Auditor');
    const page = await newPage(browser);
    await page.goto('/login');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    const loginReply = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
    await page.getByRole('button', { name: /sign in/i }).click();
    const { otp } = (await (await loginReply).json()) as { otp: string };
    await page.waitForURL(/\/verify-otp/);
    const wrong = otp === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const reply = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-otp'));
      await typeOtp(page, wrong);
      expect((await reply).status()).toBe(400);
    }
    await page.getByText('Too many wrong codes. Request a new code.').first().waitFor();
    const last = page.waitForResponse((r) => r.url().endsWith('/api/auth/verify-otp'));
    await typeOtp(page, otp);
    const refused = await last;
    expect(refused.status()).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe(
      'This code is no longer valid. Request a new code.',
    );
    expect(page.url()).toMatch(/\/verify-otp/);
    await page.context().close();
  });

  it('an expired access token is refreshed without the user noticing', async () => {
    const user = await createUser(await adminToken(), 'Auditor');
    const page = await newPage(browser);
    await signInThroughBrowser(page, user.email, user.password);
    await page.waitForURL(/\/(change-password|home)/);
    const oldRefresh = await storage(page, 'refresh_token');
    // Waited for before the token is spoilt: a home-page request still in flight may refresh it first.
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
    // Stand-in for a token past its 15 minutes: a JWT the server will not accept.
    await page.evaluate(() =>
      window.localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired'),
    );
    await page.goto('/profile');
    expect((await refreshed).status()).toBe(200);
    await page.getByRole('heading', { name: 'Profile' }).waitFor();
    expect(page.url()).toMatch(/\/profile$/);
    expect(await storage(page, 'refresh_token')).not.toBe(oldRefresh);
    expect(await storage(page, 'access_token')).not.toMatch(/expired$/);
    await page.context().close();
  });

  it('a reused refresh token ends the session: the browser is signed out', async () => {
    const user = await createUser(await adminToken(), 'Auditor');
    const page = await newPage(browser);
    await signInThroughBrowser(page, user.email, user.password);
    await page.waitForURL(/\/(change-password|home)/);
    const stolen = (await storage(page, 'refresh_token')) ?? '';
    // Someone else uses the token first: the browser's copy is now a reused token.
    expect((await api('POST', '/auth/refresh-token', { refresh: stolen })).status).toBe(200);
    await page.evaluate(() =>
      window.localStorage.setItem('access_token', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjF9.expired'),
    );
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
    await page.goto('/profile');
    expect((await refused).status()).toBe(401);
    await page.waitForURL(/\/login$/);
    expect(await storage(page, 'refresh_token')).toBeNull();
    await page.context().close();
  });
});
