import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUYING_POST_PATH } from '@ushirika/contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript build script, no types
import { publishWebBuild } from '../../../../scripts/build.mjs';
import { registerWebApp } from './web-index.ts';

let dir: string;
let app: FastifyInstance;

const build = (marker: string) => async (outDir: string) => {
  mkdirSync(path.join(outDir, 'assets'), { recursive: true });
  writeFileSync(path.join(outDir, 'assets', `app-${marker}.js`), `// ${marker}`);
  writeFileSync(path.join(outDir, 'index.html'), `<html><head></head><body>${marker}</body></html>`);
};

/** What the running server answers for the page, a client route and the build's own script. */
async function served(marker: string) {
  const page = await app.inject({ method: 'GET', url: '/' });
  const route = await app.inject({ method: 'GET', url: '/account/operation/journal-entries' });
  const script = await app.inject({ method: 'GET', url: `/assets/app-${marker}.js` });
  return [page.statusCode, route.statusCode, script.statusCode, page.body.includes(marker)];
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ushirika-web-'));
  await publishWebBuild({ webDir: dir, hash: 'first', produce: build('first') });
  app = Fastify();
  await registerWebApp(app, path.join(dir, 'dist'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a rebuild of the web app while the server runs (#20)', () => {
  it('keeps answering the previous build until the new one is complete, then the new one', async () => {
    expect(await served('first')).toEqual([200, 200, 200, true]);
    const during: unknown[] = [];
    await publishWebBuild({
      webDir: dir,
      hash: 'second',
      produce: async (outDir: string) => {
        // Half-written: the server must still answer the whole previous build.
        mkdirSync(path.join(outDir, 'assets'), { recursive: true });
        during.push(await served('first'));
        await build('second')(outDir);
        during.push(await served('first'));
      },
    });
    expect(during).toEqual([
      [200, 200, 200, true],
      [200, 200, 200, true],
    ]);
    expect(await served('second')).toEqual([200, 200, 200, true]);
    // A page opened before the switch can still load the previous build's chunks.
    const oldChunk = await app.inject({ method: 'GET', url: '/assets/app-first.js' });
    expect([oldChunk.statusCode, oldChunk.body]).toEqual([200, '// first']);
    expect((await app.inject({ method: 'GET', url: '/assets/none.js' })).statusCode).toBe(404);
  });
});

describe("the installed buying-post app's own page (#29)", () => {
  it('is sent at its start address with a nonce, never as a plain file; without it the office page', async () => {
    const own = mkdtempSync(path.join(tmpdir(), 'ushirika-device-'));
    writeFileSync(path.join(own, 'index.html'), '<html><head></head><body>office</body></html>');
    const server = Fastify();
    await registerWebApp(server, own);
    try {
      const before = await server.inject({ method: 'GET', url: BUYING_POST_PATH });
      expect([before.statusCode, before.body.includes('office')]).toEqual([200, true]);
      writeFileSync(path.join(own, 'device.html'), '<html><head></head><body>scale</body></html>');
      const page = await server.inject({ method: 'GET', url: BUYING_POST_PATH });
      expect([page.statusCode, page.body.includes('scale'), page.body.includes('name="csp-nonce"')]).toEqual([
        200,
        true,
        true,
      ]);
      expect(page.headers['cache-control']).toBe('no-cache, no-store');
      const plain = await server.inject({ method: 'GET', url: '/device.html' });
      expect(plain.body.includes('scale')).toBe(false);
    } finally {
      await server.close();
      rmSync(own, { recursive: true, force: true });
    }
  });
});
