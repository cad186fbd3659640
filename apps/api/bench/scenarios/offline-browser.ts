import { accessSync, constants, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, type CDPSession, chromium, type Page } from 'playwright-core';
import type { Config } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { apiCall } from '../../test/hardening/child-server.ts';
import type { LoadReport } from '../lib/measure.ts';
import { BENCH_PASSWORD, type BenchServer, startBenchServer } from '../lib/server.ts';
import type { Scenario } from './scenario.ts';

/**
 * The weighing device in a real browser (#29), on the built web app (`npm run build`) served by the
 * real app and Debian's Chromium (CHROMIUM_PATH for another), with the page's CPU slowed 4× through
 * the DevTools protocol (Emulation.setCPUThrottlingRate 4, a mid-range Android phone):
 * - the device's farmer search over its society's 20,000 farmers, no network: each keystroke's time
 *   from the input event to the matches in the page (search and render; goal p95 < 50 ms);
 * - the installed app's first offline opening: a new tab at the app's start page (the build's
 *   manifest `start_url`) with no network and the service worker
 *   stopped (so its start counts), from the navigation to the weighing form on screen with the
 *   farmers loaded from IndexedDB and searchable (the farmer box's `data-farmers="ready"`; goal
 *   < 2 s). The form shows before its farmers (the box says they are loading): the time to the
 *   form on screen is printed beside it.
 * Figures, not asserts; skipped (with the reason) when the web app is not built or Chromium is
 * missing. The throttle slows the page's renderer; the service worker's own thread is not slowed.
 */
export const BROWSER_FARMERS = 20_000;
const CPU_SLOWDOWN = 4;

export type BrowserSociety = { code: string; clerkEmail: string };

/** Why the browser figures cannot be taken here, or null. */
export function browserBenchMissing(config: Config): string | null {
  if (!existsSync(path.join(config.webDist, 'index.html'))) return 'the web app is not built (npm run build)';
  if (!existsSync(path.join(config.webDist, 'sw.js')))
    return 'the web app has no service worker (npm run build)';
  try {
    accessSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium', constants.X_OK);
    return null;
  } catch {
    return 'Chromium is missing (apt-get install chromium, or CHROMIUM_PATH)';
  }
}

/** Typed at the scale: farmer numbers, the digits after the code, names and phone endings. */
function queries(code: string): string[] {
  const picks = [137, 4_562, 9_999, 12_345, 19_876, 20_000, 7_070, 15_151];
  const out: string[] = [];
  for (const n of picks) {
    out.push(`${code}-${String(n).padStart(5, '0')}`);
    out.push(String(n).padStart(5, '0'));
    out.push(`offline ${n}`);
    out.push(`${String(n).padStart(8, '0')}`.slice(-4));
  }
  out.push('mkulima', 'zz-no-such-farmer');
  return out;
}

type Device = {
  browser: Browser;
  context: BrowserContext;
  web: BenchServer;
  origin: string;
  /** Where the installed app opens: its manifest's start page (an earlier build's too). */
  startUrl: string;
};

function startUrlOf(webDist: string): string {
  const manifest = JSON.parse(readFileSync(path.join(webDist, 'manifest.webmanifest'), 'utf8')) as {
    start_url?: string;
  };
  return manifest.start_url ?? '/';
}

/** The app served with its web build, a browser, the clerk signed in and the device registered. */
async function openDevice(db: Db, config: Config, society: BrowserSociety): Promise<Device> {
  const web = await startBenchServer(db, config, { serveWeb: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    return await registered(web, browser, society, startUrlOf(config.webDist));
  } catch (error) {
    await browser.close().catch(() => undefined);
    await web.close().catch(() => undefined);
    throw error;
  }
}

async function registered(
  web: BenchServer,
  browser: Browser,
  society: BrowserSociety,
  startUrl: string,
): Promise<Device> {
  const context = await browser.newContext({
    baseURL: web.url,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    reducedMotion: 'reduce',
    serviceWorkers: 'allow',
  });
  const login = await apiCall(web.url, 'POST', '/auth/login', {
    email: society.clerkEmail,
    password: BENCH_PASSWORD,
  });
  const verify = await apiCall(web.url, 'POST', '/auth/verify-otp', {
    otp: login.body.otp,
    accessToken: login.body.access_token,
  });
  if (verify.status !== 200)
    throw new Error(`browser bench: the clerk could not sign in: ${JSON.stringify(verify.body)}`);
  const {
    access_token: access,
    refresh_token: refresh,
    user,
  } = verify.body as {
    access_token: string;
    refresh_token: string;
    user: { id: string; permissions: string[] };
  };
  const page = await context.newPage();
  page.setDefaultTimeout(120_000);
  await page.goto('/login');
  // The session as the sign-in screen stores it (SPEC section 3).
  const session = {
    access_token: access,
    refresh_token: refresh,
    user: JSON.stringify(user),
    user_id: user.id,
    user_permissions: JSON.stringify(user.permissions),
  };
  await page.evaluate(
    `for (const [k, v] of Object.entries(${JSON.stringify(session)})) localStorage.setItem(k, v)`,
  );
  await page.goto('/collections/offline-weighing');
  await page.getByTestId('device-label').fill('Bench scale phone');
  await page.getByTestId('device-register').click();
  await page.getByTestId('offline-weigh-form').waitFor();
  await page.waitForFunction(
    () => (globalThis as unknown as InPage).navigator.serviceWorker.controller !== null,
  );
  const kept = await page.getByTestId('offline-status').textContent();
  if (!/20[,.\s]?000 farmers/.test(kept ?? ''))
    throw new Error(`browser bench: the device does not keep ${BROWSER_FARMERS} farmers: ${kept}`);
  await page.close();
  return { browser, context, web, origin: new URL(web.url).origin, startUrl };
}

async function closeDevice(device: Device | null): Promise<void> {
  await device?.context.close().catch(() => undefined);
  await device?.browser.close().catch(() => undefined);
  await device?.web.close().catch(() => undefined);
}

async function slowed(context: BrowserContext, page: Page): Promise<CDPSession> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return cdp;
}

/**
 * The page's globals that the functions run in the page use (this file is compiled without the
 * DOM's types). Those functions are passed as functions, not text: the app's CSP forbids eval.
 */
type InPage = {
  document: { querySelector(selector: string): { getAttribute(name: string): string | null } | null };
  performance: { now(): number };
  navigator: { serviceWorker: { controller: unknown } };
  __formOnScreenAt?: number;
};

/** What a performance trace of an opening records: the main thread's tasks, as DevTools shows them. */
const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'blink.user_timing',
];

const emptyReport = (): LoadReport => ({ latenciesMs: [], seconds: 0, statusCounts: {}, errors: 0 });

/**
 * Opens the weighing screen with no network in a new tab, the worker stopped first: ms to the form
 * with its farmers searchable, and ms to the form on screen.
 */
async function offlineOpening(
  device: Device,
): Promise<{ ms: number; formMs: number; page: Page; cdp: CDPSession }> {
  const page = await device.context.newPage();
  page.setDefaultTimeout(60_000);
  const cdp = await slowed(device.context, page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  const profile = process.env.BENCH_PROFILE;
  if (profile) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  // BENCH_TRACE=<file>: each opening's performance trace (the last one kept; open it in DevTools).
  const trace = process.env.BENCH_TRACE;
  if (trace) await device.browser.startTracing(page, { path: trace, categories: TRACE_CATEGORIES });
  const response = await page.goto(device.startUrl, { waitUntil: 'commit' });
  if (!response?.fromServiceWorker())
    throw new Error('browser bench: the offline page did not come from the service worker');
  const times = await (
    await page.waitForFunction(
      () => {
        const page = globalThis as unknown as InPage;
        if (
          page.__formOnScreenAt === undefined &&
          page.document.querySelector('[data-testid="offline-weigh-form"]')
        )
          page.__formOnScreenAt = page.performance.now();
        // A build from before the form showed ahead of its farmers has no data-farmers: its form
        // on screen had them.
        const box = page.document.querySelector('[data-testid="offline-farmer"]');
        return box && (box.getAttribute('data-farmers') ?? 'ready') === 'ready'
          ? [page.__formOnScreenAt ?? page.performance.now(), page.performance.now()]
          : null;
      },
      undefined,
      { polling: 'raf' },
    )
  ).jsonValue();
  const [formMs, ms] = times ?? [Number.NaN, Number.NaN];
  // BENCH_PROFILE=<file>: each opening's CPU profile (the last one kept; open it in DevTools).
  if (profile) writeFileSync(profile, JSON.stringify((await cdp.send('Profiler.stop')).profile));
  if (trace) await device.browser.stopTracing();
  return { ms: Number(ms), formMs: Number(formMs), page, cdp };
}

/**
 * The device's farmer search, keystroke by keystroke, measured in the page: from the input event
 * (a capture listener, before React) to a task posted from it, which runs after React has rendered
 * the matches (the input's update is synchronous). Answers the times and what the last one found.
 */
async function searchTimes(page: Page, typed: string[]): Promise<number[]> {
  // Run through the DevTools protocol (not eval, which the CSP forbids); text, as no DOM types here.
  await page.evaluate(`(() => {
    const times = [];
    window.__searchTimes = times;
    window.addEventListener('input', (event) => {
      if (!event.target || event.target.value === '') return;
      const t0 = performance.now();
      const channel = new MessageChannel();
      channel.port1.onmessage = () => times.push(performance.now() - t0);
      channel.port2.postMessage(null);
    }, true);
  })()`);
  const box = page.getByTestId('offline-farmer');
  for (const text of typed) {
    await box.fill('');
    await box.click();
    await page.keyboard.type(text, { delay: 40 });
    const expectNone = text.startsWith('zz');
    await page.waitForFunction(
      (none) =>
        ((globalThis as unknown as InPage).document.querySelector(
          '[data-testid="offline-farmer-matches"]',
        ) ===
          null) ===
        none,
      expectNone,
    );
  }
  return page.evaluate<number[]>('window.__searchTimes');
}

/** The two browser scenarios; they share one device (registered once, in the first one's check). */
export function browserScenarios(db: Db, config: Config, society: BrowserSociety): Scenario[] {
  let device: Device | null = null;
  let failed = false;
  /** The device, registered once; a failure closes what it started (the run then stops). */
  const ready = async () => {
    try {
      device ??= await openDevice(db, config, society);
      return device;
    } catch (error) {
      await closeDevice(device);
      throw error;
    }
  };
  const search: Scenario = {
    name: `device farmer search, ${BROWSER_FARMERS.toLocaleString('en')} farmers, no network (Chromium, CPU ${CPU_SLOWDOWN}× slower; a request is a keystroke)`,
    concurrency: 1,
    target: { p95BelowMs: 50 },
    // A failed run stops the bench: what the device started is closed (else the opening does it).
    async dispose() {
      if (failed) await closeDevice(device);
    },
    check: async () => {
      await ready();
      return `device registered, ${BROWSER_FARMERS.toLocaleString('en')} farmers kept`;
    },
    async run(_server, _seconds, phase) {
      failed = true;
      const d = await ready();
      await d.context.setOffline(true);
      const { page, cdp } = await offlineOpening(d);
      const typed = queries(society.code);
      const report = emptyReport();
      const started = performance.now();
      report.latenciesMs = await searchTimes(page, phase === 'measured' ? typed : typed.slice(0, 4));
      report.seconds = (performance.now() - started) / 1000;
      report.statusCounts[200] = report.latenciesMs.length;
      await cdp.detach();
      await page.close();
      await d.context.setOffline(false);
      failed = false;
      if (phase === 'measured') {
        const sorted = [...report.latenciesMs].sort((a, b) => a - b);
        const p95 = sorted[Math.ceil(sorted.length * 0.95) - 1] ?? Number.NaN;
        console.log(
          `  offline: farmer search on the device, ${sorted.length} keystrokes over ${BROWSER_FARMERS.toLocaleString('en')} farmers, CPU ${CPU_SLOWDOWN}× slower: p95 ${p95.toFixed(1)} ms (goal < 50 ms)`,
        );
      }
      return report;
    },
  };
  const opening: Scenario = {
    name: `first offline opening of the installed app to the weighing form (Chromium, CPU ${CPU_SLOWDOWN}× slower; a request is an opening)`,
    concurrency: 1,
    target: { p95BelowMs: 2_000 },
    async run(_server, _seconds, phase) {
      const d = await ready();
      await d.context.setOffline(true);
      const report = emptyReport();
      const formTimes: number[] = [];
      const started = performance.now();
      for (let i = 0; i < (phase === 'measured' ? 8 : 2); i++) {
        const { ms, formMs, page, cdp } = await offlineOpening(d);
        report.latenciesMs.push(ms);
        formTimes.push(formMs);
        report.statusCounts[200] = (report.statusCounts[200] ?? 0) + 1;
        await cdp.detach();
        await page.close();
      }
      report.seconds = (performance.now() - started) / 1000;
      await d.context.setOffline(false);
      if (phase === 'measured') {
        const sorted = [...report.latenciesMs].sort((a, b) => a - b);
        console.log(
          `  offline: the installed app opened with no network in ${sorted.map((x) => x.toFixed(0)).join(', ')} ms to the form with its farmers searchable (goal < 2,000 ms); the form on screen (farmers loading) in ${[
            ...formTimes,
          ]
            .sort((a, b) => a - b)
            .map((x) => x.toFixed(0))
            .join(', ')} ms`,
        );
      }
      return report;
    },
    async dispose() {
      await closeDevice(device);
      device = null;
    },
  };
  return [search, opening];
}
