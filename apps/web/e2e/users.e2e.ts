import { todayInTanzania } from '@ushirika/domain';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminToken,
  api,
  createAmcos,
  createUser,
  launchBrowser,
  newPage,
  signedIn,
  signInThroughBrowser,
} from './support.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('users', () => {
  it('an administrator creates an AMCOS user in the browser, who then signs in and sees the AMCOS menu', async () => {
    const token = await adminToken();
    const society = await createAmcos(token, 'Chipuputa AMCOS');
    const admin = await createUser(token, 'Administrator');
    const page = await signedIn(browser, admin);
    await page.goto('/users/all');
    await page.getByTestId('create-user').click();
    const dialog = page.getByRole('dialog');
    const email = `clerk.${Date.now()}@e2e.test`;
    await dialog.getByRole('textbox', { name: /First name/ }).fill('Rehema');
    await dialog.getByRole('textbox', { name: /Last name/ }).fill('Ally');
    await dialog.getByRole('textbox', { name: /Email/ }).fill(email);
    await dialog.getByRole('textbox', { name: /Mobile/ }).fill('255715000333');
    await dialog.getByRole('radio', { name: 'Female', exact: true }).check();
    await dialog.getByTestId('user-kind').getByText('AMCOS user').click();
    await dialog.getByRole('combobox', { name: /^AMCOS/ }).click();
    await page.getByRole('option', { name: new RegExp(society.name) }).click();
    await dialog.getByRole('combobox', { name: /^Roles/ }).click();
    await page.getByRole('option', { name: 'AMCOS Clerk' }).click();
    await page.keyboard.press('Escape');
    await dialog.getByLabel(/Initial password/).fill('Clerk#Pass2026');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /Save|Create/ }).click();
    expect((await created).status()).toBe(201);
    await page.getByText('User created successfully').waitFor();
    const list = await api<{ data: { email: string; amcosId: string }[] }>(
      'GET',
      `/users?search=${encodeURIComponent(email)}`,
      undefined,
      token,
    );
    expect(list.body.data).toEqual([expect.objectContaining({ email, amcosId: society.id })]);
    await page.context().close();

    const clerkPage = await newPage(browser);
    await signInThroughBrowser(clerkPage, email, 'Clerk#Pass2026');
    await clerkPage.waitForURL(/\/change-password/);
    await clerkPage.goto('/home');
    expect(await clerkPage.getByTestId('audience-label').innerText()).toBe('AMCOS');
    await clerkPage.context().close();
  });

  it('a duplicate email is refused with the server message and nothing is created', async () => {
    const token = await adminToken();
    const admin = await createUser(token, 'Administrator');
    const existing = await createUser(token, 'Auditor');
    const page = await signedIn(browser, admin);
    await page.goto('/users/all');
    await page.getByTestId('create-user').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: /First name/ }).fill('Copy');
    await dialog.getByRole('textbox', { name: /Last name/ }).fill('Cat');
    await dialog.getByRole('textbox', { name: /Email/ }).fill(existing.email);
    await dialog.getByRole('textbox', { name: /Mobile/ }).fill('255715000444');
    await dialog.getByRole('radio', { name: 'Male', exact: true }).check();
    await dialog.getByRole('combobox', { name: /^Roles/ }).click();
    await page.getByRole('option', { name: 'Auditor' }).click();
    await page.keyboard.press('Escape');
    const reply = page.waitForResponse(
      (r) => r.url().endsWith('/api/users') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: /Save|Create/ }).click();
    expect((await reply).status()).toBe(409);
    await page.getByText('A user with this email already exists').first().waitFor();
    const list = await api<{ meta: { total: number } }>(
      'GET',
      `/users?search=${encodeURIComponent(existing.email)}`,
      undefined,
      token,
    );
    expect(list.body.meta.total).toBe(1);
    await page.context().close();
  });

  it('a user chooses day/month/year for English dates on their profile; it stays with them (#37)', async () => {
    const token = await adminToken();
    const user = await createUser(token, 'Accountant');
    const page = await signedIn(browser, user);
    await page.goto('/profile');
    const [y, m, d] = todayInTanzania().split('-');
    const created = page.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first();
    await expect(created.textContent()).resolves.toBe(`${m}/${d}/${y}`);
    const form = page.getByTestId('profile-form');
    await form.getByRole('radio', { name: /^Day\/month\/year/ }).check();
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/auth/profile') && r.request().method() === 'PATCH',
    );
    await form.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    await expect.poll(() => created.textContent()).toBe(`${d}/${m}/${y}`);
    // Kept on the user's record: a new page reads it, and asks the server for files in that order.
    const asked = page.waitForRequest(
      (r) => r.url().includes('/api/') && r.headers()['x-date-format'] === 'dmy',
    );
    await page.reload();
    await asked;
    await expect.poll(() => created.textContent()).toBe(`${d}/${m}/${y}`);
    await expect(
      page
        .getByTestId('profile-form')
        .getByRole('radio', { name: /^Day\/month\/year/ })
        .isChecked(),
    ).resolves.toBe(true);
    const me = await api<{ data: { dateFormat: string } }>('GET', '/auth/me', undefined, token);
    expect(me.body.data.dateFormat).toBe('mdy');
    await page.context().close();
  });
});
