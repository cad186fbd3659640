import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallbackRejectedError,
  type PayoutCallback,
  type PayoutProvider,
  PayoutTimeoutError,
} from '../../provider.ts';
import { CALLBACK_TOKEN_HEADER } from '../http.ts';
import { createPayoutProvider, type ProviderDeps } from '../registry.ts';
import { startFakeMpesaTz } from './fake-mpesa-tz.ts';

const API_KEY = 'sandbox-api-key-0001';
const TOKEN = 'callback-token-0123456789abcdef';
const mobile = (phone: string) => ({ channel: 'mobile' as const, phone, bankName: null, accountNo: null });

describe('M-Pesa Tanzania open API adapter, against a fake of the API', () => {
  let fake: Awaited<ReturnType<typeof startFakeMpesaTz>>;
  let provider: PayoutProvider;
  const callbacks: { headers: Record<string, string>; body: string }[] = [];

  beforeAll(async () => {
    fake = await startFakeMpesaTz({ apiKey: API_KEY, serviceProviderCode: '000000' });
    const config = {
      baseUrl: fake.baseUrl,
      apiKey: API_KEY,
      publicKey: fake.publicKey,
      serviceProviderCode: '000000',
      callbackToken: TOKEN,
      fee: '250.00',
      timeoutMs: 1_500,
    };
    provider = createPayoutProvider('mpesa-tz', config, {} as ProviderDeps);
    provider.onCallback(async (headers, body) => {
      callbacks.push({ headers, body });
    });
  });
  afterAll(async () => {
    await provider.stop();
    await fake.close();
  });

  const waitForCallbacks = async (n: number) => {
    for (let i = 0; i < 50 && callbacks.length < n; i++) await new Promise((r) => setTimeout(r, 10));
  };

  it('pays once per key: the reply settles the line through the callback, a second send pays nothing', async () => {
    const key = randomUUID();
    const request = {
      idempotencyKey: key,
      account: mobile('0754 123 456'),
      name: 'Asha Juma',
      amount: '150000.5',
      reference: 'PB-2026-0007/12',
    };
    const reply = await provider.send(request);
    const payment = fake.payments.get(key.replaceAll('-', ''));
    expect(payment).toMatchObject({ amount: '150000.50', msisdn: '255754123456' });
    expect(reply).toEqual({ outcome: 'accepted', providerReference: payment?.transactionId });
    await waitForCallbacks(1);
    const cb = callbacks[0];
    expect(cb).toBeDefined();
    expect(provider.verifyCallback(cb?.headers ?? {}, cb?.body ?? '')).toEqual({
      idempotencyKey: key,
      status: 'succeeded',
      providerReference: payment?.transactionId ?? '',
      fee: '250.00',
    } satisfies PayoutCallback);
    // The same key again: M-Pesa refuses the duplicate; the line is unknown, nothing is paid twice.
    await expect(provider.send(request)).rejects.toBeInstanceOf(PayoutTimeoutError);
    expect(
      [...fake.payments.values()].filter((p) => p.conversationId === key.replaceAll('-', '')),
    ).toHaveLength(1);
    expect(await provider.queryStatus(key)).toEqual({
      status: 'succeeded',
      providerReference: payment?.transactionId,
      fee: '250.00',
    });
    // Every call after getSession carried a session key encrypted with the public key.
    expect(fake.requests.every((r) => r.sessionOk)).toBe(true);
  });

  it('answers not found for a key M-Pesa never saw, and a refusal as rejected', async () => {
    expect(await provider.queryStatus(randomUUID())).toEqual({ status: 'not_found' });
    const refused = await provider.send({
      idempotencyKey: randomUUID(),
      account: mobile('+255 713 000 000'),
      name: 'X',
      amount: '10',
      reference: 'R1',
    });
    expect(refused).toEqual({ outcome: 'rejected', reason: 'INS-2006: Insufficient balance' });
    const bank = await provider.send({
      idempotencyKey: randomUUID(),
      account: { channel: 'bank', phone: null, bankName: 'CRDB', accountNo: '0150' },
      name: 'X',
      amount: '10',
      reference: 'R2',
    });
    expect(bank.outcome).toBe('rejected');
  });

  it('gets a new session key when the old one expired', async () => {
    fake.expireSessions();
    const key = randomUUID();
    const reply = await provider.send({
      idempotencyKey: key,
      account: mobile('0765111222'),
      name: 'Petro',
      amount: '5000.00',
      reference: 'R3',
    });
    expect(reply.outcome).toBe('accepted');
    expect(fake.payments.has(key.replaceAll('-', ''))).toBe(true);
  });

  it('a reply that does not come in time is a PayoutTimeoutError; the status query then settles it', async () => {
    fake.slow.add('255746999888');
    const key = randomUUID();
    const started = Date.now();
    await expect(
      provider.send({
        idempotencyKey: key,
        account: mobile('0746999888'),
        name: 'Zawadi',
        amount: '700.00',
        reference: 'R4',
      }),
    ).rejects.toBeInstanceOf(PayoutTimeoutError);
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await provider.queryStatus(key)).status).toBe('succeeded');
  });

  it('accepts a genuine callback and rejects a forged one', () => {
    const key = randomUUID();
    const body = JSON.stringify({
      output_ResponseCode: 'INS-0',
      output_ResponseDesc: 'Request processed successfully',
      output_TransactionID: 'ABC123',
      output_ThirdPartyConversationID: key.replaceAll('-', ''),
    });
    expect(provider.verifyCallback({ [CALLBACK_TOKEN_HEADER]: TOKEN }, body)).toMatchObject({
      idempotencyKey: key,
      status: 'succeeded',
    });
    expect(() =>
      provider.verifyCallback({ [CALLBACK_TOKEN_HEADER]: 'forged-token-0123456789abcde' }, body),
    ).toThrow(CallbackRejectedError);
    expect(() => provider.verifyCallback({}, body)).toThrow(CallbackRejectedError);
    expect(() => provider.verifyCallback({ [CALLBACK_TOKEN_HEADER]: TOKEN }, 'not json')).toThrow(
      CallbackRejectedError,
    );
  });

  it('has no name lookup: every name is held for a person to confirm', async () => {
    expect((await provider.nameLookup(mobile('0754123456'), 'Asha Juma')).found).toBe(false);
  });

  it('a pay-out that never left (no session key, no server) is rejected: nothing was paid', async () => {
    const base = {
      publicKey: fake.publicKey,
      serviceProviderCode: '000000',
      callbackToken: TOKEN,
      timeoutMs: 1_500,
    };
    const wrongKey = createPayoutProvider(
      'mpesa-tz',
      { ...base, baseUrl: fake.baseUrl, apiKey: 'wrong' },
      {} as ProviderDeps,
    );
    const before = fake.payments.size;
    const reply = await wrongKey.send({
      idempotencyKey: randomUUID(),
      account: mobile('0754123456'),
      name: 'A',
      amount: '1.00',
      reference: 'R9',
    });
    expect(reply.outcome).toBe('rejected');
    const closed = createPayoutProvider(
      'mpesa-tz',
      { ...base, baseUrl: 'http://127.0.0.1:9/ipg/', apiKey: API_KEY },
      {} as ProviderDeps,
    );
    expect(
      (
        await closed.send({
          idempotencyKey: randomUUID(),
          account: mobile('0754123456'),
          name: 'A',
          amount: '1.00',
          reference: 'R9',
        })
      ).outcome,
    ).toBe('rejected');
    expect(fake.payments.size).toBe(before);
  });
});
