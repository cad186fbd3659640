import { randomBytes } from 'node:crypto';
import type { PayoutSettings, PayoutSettingsBody } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  makeAmcos,
  type Session,
  sessionAs,
  startTestApp,
  type TestApp,
} from '../../../../../test/harness.ts';
import { queryRows } from '../../../../db/rows.ts';
import { type ProviderEntry, payoutProviders } from '../providers/registry.ts';
import { createSimulator } from '../simulator.ts';
import { payoutProviderSettings } from './schema.ts';
import { openSecret } from './secret-box.ts';
import { keyMissingProblem } from './stored.ts';

/**
 * A provider kind with a secret, registered for this file only (the simulator has no settings):
 * an account id (plain) and an API key (secret), both required.
 */
const VAULT = 'test-vault';
const vault: ProviderEntry = {
  kind: VAULT,
  label: 'Test vault',
  schema: z.object({ accountId: z.string().min(3), apiKey: z.string().min(8) }),
  fields: [
    { key: 'accountId', label: 'Account ID', secret: false },
    { key: 'apiKey', label: 'API key', secret: true },
  ],
  create: (_config, deps) => createSimulator(deps.db, deps.config.payouts.simulator),
};
(payoutProviders as Record<string, ProviderEntry>)[VAULT] = vault;

const KEY = randomBytes(32);
const SECRET = `sk_live_${randomBytes(12).toString('hex')}`;
const PATH = '/payments/settings/payouts';

type Saved = { message: string; data: PayoutSettings; errors?: Record<string, string[]> };

let t: TestApp;
let admin: Session;
let manager: Session;
const log: string[] = [];

beforeAll(async () => {
  t = await startTestApp(
    { PAYOUT_SETTINGS_KEY: KEY.toString('hex'), LOG_LEVEL: 'debug' },
    { logStream: { write: (line) => void log.push(line) } },
  );
  admin = await sessionAs(t, 'Administrator');
  manager = await sessionAs(t, 'AMCOS Manager', { amcosId: (await makeAmcos(t)).id });
}, 120_000);
afterAll(() => t.close());

const put = (body: unknown, token = admin.access) => t.request<Saved>('PUT', PATH, { token, body });
const read = async () =>
  (await t.request<{ data: PayoutSettings }>('GET', PATH, { token: admin.access })).body.data;
const vaultOf = (s: PayoutSettings) => s.providers.find((p) => p.kind === VAULT);
const storedRows = () => t.db.select().from(payoutProviderSettings);

const full: PayoutSettingsBody = {
  providers: [
    { kind: VAULT, values: { accountId: 'ACC-001', apiKey: SECRET } },
    { kind: 'simulator', values: {} },
  ],
  channels: { mobile: VAULT, bank: 'simulator' },
};

describe('the payout provider settings', () => {
  it('starts with no provider chosen; every provider kind and its fields are listed', async () => {
    const s = await read();
    expect(s.channels).toEqual({ mobile: null, bank: null });
    expect(s.keyConfigured).toBe(true);
    expect(s.providers.find((p) => p.kind === 'simulator')).toMatchObject({ configured: false, fields: [] });
    expect(vaultOf(s)).toEqual({
      kind: VAULT,
      label: 'Test vault',
      fields: [
        { key: 'accountId', label: 'Account ID', secret: false },
        { key: 'apiKey', label: 'API key', secret: true },
      ],
      configured: false,
      values: {},
      secretsSet: [],
    });
  });

  it('saves and reads back the settings; the secret is sealed and never returned', async () => {
    const saved = await put(full);
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe('Payout settings saved successfully');
    expect(JSON.stringify(saved.body)).not.toContain(SECRET);
    expect(vaultOf(saved.body.data)).toMatchObject({
      configured: true,
      values: { accountId: 'ACC-001' },
      secretsSet: ['apiKey'],
    });
    expect(saved.body.data.channels).toEqual({ mobile: VAULT, bank: 'simulator' });
    const got = await t.request('GET', PATH, { token: admin.access });
    expect(new TextDecoder().decode(got.raw)).not.toContain(SECRET);
    expect(got.body).toEqual({ data: saved.body.data });
    const row = (await storedRows()).find((r) => r.kind === VAULT);
    expect(row?.fields).toEqual({ accountId: 'ACC-001' });
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const keys = { current: KEY, previous: undefined };
    expect(openSecret(keys, `${VAULT}.apiKey`, row?.secrets.apiKey ?? '')).toBe(SECRET);
  });

  it('keeps the stored secret when it is left blank', async () => {
    const saved = await put({
      providers: [{ kind: VAULT, values: { accountId: 'ACC-002', apiKey: '' } }],
      channels: { mobile: VAULT, bank: 'simulator' },
    });
    expect(saved.status).toBe(200);
    expect(vaultOf(saved.body.data)).toMatchObject({
      values: { accountId: 'ACC-002' },
      secretsSet: ['apiKey'],
    });
    const row = (await storedRows()).find((r) => r.kind === VAULT);
    expect(
      openSecret({ current: KEY, previous: undefined }, `${VAULT}.apiKey`, row?.secrets.apiKey ?? ''),
    ).toBe(SECRET);
  });

  it('refuses an unknown provider or field, a channel to an unconfigured provider, a missing secret: nothing changed', async () => {
    const before = await storedRows();
    const cases: [unknown, string, string][] = [
      [
        { ...full, providers: [{ kind: 'paypal', values: {} }] },
        'providers.0.kind',
        'There is no payout provider "paypal"',
      ],
      [
        { ...full, providers: [{ kind: VAULT, values: { accountId: 'ACC-003', pin: '1234' } }] },
        'providers.0.values.pin',
        'Test vault has no setting "pin"',
      ],
      [
        { providers: [], channels: { mobile: 'paypal', bank: null } },
        'channels.mobile',
        'Configure the payout provider "paypal" before choosing it',
      ],
      [
        { ...full, providers: [{ kind: VAULT, values: { accountId: 'A' } }] },
        'providers.0.values.accountId',
        'The settings of Test vault are not complete or not valid',
      ],
    ];
    for (const [body, field, message] of cases) {
      const reply = await put(body);
      expect(reply.status, field).toBe(400);
      expect(reply.body.message).toBe(message);
      expect(Object.keys(reply.body.errors ?? {})).toContain(field);
    }
    expect(await storedRows()).toEqual(before);
    expect((await read()).channels).toEqual({ mobile: VAULT, bank: 'simulator' });
  });

  it('refuses AMCOS users, reading or saving', async () => {
    expect((await t.request('GET', PATH, { token: manager.access })).status).toBe(403);
    expect((await put(full, manager.access)).status).toBe(403);
  });

  it('sends through the provider the settings choose, though the server has no PAYOUT_PROVIDER', async () => {
    const info = await t.request<{ data: { provider: string | null } }>('GET', '/payouts/provider', {
      token: admin.access,
    });
    expect(info.body.data).toEqual({ provider: VAULT });
  });

  it('keeps the secret out of the history and out of the server log', async () => {
    const trail = await queryRows(
      t.db,
      z.object({ before: z.string().nullable(), after: z.string().nullable() }),
      sql`select before::text as before, after::text as after from audit_events where entity = 'payout_settings'`,
    );
    expect(trail.length).toBe(2);
    expect(trail[0]?.after).toContain('"sealedFields": ["apiKey"]');
    for (const row of trail) expect(`${row.before} ${row.after}`).not.toContain(SECRET);
    const text = log.join('');
    expect(text).toContain('/payments/settings/payouts');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SECRET.slice(8));
  });
});

describe('a server without PAYOUT_SETTINGS_KEY', () => {
  let bare: TestApp;
  let bareAdmin: Session;
  beforeAll(async () => {
    bare = await startTestApp();
    bareAdmin = await sessionAs(bare, 'Administrator');
  }, 120_000);
  afterAll(() => bare.close());

  it('saves a provider without secrets, refuses one with a secret saying the key is missing, stores nothing', async () => {
    const plain = await bare.request<Saved>('PUT', PATH, {
      token: bareAdmin.access,
      body: { providers: [{ kind: 'simulator', values: {} }], channels: { mobile: 'simulator', bank: null } },
    });
    expect(plain.status).toBe(200);
    expect(plain.body.data.keyConfigured).toBe(false);
    const secret = await bare.request<Saved>('PUT', PATH, { token: bareAdmin.access, body: full });
    expect(secret.status).toBe(409);
    expect(secret.body.message).toMatch(
      /^PAYOUT_SETTINGS_KEY is not set: the payout providers’ secrets cannot be saved/,
    );
    expect((await bare.db.select().from(payoutProviderSettings)).map((r) => r.kind)).toEqual(['simulator']);
  });

  it('names the providers whose secrets it cannot open at start', async () => {
    const keys = { current: undefined, previous: undefined };
    expect(await keyMissingProblem(bare.db, keys)).toBeNull();
    await bare.db.insert(payoutProviderSettings).values({ kind: VAULT, secrets: { apiKey: 'v1.a.b.c' } });
    expect(await keyMissingProblem(bare.db, keys)).toBe(
      'PAYOUT_SETTINGS_KEY is not set, but the payout settings hold secrets of test-vault: those providers cannot be used until the key they were saved with is set again',
    );
  });
});
