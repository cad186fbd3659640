import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import type { ZodApp } from '../../src/platform/app-types.ts';
import { MAP_TILE_ORIGIN } from '../../src/platform/security-headers.ts';
import { type Session, sessionAs, startTestApp, type TestApp } from '../harness.ts';

const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <title>Ushirika</title>
    <script type="module" src="/assets/index.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>`;

let t: TestApp;
let admin: Session;
let webDist: string;
let web: ZodApp;

/** The same app with a built web app to serve (the test harness serves none). */
async function appServingWeb(env: Record<string, string> = {}) {
  const config = loadConfig({ JWT_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', WEB_DIST: webDist, ...env });
  return buildApp({ ...t.deps, config }, { smsOutbox: false });
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  webDist = await mkdtemp(path.join(tmpdir(), 'ushirika-web-'));
  await writeFile(path.join(webDist, 'index.html'), PAGE);
  await writeFile(path.join(webDist, 'app.js'), 'console.log(1)');
  web = await appServingWeb();
});
afterAll(async () => {
  await web.close();
  await t.close();
  await rm(webDist, { recursive: true, force: true });
});

/** What every answer carries, whatever it is. */
function expectHardened(headers: Headers | Record<string, unknown>) {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : ((headers[name] as string | undefined) ?? null);
  const csp = get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toMatch(/script-src 'self'( 'nonce-[^']+')?;/);
  expect(csp).toMatch(/style-src 'self'( 'nonce-[^']+')?;/);
  expect(csp).toContain(`img-src 'self' data: blob: ${MAP_TILE_ORIGIN}`);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(csp).not.toContain('unsafe-inline');
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('x-frame-options')).toBe('DENY');
  expect(get('referrer-policy')).toBe('same-origin');
  expect(get('x-powered-by')).toBeNull();
  expect(get('server')).toBeNull();
  expect(get('strict-transport-security')).toBeNull();
}

describe('security headers', () => {
  it("the page: the CSP's style nonce is the one handed to the app in the page, fresh for each answer", async () => {
    const first = await web.inject({ method: 'GET', url: '/' });
    const second = await web.inject({ method: 'GET', url: '/collections/farmers' });
    for (const page of [first, second]) {
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expectHardened(page.headers);
      const nonce = String(page.headers['content-security-policy']).match(
        /style-src 'self' 'nonce-([^']+)'/,
      )?.[1];
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(page.body).toContain(`<meta name="csp-nonce" content="${nonce}" />`);
      expect(page.body).not.toMatch(/<script(?![^>]*\bsrc=)/);
    }
    expect(first.headers['content-security-policy']).not.toBe(second.headers['content-security-policy']);
    // Never the file as built, without the nonce.
    expect((await web.inject({ method: 'GET', url: '/index.html' })).body).not.toContain('<title>Ushirika');
    expectHardened((await web.inject({ method: 'GET', url: '/app.js' })).headers);
  });

  it('an API answer, an error answer and a file download', async () => {
    const me = await t.request('GET', '/auth/me', { token: admin.access });
    expect(me.status).toBe(200);
    expectHardened(me.headers);
    const refused = await t.request('GET', '/auth/me');
    expect(refused.status).toBe(401);
    expectHardened(refused.headers);
    const missing = await t.request('GET', '/no-such-route');
    expect(missing.status).toBe(404);
    expectHardened(missing.headers);
    const bad = await t.request('PATCH', '/auth/profile', { token: admin.access, body: { firstName: 7 } });
    expect(bad.status).toBe(400);
    expectHardened(bad.headers);
    const download = await t.request('GET', '/collections/farmers/import/template?format=csv', {
      token: admin.access,
    });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('attachment');
    expectHardened(download.headers);
  });

  it('sends Strict-Transport-Security only when HSTS=true (served over HTTPS)', async () => {
    const https = await appServingWeb({ HSTS: 'true' });
    try {
      const page = await https.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await https.close();
    }
  });
});
