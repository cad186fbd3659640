import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type Server, startServer } from './server.ts';
import { adminToken, launchBrowser, useOwnServer } from './support.ts';

/** A file's own server, its browser and the administrator's token, set before its first test. */
export type OwnServer = { server: Server; browser: Browser; token: string };

type Settings = Record<string, string>;

/**
 * Runs the calling file on a server of its own (a fresh database, `settings` added to its
 * environment, or the settings a function gives once the file's other fakes are listening), with
 * one browser and the administrator's token. Call it at the top of the file, before its own
 * `beforeAll`: hooks run in the order they are registered, and the stop runs after the file's own
 * `afterAll` (Vitest runs those in reverse).
 */
export function onOwnServer(settings: Settings | (() => Promise<Settings>) = {}): OwnServer {
  const own = {} as OwnServer;
  beforeAll(async () => {
    own.server = await startServer(typeof settings === 'function' ? await settings() : settings);
    useOwnServer(own.server.baseUrl);
    own.browser = await launchBrowser();
    own.token = await adminToken();
  }, 240_000);
  afterAll(async () => {
    await own.browser?.close();
    useOwnServer(null);
    await own.server?.stop();
  });
  return own;
}
