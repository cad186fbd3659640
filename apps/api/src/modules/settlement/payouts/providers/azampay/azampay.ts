import { z } from 'zod';
import {
  CallbackRejectedError,
  type NameLookup,
  type PayoutAccount,
  type PayoutCallback,
  type PayoutProvider,
  PayoutTimeoutError,
  type SendReply,
  type SendRequest,
  type StatusReply,
} from '../../provider.ts';
import { checkCallbackToken, markMoney, NothingSentError, parseJson } from '../http.ts';
import { channelOf, destinationOf, externalIdOf, keyOfExternalId } from './accounts.ts';
import { type Answer, azampayClient } from './client.ts';

/** AzamPay's services (developerdocs.azampay.co.tz): the token service and the disbursement API. */
export const AZAMPAY_URLS = {
  sandbox: {
    auth: 'https://authenticator-sandbox.azampay.co.tz',
    api: 'https://api-disbursement-sandbox.azampay.co.tz',
  },
  live: { auth: 'https://authenticator.azampay.co.tz', api: 'https://api-disbursement.azampay.co.tz' },
} as const;

const money = z.string().regex(/^\d+(\.\d{1,2})?$/, 'An amount such as 0 or 150.00');
/** Field paths: a list, or the settings screen's text with commas. */
const fieldList = z.union([
  z.array(z.string().min(1)),
  z.string().transform((text) =>
    text
      .split(',')
      .map((f) => f.trim())
      .filter(Boolean),
  ),
]);

export const azampayConfig = z.object({
  environment: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Replace the environment's URLs (a test's fake server). */
  authUrl: z.url().optional(),
  apiUrl: z.url().optional(),
  appName: z.string().min(1),
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  apiKey: z.string().min(1),
  /** The account AzamPay debits, as AzamPay names it. */
  sourceName: z.string().min(1),
  sourceBank: z.string().min(1),
  sourceAccount: z.string().min(1),
  /** `transferDetails.type`, as AzamPay confirms it for the merchant. */
  transferType: z.string().min(1),
  /** AzamPay's public key for the checksum, and the fields it agreed (dotted paths, in order). */
  checksumPublicKey: z.string().min(1).optional(),
  checksumLookupFields: fieldList.default(['bankName', 'accountNumber']),
  checksumDisburseFields: fieldList.default([
    'externalReferenceId',
    'destination.accountNumber',
    'transferDetails.amount',
    'transferDetails.dateInEpoch',
  ]),
  callbackToken: z.string().min(16),
  feeMobile: money.default('0.00'),
  feeBank: money.default('0.00'),
  timeoutMs: z.number().int().positive().default(30_000),
});
export type AzampayConfig = z.output<typeof azampayConfig>;

/** What a sent line's status query needs: AzamPay's reference and where the money went. */
export type SentPayment = { pgReferenceId: string | null; account: PayoutAccount };
export type AzampayDeps = { sentPayment?: (key: string) => Promise<SentPayment | null> };

const callback = z.looseObject({
  initiatorReferenceId: z.string().min(1),
  status: z.string(),
  pgReferenceId: z.string().nullish(),
  fspReferenceId: z.string().nullish(),
  operator: z.string().nullish(),
  message: z.string().nullish(),
});

/** Refusals after which nothing was paid (bad data, no authorization even with a new token, an expired request). */
const REFUSED_HTTP = new Set([400, 401, 402, 422]);

function endOf(word: string): 'succeeded' | 'failed' | 'pending' {
  const w = word.toLowerCase();
  if (['success', 'successful', 'succeeded', 'completed'].includes(w)) return 'succeeded';
  if (['failed', 'failure', 'rejected', 'cancelled', 'reversed'].includes(w)) return 'failed';
  return 'pending';
}

/** The status word of a status reply, wherever AzamPay put it. */
function statusWord(a: Answer): string {
  const data = a.data;
  const nested = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const word = [a.status, data, nested.status, nested.transactionStatus].find((v) => typeof v === 'string');
  return typeof word === 'string' ? word : '';
}

/** AzamPay's fee for a payment to an operator or bank, as configured. */
const feeOf = (config: AzampayConfig, bankName: string | null | undefined) =>
  channelOf(bankName) === 'bank' ? config.feeBank : config.feeMobile;

/** The disburse request of a line: from the union's account to the farmer's, keyed by the line. */
function disburseBody(
  config: AzampayConfig,
  request: SendRequest,
  to: NonNullable<ReturnType<typeof destinationOf>>,
): Record<string, unknown> {
  return {
    source: {
      countryCode: 'TZ',
      fullName: config.sourceName,
      bankName: config.sourceBank,
      accountNumber: config.sourceAccount,
      currency: 'TZS',
    },
    destination: { countryCode: 'TZ', fullName: request.name, ...to, currency: 'TZS' },
    transferDetails: {
      type: config.transferType,
      amount: markMoney(request.amount),
      dateInEpoch: Math.floor(Date.now() / 1000),
    },
    externalReferenceId: externalIdOf(request.idempotencyKey),
    remarks: request.reference.slice(0, 100),
  };
}

/** A callback carrying the configured token and a final result, as the line's end. */
function azampayCallback(
  config: AzampayConfig,
  headers: Record<string, string | undefined>,
  rawBody: string,
): PayoutCallback {
  checkCallbackToken(headers, config.callbackToken);
  const c = callback.safeParse(parseJson(rawBody));
  if (!c.success) throw new CallbackRejectedError('The callback names no payment');
  const idempotencyKey = keyOfExternalId(c.data.initiatorReferenceId);
  const ref = c.data.pgReferenceId ?? c.data.fspReferenceId ?? null;
  const end = endOf(c.data.status);
  if (end === 'succeeded')
    return {
      idempotencyKey,
      status: 'succeeded',
      providerReference: ref ?? idempotencyKey,
      fee: feeOf(config, c.data.operator),
    };
  if (end === 'failed')
    return {
      idempotencyKey,
      status: 'failed',
      providerReference: ref,
      reason: `AzamPay: ${c.data.message ?? c.data.status}`,
    };
  throw new CallbackRejectedError(`The callback is not a final result (${c.data.status})`);
}

/**
 * AzamPay's disbursement API (#30): a bearer token (app name, client id, client secret) and the
 * API key on every call; name lookup, disburse keyed by the line id (as `externalReferenceId`),
 * transaction status by AzamPay's `pgReferenceId`; callbacks checked by their token.
 */
export function createAzampay(config: AzampayConfig, deps: AzampayDeps = {}): PayoutProvider {
  const client = azampayClient({
    ...config,
    authUrl: config.authUrl ?? AZAMPAY_URLS[config.environment].auth,
    apiUrl: config.apiUrl ?? AZAMPAY_URLS[config.environment].api,
  });
  /** This run's sends; after a restart the stored lines say the same (deps.sentPayment). */
  const sent = new Map<string, { pgReferenceId: string; bankName: string }>();
  const fee = (bankName: string | null | undefined) => feeOf(config, bankName);

  async function sentTo(key: string) {
    const known = sent.get(key);
    if (known) return known;
    const stored = await deps.sentPayment?.(key);
    const to = stored ? destinationOf(stored.account) : null;
    return stored?.pgReferenceId && to
      ? { pgReferenceId: stored.pgReferenceId, bankName: to.bankName }
      : null;
  }

  async function queryStatus(key: string): Promise<StatusReply> {
    // Without AzamPay's reference nothing can be asked: the line waits for the callback or a person.
    const to = await sentTo(key);
    if (!to) return { status: 'pending' };
    let a: Answer;
    try {
      const q = new URLSearchParams({ pgReferenceId: to.pgReferenceId, bankName: to.bankName });
      ({ a } = await client.call('GET', `/api/v1/azampay/transactionstatus?${q}`));
    } catch (error) {
      if (error instanceof PayoutTimeoutError) return { status: 'pending' };
      throw error;
    }
    const end = a.success === false ? 'pending' : endOf(statusWord(a));
    if (end === 'succeeded')
      return { status: 'succeeded', providerReference: to.pgReferenceId, fee: fee(to.bankName) };
    if (end === 'failed')
      return {
        status: 'failed',
        providerReference: to.pgReferenceId,
        reason: `AzamPay: ${a.message ?? statusWord(a)}`,
      };
    return { status: 'pending' };
  }

  async function send(request: SendRequest): Promise<SendReply> {
    const to = destinationOf(request.account);
    if (!to)
      return { outcome: 'rejected', reason: 'AzamPay cannot reach this account (no known operator or bank)' };
    const body = disburseBody(config, request, to);
    const checksum = client.checksum(body, config.checksumDisburseFields);
    let reply: { status: number; a: Answer };
    try {
      reply = await client.call('POST', '/api/v1/azampay/disburse', checksum ? { ...body, checksum } : body);
    } catch (error) {
      // The request never left (no token, no connection): nothing was paid.
      if (error instanceof NothingSentError) return { outcome: 'rejected', reason: error.message };
      throw error;
    }
    const { status, a } = reply;
    if (a.success === true && a.pgReferenceId) {
      sent.set(request.idempotencyKey, { pgReferenceId: a.pgReferenceId, bankName: to.bankName });
      return { outcome: 'accepted', providerReference: a.pgReferenceId };
    }
    if (a.success === false && REFUSED_HTTP.has(status))
      return { outcome: 'rejected', reason: `AzamPay: ${a.message ?? `refused (HTTP ${status})`}` };
    // A duplicate reference (403: this line was sent before) or anything else: unknown.
    throw new PayoutTimeoutError(`AzamPay (HTTP ${status}): ${a.message ?? 'no reference'}`);
  }

  return {
    name: 'azampay',
    async nameLookup(account): Promise<NameLookup> {
      const to = destinationOf(account);
      if (!to) return { found: false, reason: 'No operator or bank AzamPay knows for this account' };
      const checksum = client.checksum(to, config.checksumLookupFields);
      const { a } = await client.call(
        'POST',
        '/api/v1/azampay/namelookup',
        checksum ? { ...to, checksum } : to,
      );
      if (a.success !== false && a.name) return { found: true, name: a.name };
      return { found: false, reason: `AzamPay: ${a.message ?? 'name not found'}` };
    },
    send,
    queryStatus,
    verifyCallback: (headers, rawBody) => azampayCallback(config, headers, rawBody),
    fee: (channel) => (channel === 'bank' ? config.feeBank : config.feeMobile),
    onCallback() {
      // AzamPay posts its callbacks to the app's callback route; nothing is delivered from here.
    },
    async stop() {},
  };
}
