import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CallbackRejectedError,
  type PayoutCallback,
  type PayoutProvider,
  PayoutTimeoutError,
} from '../../provider.ts';
import { startFakeServer } from '../fake-http.ts';
import { CALLBACK_TOKEN_HEADER } from '../http.ts';
import { createPayoutProvider, type ProviderDeps } from '../registry.ts';
import { externalIdOf, keyOfExternalId } from './accounts.ts';
import { azampayConfig, createAzampay } from './azampay.ts';
import { startFakeAzampay } from './fake-azampay.ts';

const TOKEN = 'callback-token-abcdef0123456789';
const creds = { appName: 'ushirika', clientId: 'client-1', clientSecret: 'secret-1', apiKey: 'api-key-1' };
const mobile = (phone: string) => ({ channel: 'mobile' as const, phone, bankName: null, accountNo: null });
const bank = (bankName: string, accountNo: string) => ({
  channel: 'bank' as const,
  phone: null,
  bankName,
  accountNo,
});

describe('AzamPay disbursement adapter, against a fake of the API', () => {
  let fake: Awaited<ReturnType<typeof startFakeAzampay>>;
  let receiver: Awaited<ReturnType<typeof startFakeServer>>;
  let provider: PayoutProvider;
  let config: ReturnType<typeof azampayConfig.parse>;
  const settled: PayoutCallback[] = [];

  beforeAll(async () => {
    fake = await startFakeAzampay({
      ...creds,
      transferType: 'MNO',
      lookupFields: ['bankName', 'accountNumber'],
      disburseFields: [
        'externalReferenceId',
        'destination.accountNumber',
        'transferDetails.amount',
        'transferDetails.dateInEpoch',
      ],
      names: {
        'Mpesa/255754123456': 'ASHA JUMA',
        'CRDB/0150123456789': 'PETRO MUSA MBWAMBO',
        'Airtel/255688111222': 'ZAWADI ALLY',
      },
    });
    // The app's callback route: the token in the registered URL goes to the adapter as a header.
    receiver = await startFakeServer((req) => {
      try {
        const headers = { [CALLBACK_TOKEN_HEADER]: req.query.get('token') ?? undefined };
        settled.push(provider.verifyCallback(headers, req.body));
        return { status: 200, body: {} };
      } catch (error) {
        return { status: error instanceof CallbackRejectedError ? 401 : 500, body: {} };
      }
    });
    fake.setCallbackUrl(`${receiver.url}/api/payouts/callbacks/azampay?token=${TOKEN}`);
    config = azampayConfig.parse({
      ...creds,
      authUrl: fake.url,
      apiUrl: fake.url,
      sourceName: 'KAHAWA UNION LTD',
      sourceBank: 'Azampesa',
      sourceAccount: '255650000001',
      transferType: 'MNO',
      checksumPublicKey: fake.checksumPublicKey,
      callbackToken: TOKEN,
      feeMobile: '300.00',
      feeBank: '1500.00',
      timeoutMs: 1_500,
    });
    provider = createPayoutProvider('azampay', config, {} as ProviderDeps);
  });
  afterAll(async () => {
    await provider.stop();
    await fake.close();
    await receiver.close();
  });

  const waitFor = async (done: () => boolean) => {
    for (let i = 0; i < 100 && !done(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  it("looks up the account holder's name for a wallet and a bank account", async () => {
    expect(await provider.nameLookup(mobile('0754 123 456'), 'Asha Juma')).toEqual({
      found: true,
      name: 'ASHA JUMA',
    });
    expect(await provider.nameLookup(bank('CRDB', '0150 1234 56789'), 'Petro Musa')).toEqual({
      found: true,
      name: 'PETRO MUSA MBWAMBO',
    });
    expect(await provider.nameLookup(mobile('0688999000'), 'Nobody')).toEqual({
      found: false,
      reason: 'AzamPay: Account not found',
    });
    expect((await provider.nameLookup(mobile('0730000000'), 'TTCL')).found).toBe(false);
    expect(fake.bad).toEqual({ auth: 0, checksum: 0 });
  });

  it('pays once per key; the callback settles the line; a resend pays nothing and the status says succeeded', async () => {
    const key = randomUUID();
    const request = {
      idempotencyKey: key,
      account: mobile('0754123456'),
      name: 'Asha Juma',
      amount: '150000.5',
      reference: 'PB-2026-0007',
    };
    const reply = await provider.send(request);
    const paid = fake.paid.get(externalIdOf(key));
    expect(paid).toMatchObject({ amount: '150000.50', bankName: 'Mpesa', accountNumber: '255754123456' });
    expect(reply).toEqual({ outcome: 'accepted', providerReference: paid?.pgReferenceId });
    await waitFor(() => settled.some((c) => c.idempotencyKey === key));
    expect(settled.find((c) => c.idempotencyKey === key)).toEqual({
      idempotencyKey: key,
      status: 'succeeded',
      providerReference: paid?.pgReferenceId ?? '',
      fee: '300.00',
    } satisfies PayoutCallback);
    await expect(provider.send(request)).rejects.toBeInstanceOf(PayoutTimeoutError);
    expect([...fake.paid.values()].filter((p) => p.externalReferenceId === externalIdOf(key))).toHaveLength(
      1,
    );
    expect(await provider.queryStatus(key)).toEqual({
      status: 'succeeded',
      providerReference: paid?.pgReferenceId,
      fee: '300.00',
    });
    expect(fake.bad).toEqual({ auth: 0, checksum: 0 });
  });

  it('after a restart asks with the stored reference; without one it waits', async () => {
    const key = randomUUID();
    await provider.send({
      idempotencyKey: key,
      account: bank('CRDB', '0150123456789'),
      name: 'Petro',
      amount: '2500000.00',
      reference: 'R2',
    });
    const pg = fake.paid.get(externalIdOf(key))?.pgReferenceId ?? null;
    const restarted = createAzampay(config, {
      sentPayment: async (k) =>
        k === key ? { pgReferenceId: pg, account: bank('CRDB', '0150123456789') } : null,
    });
    expect(await restarted.queryStatus(key)).toEqual({
      status: 'succeeded',
      providerReference: pg,
      fee: '1500.00',
    });
    expect(await restarted.queryStatus(randomUUID())).toEqual({ status: 'pending' });
  });

  it('renews an expired token, and rejects what AzamPay refuses', async () => {
    fake.expireTokens();
    const key = randomUUID();
    expect(
      (
        await provider.send({
          idempotencyKey: key,
          account: mobile('0688111222'),
          name: 'Zawadi',
          amount: '1000',
          reference: 'R3',
        })
      ).outcome,
    ).toBe('accepted');
    const refused = await provider.send({
      idempotencyKey: randomUUID(),
      account: bank('Bank of Nowhere', '123'),
      name: 'X',
      amount: '10',
      reference: 'R4',
    });
    expect(refused).toEqual({ outcome: 'rejected', reason: 'AzamPay: Invalid BankName.' });
  });

  it('a reply that does not come in time is a PayoutTimeoutError; the callback still settles the line', async () => {
    fake.slow.add('255713555666');
    const key = randomUUID();
    const started = Date.now();
    await expect(
      provider.send({
        idempotencyKey: key,
        account: mobile('0713555666'),
        name: 'Baraka',
        amount: '700.00',
        reference: 'R5',
      }),
    ).rejects.toBeInstanceOf(PayoutTimeoutError);
    expect(Date.now() - started).toBeLessThan(4_000);
    await waitFor(() => settled.some((c) => c.idempotencyKey === key));
    expect(settled.find((c) => c.idempotencyKey === key)?.status).toBe('succeeded');
  });

  it('accepts a genuine callback and rejects a forged one', async () => {
    const key = randomUUID();
    const body = JSON.stringify({
      initiatorReferenceId: externalIdOf(key),
      pgReferenceId: 'PG1',
      status: 'failure',
      message: 'Wallet closed',
      operator: 'Tigo',
    });
    expect(provider.verifyCallback({ [CALLBACK_TOKEN_HEADER]: TOKEN }, body)).toEqual({
      idempotencyKey: key,
      status: 'failed',
      providerReference: 'PG1',
      reason: 'AzamPay: Wallet closed',
    });
    expect(() =>
      provider.verifyCallback({ [CALLBACK_TOKEN_HEADER]: 'forged-token-0000000000000000' }, body),
    ).toThrow(CallbackRejectedError);
    const forged = await fetch(`${receiver.url}/api/payouts/callbacks/azampay`, { method: 'POST', body });
    expect(forged.status).toBe(401);
    expect(keyOfExternalId(externalIdOf(key))).toBe(key);
  });

  it('a request without the checksum AzamPay asks for is refused', async () => {
    const unsigned = createAzampay({ ...config, checksumPublicKey: undefined });
    expect(await unsigned.nameLookup(mobile('0754123456'), 'Asha')).toEqual({
      found: false,
      reason: 'AzamPay: Invalid checksum',
    });
    const refused = await unsigned.send({
      idempotencyKey: randomUUID(),
      account: mobile('0754123456'),
      name: 'Asha',
      amount: '1.00',
      reference: 'R6',
    });
    expect(refused).toEqual({ outcome: 'rejected', reason: 'AzamPay: Invalid checksum' });
    expect(fake.bad.checksum).toBe(2);
  });

  it('a payment that never left (no token) is rejected: nothing was paid', async () => {
    const before = fake.paid.size;
    const noToken = createAzampay({ ...config, clientSecret: 'wrong' });
    const reply = await noToken.send({
      idempotencyKey: randomUUID(),
      account: mobile('0754123456'),
      name: 'A',
      amount: '1.00',
      reference: 'R7',
    });
    expect(reply).toEqual({
      outcome: 'rejected',
      reason: 'AzamPay gave no token (HTTP 423)',
    });
    expect(fake.paid.size).toBe(before);
  });
});
