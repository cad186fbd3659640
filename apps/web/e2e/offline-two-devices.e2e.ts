import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Decimal from 'decimal.js';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashewSeasonCrop, createFarmer, type Farmer, phone } from './crop-flow-fixtures.ts';
import { deviceOutbox, offlinePhone, weighOffline } from './offline-fixtures.ts';
import { onOwnServer } from './own-server.ts';
import {
  api,
  apiSignIn,
  contextOptions,
  createAmcos,
  createUser,
  E2E_PASSWORD,
  signInThroughBrowser,
} from './support.ts';

/**
 * Two clerks at one buying post (#29): two phones (browser contexts) of one society register as
 * devices D01 and D02, lose the network together and each weigh 50 receipts, one in English and
 * one in Swahili, each reopened from its service worker halfway. Meanwhile a farmer weighed on the
 * first phone is deactivated. Back online both sync at once: the server holds 99 collections and
 * one receipt kept for review (the deactivated farmer), every number unique and the device's own;
 * the manager approves the flagged one: 100 collections, and the SMS gateway got exactly one SMS
 * per receipt. Each device's whole outbox sent again changes nothing.
 *
 * On a server of its own, whose SMS gateway is a sink in this file, so the SMS sent are counted.
 */

const PER_DEVICE = 50;

let sink: HttpServer;
const smsSent: string[] = [];
let society: { id: string; name: string };
const clerks: { email: string; password: string }[] = [];
let manager: { email: string; password: string };
const farmers: Farmer[] = [];
let leaving: Farmer;
const contexts: BrowserContext[] = [];

/** The SMS gateway, started before the server that sends to it: records each message's text. */
async function startSmsSink(): Promise<Record<string, string>> {
  sink = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      smsSent.push((JSON.parse(body) as { message: string }).message);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const { port } = sink.address() as AddressInfo;
  return { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/sms` };
}

const own = onOwnServer(startSmsSink);
beforeAll(async () => {
  await cashewSeasonCrop(own.token);
  society = await createAmcos(own.token, 'Vifaa Viwili AMCOS');
  for (const firstName of ['Amina', 'Baraka', 'Chausiku'])
    farmers.push(
      await createFarmer(own.token, { amcosId: society.id, firstName, lastName: 'Mizani', phone: phone() }),
    );
  leaving = await createFarmer(own.token, {
    amcosId: society.id,
    firstName: 'Daudi',
    lastName: 'Anahama',
    phone: phone(),
  });
  clerks.push(await createUser(own.token, 'AMCOS Clerk', society.id));
  clerks.push(await createUser(own.token, 'AMCOS Clerk', society.id));
  manager = await createUser(own.token, 'AMCOS Manager', society.id);
}, 240_000);
afterAll(async () => {
  for (const c of contexts) await c.close();
  await new Promise((resolve) => sink?.close(resolve));
});

/** A phone of the post, closed at the end. */
async function phoneContext(): Promise<BrowserContext> {
  const context = await offlinePhone(own.browser);
  contexts.push(context);
  return context;
}

/** Receipts waiting on the device, read from its badge in either language. */
const waiting = async (page: Page) =>
  Number((await page.getByTestId('offline-waiting').textContent())?.match(/\d+/)?.[0] ?? 'NaN');

type OutboxBody = { receiptNo: string; netKg: string };

type Collection = { receiptNo: string; netKg: string };

async function societyCollections(): Promise<{ rows: Collection[]; total: number }> {
  const managerToken = await apiSignIn(manager.email, E2E_PASSWORD);
  const r = await api<{ data: Collection[]; meta: { total: number } }>(
    'GET',
    '/collections/receipts?per_page=200',
    undefined,
    managerToken,
  );
  expect(r.status).toBe(200);
  return { rows: r.body.data, total: r.body.meta.total };
}

/** How many SMS the gateway got naming each receipt number. */
function smsPerReceipt(): Map<string, number> {
  const counts = new Map<string, number>();
  for (const text of smsSent)
    for (const [no] of text.matchAll(/E[0-9A-F]{6}-D0\d-\d{4}-\d{6}/g))
      counts.set(no, (counts.get(no) ?? 0) + 1);
  return counts;
}

describe('two devices of one society weighing offline at once (#29)', () => {
  it('stores each of 100 receipts once, numbers never clash, one SMS each; a resend changes nothing', async () => {
    // Both phones register online and their service workers take control.
    const pages: Page[] = [];
    for (const [i, clerk] of clerks.entries()) {
      const page = await (await phoneContext()).newPage();
      page.setDefaultTimeout(30_000);
      await signInThroughBrowser(page, clerk.email, clerk.password);
      await page.goto('/collections/offline-weighing');
      await page.getByTestId('device-label').fill(`Mizani ${i + 1}`);
      await page.getByTestId('device-register').click();
      await page.getByTestId('offline-weigh-form').waitFor();
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
        timeout: 60_000,
      });
      pages.push(page);
    }
    const [one, two] = pages;
    if (!one || !two) throw new Error('no pages');
    // The second phone reads Swahili (taken up when the app is opened again below).
    await two.evaluate(() => window.localStorage.setItem('i18n_locale', 'sw'));

    // The network goes at the buying post: both phones weigh, turn about.
    await Promise.all(contexts.map((c) => c.setOffline(true)));
    const kg = (i: number) => ({ gross: String(60 + (i % 7)), tare: '1' });
    for (let i = 0; i < PER_DEVICE; i++) {
      if (i === PER_DEVICE / 2) {
        // Halfway both phones are opened again with no network: from their service workers.
        for (const page of pages) {
          const reloaded = await page.reload();
          expect(reloaded?.fromServiceWorker()).toBe(true);
          await page.getByTestId('offline-weigh-form').waitFor();
          await expect.poll(() => waiting(page)).toBe(PER_DEVICE / 2);
        }
        await expect.poll(() => two.getByTestId('offline-online').textContent()).toBe('Nje ya mtandao');
      }
      const w = kg(i);
      // The first phone weighs the farmer about to leave the society once.
      const first = i === 10 ? leaving : (farmers[i % farmers.length] as Farmer);
      await weighOffline(one, first, '1', w.gross, w.tare);
      await weighOffline(two, farmers[(i + 1) % farmers.length] as Farmer, '1', w.gross, w.tare);
      await expect.poll(() => waiting(one)).toBe(i + 1);
      await expect.poll(() => waiting(two)).toBe(i + 1);
    }
    const outboxes = [await deviceOutbox<OutboxBody>(one), await deviceOutbox<OutboxBody>(two)];
    for (const o of outboxes) expect(o.receipts).toHaveLength(PER_DEVICE);
    const numbers = outboxes.flatMap((o) => o.receipts.map((r) => r.receiptNo));
    expect(new Set(numbers).size).toBe(2 * PER_DEVICE);
    expect(numbers.filter((n) => /-D01-/.test(n))).toHaveLength(PER_DEVICE);
    expect(numbers.filter((n) => /-D02-/.test(n))).toHaveLength(PER_DEVICE);
    expect((await societyCollections()).total).toBe(0);

    // Meanwhile the farmer leaves the society (deactivated at the office).
    const deactivated = await api(
      'PATCH',
      `/collections/farmers/${leaving.id}`,
      { status: 'inactive' },
      own.token,
    );
    expect(deactivated.status).toBe(200);

    // The network returns to both phones at once: each syncs by itself.
    await Promise.all(contexts.map((c) => c.setOffline(false)));
    for (const page of pages) await expect.poll(() => waiting(page), { timeout: 120_000 }).toBe(0);
    const synced = await societyCollections();
    expect(synced.total).toBe(2 * PER_DEVICE - 1);
    const flaggedNo = outboxes[0]?.receipts[10]?.receiptNo ?? '';
    expect(synced.rows.map((c) => c.receiptNo).sort()).toEqual(numbers.filter((n) => n !== flaggedNo).sort());
    // Kg conserved: what each device showed is what the server stores.
    const shown = new Map(outboxes.flatMap((o) => o.receipts.map((r) => [r.receiptNo, r.netKg] as const)));
    for (const c of synced.rows)
      expect(new Decimal(c.netKg).toFixed(3), c.receiptNo).toBe(
        new Decimal(shown.get(c.receiptNo) ?? '-1').toFixed(3),
      );

    // The manager approves the receipt kept for the deactivated farmer.
    const office = await own.browser.newContext(contextOptions());
    contexts.push(office);
    const review = await office.newPage();
    review.setDefaultTimeout(30_000);
    await signInThroughBrowser(review, manager.email, manager.password);
    await review.goto('/collections/offline-receipts?status=needs_review');
    await review.getByTestId(`approve-${flaggedNo}`).click();
    const form = review.getByTestId('offline-review-form');
    await form.getByLabel('Reason').fill('Weighed before he moved: the crop is his');
    await form.getByRole('button', { name: 'Approve' }).click();
    await review.getByTestId('confirm-action').click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await societyCollections()).total).toBe(2 * PER_DEVICE);

    // Each device's whole outbox sent again (a lost reply, a second tab): nothing new.
    for (const [i, o] of outboxes.entries()) {
      const clerkToken = await apiSignIn(clerks[i]?.email ?? '', E2E_PASSWORD);
      const replay = await api<{ data: { results: { outcome: string }[] } }>(
        'POST',
        `/collections/devices/${o.deviceId}/sync`,
        { waiting: 0, receipts: o.receipts },
        clerkToken,
      );
      expect(replay.status).toBe(200);
      expect(replay.body.data.results.filter((r) => r.outcome === 'stored')).toEqual([]);
    }
    const after = await societyCollections();
    expect(after.total).toBe(2 * PER_DEVICE);
    expect(new Set(after.rows.map((c) => c.receiptNo)).size).toBe(2 * PER_DEVICE);

    // One SMS per receipt: the approved one's (the last queued) has reached the gateway, so any
    // SMS a resend had queued before it has too.
    await expect.poll(() => smsPerReceipt().get(flaggedNo) ?? 0, { timeout: 120_000 }).toBe(1);
    const perReceipt = smsPerReceipt();
    expect([...perReceipt.keys()].sort()).toEqual([...numbers].sort());
    expect([...perReceipt.values()].filter((n) => n !== 1)).toEqual([]);
  }, 1_200_000);
});
