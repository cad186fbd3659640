import { randomUUID } from 'node:crypto';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { chromiumPath } from './chromium.ts';
import { replaceInitialPassword } from './first-password.ts';

let ownServer: string | null = null;

/**
 * A file whose changes reach every other file's data (going live sets a date before which nothing
 * may be posted) starts a server of its own (server.ts) and points every helper here at it.
 */
export function useOwnServer(url: string | null): void {
  ownServer = url;
}

/**
 * This file's server: global-setup.ts starts one per worker slot and the slot running this file
 * (VITEST_POOL_ID, 1..maxWorkers) is the only one using it while the file runs.
 */
export function baseUrl(): string {
  if (ownServer) return ownServer;
  const urls = inject('baseUrls');
  const slot = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[slot - 1];
  if (!url) throw new Error(`no e2e server for worker slot ${slot} of ${urls.length}`);
  return url;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

/**
 * A browser context on this worker's server at desktop size. Reduced motion: the app then skips
 * its transitions and stops its spinners (as it does for any user who asks for less motion), so
 * the browser draws far fewer frames on the test machine's two cores, and no click waits for an
 * animation to end. The app's service worker (#29) is blocked: it would precache every built file
 * in every context; the offline spec (offline.e2e.ts) allows it in its own contexts.
 */
export const contextOptions = (): BrowserContextOptions => ({
  baseURL: baseUrl(),
  viewport: { width: 1366, height: 860 },
  reducedMotion: 'reduce',
  serviceWorkers: 'block',
});

export async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext(contextOptions());
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

type Json = Record<string, unknown>;

/** The shape of a list reply. */
export type Listed<T> = { data: T[] };

/** Calls the API directly (setting up data for a browser test). */
export async function api<T = Json>(
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${baseUrl()}/api${path}`, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

/** The reply's body, or an error naming the step when the API refused it (setup, not a check). */
export async function must<T>(reply: Promise<{ status: number; body: T }>, what: string): Promise<T> {
  const r = await reply;
  if (r.status >= 300) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

/** Signs in over the API (login + echoed OTP) and returns the access token. */
export async function apiSignIn(email: string, password: string): Promise<string> {
  const login = await api<{ access_token: string; otp: string }>('POST', '/auth/login', { email, password });
  const verify = await api<{ access_token: string }>('POST', '/auth/verify-otp', {
    otp: login.body.otp,
    accessToken: login.body.access_token,
  });
  if (verify.status !== 200) throw new Error(`sign-in failed for ${email}: ${JSON.stringify(verify.body)}`);
  return verify.body.access_token;
}

export const adminToken = () => apiSignIn(inject('adminEmail'), inject('adminPassword'));

/** The union administrator made by the server at start-up. */
export const adminUser = () => ({ email: inject('adminEmail'), password: inject('adminPassword') });

export const E2E_PASSWORD = 'E2e#User2026';
const E2E_FIRST_PASSWORD = 'E2e#User2026-first';

/** Creates a user of a built-in role (an AMCOS user when amcosId is given) with a known password. */
/**
 * A user of a built-in role who has already replaced the initial password (the API refuses most
 * calls until then); `initialPassword: true` leaves it, as for a person who has not signed in yet.
 */
export async function createUser(
  token: string,
  role: string,
  amcosId: string | null = null,
  options: { initialPassword?: boolean } = {},
) {
  const roles = await api<{ data: { id: string; name: string }[] }>('GET', '/roles', undefined, token);
  const roleId = roles.body.data.find((r) => r.name === role)?.id;
  const email = `${role.toLowerCase().replace(/\s+/g, '.')}.${randomUUID().slice(0, 6)}@e2e.test`;
  const created = await api<{ data: { id: string } }>(
    'POST',
    '/users',
    {
      firstName: 'Neema',
      lastName: 'Mushi',
      email,
      mobile: '255713000222',
      gender: 'Female',
      amcosId,
      roleIds: [roleId],
      password: E2E_FIRST_PASSWORD,
    },
    token,
  );
  if (created.status !== 201) throw new Error(`could not create ${role}: ${JSON.stringify(created.body)}`);
  if (options.initialPassword) return { id: created.body.data.id, email, password: E2E_FIRST_PASSWORD };
  await replaceInitialPassword(baseUrl(), email, E2E_FIRST_PASSWORD, E2E_PASSWORD);
  return { id: created.body.data.id, email, password: E2E_PASSWORD };
}

export async function createAmcos(token: string, name: string) {
  const code = `E${randomUUID().replace(/-/g, '').slice(0, 6).toUpperCase()}`;
  const r = await api<{ data: { id: string; name: string } }>('POST', '/amcos', { code, name }, token);
  return r.body.data;
}

/**
 * Signs in through the browser like a person: email and password, then the OTP. The code is read
 * from the login answer (the server echoes it in tests, as it prints it on its console in dev).
 */
export async function signInThroughBrowser(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  const loginReply = page.waitForResponse((r) => r.url().endsWith('/api/auth/login'));
  await page.getByRole('button', { name: /sign in/i }).click();
  const { otp } = (await (await loginReply).json()) as { otp: string };
  await page.waitForURL(/\/verify-otp/);
  await typeOtp(page, otp);
  // The session is stored only when verify-otp answers: a test that navigates before that would
  // land back on the code screen.
  await page.waitForURL((url) => !url.pathname.startsWith('/verify-otp'), { timeout: 30_000 });
}

/** A new page signed in as the user, on the first screen after the code (home or change password). */
export async function signedIn(browser: Browser, user: { email: string; password: string }): Promise<Page> {
  const page = await newPage(browser);
  await signInThroughBrowser(page, user.email, user.password);
  await page.waitForURL(/\/(change-password|home)/);
  return page;
}

/** Types a code into the six OTP boxes (replacing what is there) and submits it. */
export async function typeOtp(page: Page, otp: string): Promise<void> {
  const boxes = page.getByTestId('otp-input').locator('input');
  await boxes.first().waitFor();
  for (let i = 0; i < 6; i++) await boxes.nth(i).fill(otp[i] ?? '');
  await page.getByRole('button', { name: /^(Verify|Thibitisha)$/ }).click();
}

/**
 * Chooses a farmer in the farmer picker (#27): types what a clerk would (a number, part of a name,
 * a phone) and presses Enter, which picks the only match; waits until the box names the farmer.
 */
export async function pickFarmer(page: Page, testId: string, typed: string, farmerNo: string): Promise<void> {
  const box = page.getByTestId(testId);
  await box.fill(typed);
  await box.press('Enter');
  await box.and(page.locator(`[data-chosen="${farmerNo}"]`)).waitFor();
}
