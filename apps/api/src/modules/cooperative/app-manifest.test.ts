import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Session, sessionAs, startTestApp, type TestApp } from '../../../test/harness.ts';
import { registerWebApp } from '../../platform/web-index.ts';
import { appManifestOf, shortNameOf } from './app-manifest.ts';

let t: TestApp;
let admin: Session;
let dir: string;
let web: FastifyInstance;

const BUILT = {
  name: 'Ushirika: buying post',
  short_name: 'Ushirika',
  start_url: '/buying-post',
  display: 'standalone',
  icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
};

beforeAll(async () => {
  t = await startTestApp();
  admin = await sessionAs(t, 'Administrator');
  // A built web app as the server finds it, served with the manifest made from this database.
  dir = mkdtempSync(path.join(tmpdir(), 'ushirika-manifest-'));
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(BUILT));
  web = Fastify();
  await registerWebApp(web, dir, true, (built) => appManifestOf(t.db, built));
});
afterAll(async () => {
  await web.close();
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function renameUnion(name: string) {
  const current = await t.request<{ data: Record<string, string | null> }>('GET', '/cooperative/union', {
    token: admin.access,
  });
  const { registrationNo, tin, address, region, phone, email } = current.body.data;
  const saved = await t.request('PUT', '/cooperative/union', {
    token: admin.access,
    body: { name, registrationNo, tin, address, region, phone, email },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

const manifest = async () => {
  const r = await web.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(r.statusCode).toBe(200);
  expect(r.headers['content-type']).toContain('application/manifest+json');
  expect(r.headers['cache-control']).toBe('no-cache');
  return r.json<Record<string, unknown>>();
};

describe("the installed app's manifest (#29)", () => {
  it("names the union from its profile, follows a rename, and keeps the build's icons and start", async () => {
    await renameUnion('Tandahimba and Newala Cooperative Union (TANECU)');
    expect(await manifest()).toEqual({
      ...BUILT,
      name: 'Tandahimba and Newala Cooperative Union (TANECU): buying post',
      short_name: 'TANECU',
    });
    await renameUnion('Mtwara Cooperative Union');
    expect(await manifest()).toMatchObject({
      name: 'Mtwara Cooperative Union: buying post',
      short_name: 'MCU',
      start_url: '/buying-post',
      icons: BUILT.icons,
    });
  });

  it('shortens a name for the home screen', () => {
    expect(shortNameOf('Kagera CU')).toBe('Kagera CU');
    expect(shortNameOf('Shinyanga Region Cooperative Union')).toBe('SRCU');
    expect(shortNameOf('Ushirika wa mazao kusini')).toBe('Ushirika wa');
  });
});
