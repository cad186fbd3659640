import { createServer } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { numbering } from './numbering.fixture.ts';
import { consumeRateLimit } from './rate-limit.ts';
import { HttpSmsSender, renderTemplate } from './sms.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('document numbering', () => {
  it('is gap-free per type and year: a rolled-back document gives its number back', async () => {
    const first = await numbering.issue(t.db, 'JV', 2026);
    await expect(numbering.issueThenFail(t.db, 'JV', 2026)).rejects.toThrow('rolled back');
    const second = await numbering.issue(t.db, 'JV', 2026);
    expect([first, second]).toEqual(['JV-2026-000001', 'JV-2026-000002']);
    expect(await numbering.issue(t.db, 'JV', 2027)).toBe('JV-2027-000001');
    expect(await numbering.issue(t.db, 'CR', 2026)).toBe('CR-2026-000001');
  });

  it('hands out distinct consecutive numbers under concurrency', async () => {
    const numbers = await Promise.all(Array.from({ length: 20 }, () => numbering.issue(t.db, 'DN', 2026)));
    expect(new Set(numbers).size).toBe(20);
    expect([...numbers].sort().at(-1)).toBe('DN-2026-000020');
  });
});

describe('rate limits kept in the database', () => {
  it('refuses past the limit with 429 and a clear message, for every process sharing the database', async () => {
    const key = `test:${Math.random()}`;
    for (let i = 0; i < 3; i++) await consumeRateLimit(t.db, key, 3, 60);
    await expect(consumeRateLimit(t.db, key, 3, 60)).rejects.toThrow(
      'Too many attempts. Try again in 1 minute.',
    );
  });

  it('login is throttled per account', async () => {
    const strict = await startTestApp({ RATE_LIMIT_PER_ACCOUNT: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        statuses.push(
          (
            await strict.request('POST', '/auth/login', {
              body: { email: 'x@test.local', password: 'wrongwrong' },
            })
          ).status,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
    } finally {
      await strict.close();
    }
  });
});

describe('SMS gateway', () => {
  it('renders the JSON template with escaped values', () => {
    expect(
      renderTemplate('{"to":"{{to}}","text":"{{message}}"}', { to: '255712', message: 'Say "hi"\n' }),
    ).toBe('{"to":"255712","text":"Say \\"hi\\"\\n"}');
  });

  it('posts to the configured gateway with the auth header', async () => {
    const received: { headers: Record<string, unknown>; body: string }[] = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(req.headers.authorization === 'Bearer k' ? 200 : 401).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/send`;
    try {
      const sms = new HttpSmsSender({
        url,
        auth: 'Bearer k',
        bodyTemplate: '{"to":"{{to}}","msg":"{{message}}","from":"{{sender}}"}',
        senderId: 'USHIRIKA',
      });
      await sms.send('255712345678', 'Code 123456');
      expect(JSON.parse(received[0]?.body ?? '')).toEqual({
        to: '255712345678',
        msg: 'Code 123456',
        from: 'USHIRIKA',
      });
      const refused = new HttpSmsSender({ url, auth: 'Bearer wrong', bodyTemplate: '{}', senderId: 'X' });
      await expect(refused.send('255712345678', 'x')).rejects.toThrow('SMS gateway answered 401');
    } finally {
      server.close();
    }
  });
});

describe('configuration', () => {
  it('names each bad value', () => {
    expect(() => loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x', OTP_ECHO: 'maybe' })).toThrow(
      ConfigError,
    );
    try {
      loadConfig({ PORT: 'abc', DATABASE_URL: 'mysql://x' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/DATABASE_URL: must start with postgres/);
    }
  });

  it('has SPEC defaults: port 3000, OTP echo off', () => {
    const config = loadConfig({ JWT_SECRET: 'x'.repeat(40) });
    expect(config.port).toBe(3000);
    expect(config.otpEcho).toBe(false);
  });

  it('keeps the embedded database in data/ at the repository root, from any folder', () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..', '..');
    const here = process.cwd();
    try {
      process.chdir(path.join(root, 'apps', 'api'));
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(40) }).dataDir).toBe(path.join(root, 'data'));
      expect(loadConfig({ JWT_SECRET: 'x'.repeat(40), DATA_DIR: 'elsewhere' }).dataDir).toBe(
        path.join(root, 'apps', 'api', 'elsewhere'),
      );
    } finally {
      process.chdir(here);
    }
  });
});

describe('health and docs', () => {
  it('answers health and serves OpenAPI at /api/docs', async () => {
    expect((await t.request('GET', '/health')).body).toMatchObject({ status: 'ok', database: 'ok' });
    const docs = await fetch(`${t.url}/api/docs`);
    expect(docs.status).toBe(200);
  });

  it('answers unknown API paths with 404 JSON and malformed JSON with 400', async () => {
    expect((await t.request('GET', '/nothing-here')).status).toBe(404);
    const res = await fetch(`${t.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{bad',
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)[0]).toBe('message');
  });
});
