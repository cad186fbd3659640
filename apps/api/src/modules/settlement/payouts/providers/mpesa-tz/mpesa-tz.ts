import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  CallbackRejectedError,
  type NameLookup,
  type PayoutCallback,
  type PayoutProvider,
  PayoutTimeoutError,
  type SendReply,
  type SendRequest,
  type StatusReply,
} from '../../provider.ts';
import { deliveries } from '../deliveries.ts';
import {
  amountText,
  CALLBACK_TOKEN_HEADER,
  callProvider,
  checkCallbackToken,
  type HttpReply,
  jsonOf,
  msisdnOf,
  NothingSentError,
  parseJson,
  rsaEncrypted,
} from '../http.ts';

/** The open API's base paths for Vodacom Tanzania (openapiportal.m-pesa.com). */
export const MPESA_TZ_BASE = {
  sandbox: 'https://openapi.m-pesa.com/sandbox/ipg/v2/vodacomTZN/',
  live: 'https://openapi.m-pesa.com/openapi/ipg/v2/vodacomTZN/',
} as const;

const money = z.string().regex(/^\d+(\.\d{1,2})?$/, 'An amount such as 0 or 150.00');

export const mpesaTzConfig = z.object({
  environment: z.enum(['sandbox', 'live']).default('sandbox'),
  /** Replaces the environment's base URL (a test's fake server). */
  baseUrl: z.url().optional(),
  apiKey: z.string().min(1),
  /** The open API's RSA public key, base64 (as the portal shows it) or PEM. */
  publicKey: z.string().min(1),
  serviceProviderCode: z.string().min(1),
  callbackToken: z.string().min(16),
  /** The tariff per payment agreed with Vodacom, TZS. */
  fee: money.default('0.00'),
  timeoutMs: z.number().int().positive().default(30_000),
});
export type MpesaTzConfig = z.output<typeof mpesaTzConfig>;

/** Codes after which nothing was paid: the payment is refused for good. */
const REFUSED = new Set([
  'INS-2',
  'INS-6',
  'INS-13',
  'INS-14',
  'INS-15',
  'INS-17',
  'INS-19',
  'INS-20',
  'INS-21',
  'INS-26',
  'INS-995',
  'INS-996',
  'INS-2001',
  'INS-2002',
  'INS-2006',
  'INS-2051',
]);
/** The status query's answer for a reference M-Pesa does not know. */
const NOT_FOUND = 'INS-18';

const reply = z.looseObject({
  output_ResponseCode: z.string(),
  output_ResponseDesc: z.string().default(''),
  output_TransactionID: z.string().optional(),
  output_ConversationID: z.string().optional(),
  output_ThirdPartyConversationID: z.string().optional(),
  output_ResponseTransactionStatus: z.string().optional(),
  output_SessionID: z.string().optional(),
});
type Reply = z.output<typeof reply>;

/** The line id without its dashes: M-Pesa's conversation ids are letters and digits. */
export const conversationIdOf = (key: string) => key.replaceAll('-', '');
const keyOf = (id: string) =>
  /^[0-9a-f]{32}$/i.test(id)
    ? `${id.slice(0, 8)}-${id.slice(8, 12)}-${id.slice(12, 16)}-${id.slice(16, 20)}-${id.slice(20)}`.toLowerCase()
    : id;

/** Encrypts with the open API's public key (RSA, PKCS#1 v1.5) and answers base64. */
export function encryptForMpesa(publicKey: string, text: string): string {
  return rsaEncrypted(publicKey, Buffer.from(text));
}

const describe = (r: Reply) => `${r.output_ResponseCode}: ${r.output_ResponseDesc}`.trim();

/** M-Pesa's result, as it posts it to the callback URL. */
const resultBody = (r: Reply) =>
  JSON.stringify({
    output_ResponseCode: r.output_ResponseCode,
    output_ResponseDesc: r.output_ResponseDesc,
    output_TransactionID: r.output_TransactionID,
    output_ConversationID: r.output_ConversationID,
    output_ThirdPartyConversationID: r.output_ThirdPartyConversationID,
  });

/** Reads a callback: its token checked, the line, and its end (only a final result). */
function readCallback(
  config: MpesaTzConfig,
  headers: Record<string, string | undefined>,
  rawBody: string,
): PayoutCallback {
  checkCallbackToken(headers, config.callbackToken);
  const parsed = reply.safeParse(parseJson(rawBody));
  const r = parsed.data;
  if (!r?.output_ThirdPartyConversationID) throw new CallbackRejectedError('The callback names no payment');
  const idempotencyKey = keyOf(r.output_ThirdPartyConversationID);
  const providerReference = r.output_TransactionID ?? r.output_ConversationID ?? null;
  if (r.output_ResponseCode === 'INS-0')
    return {
      idempotencyKey,
      status: 'succeeded',
      providerReference: providerReference ?? idempotencyKey,
      fee: config.fee,
    };
  if (REFUSED.has(r.output_ResponseCode))
    return { idempotencyKey, status: 'failed', providerReference, reason: describe(r) };
  throw new CallbackRejectedError(`The callback is not a final result (${describe(r)})`);
}

/** The customer pay-out (B2C) request of a line, keyed by its conversation id. */
function b2cBody(config: MpesaTzConfig, request: SendRequest, msisdn: string, conversationId: string) {
  return {
    input_Amount: amountText(request.amount),
    input_Country: 'TZN',
    input_Currency: 'TZS',
    input_CustomerMSISDN: msisdn,
    input_ServiceProviderCode: config.serviceProviderCode,
    input_ThirdPartyConversationID: conversationId,
    input_TransactionReference:
      request.reference.replace(/[^0-9A-Za-z]/g, '').slice(0, 20) || conversationId.slice(0, 20),
    input_PaymentItemsDesc: request.reference.slice(0, 100) || 'Payment',
  };
}

/** A transaction status reply as the line's state: not found, still pending, or its end. */
function statusOf(config: MpesaTzConfig, key: string, r: Reply): StatusReply {
  if (r.output_ResponseCode === NOT_FOUND) return { status: 'not_found' };
  if (r.output_ResponseCode !== 'INS-0') return { status: 'pending' };
  const status = (r.output_ResponseTransactionStatus ?? '').toLowerCase();
  const ref = r.output_TransactionID ?? null;
  if (status === 'completed') return { status: 'succeeded', providerReference: ref ?? key, fee: config.fee };
  if (['failed', 'cancelled', 'expired', 'declined'].includes(status))
    return {
      status: 'failed',
      providerReference: ref,
      reason: `M-Pesa: ${r.output_ResponseTransactionStatus}`,
    };
  return { status: 'pending' };
}

/**
 * M-Pesa Tanzania's open API (Vodacom): session key, customer pay-out (B2C, single stage),
 * transaction status. The session key is fetched with the API key encrypted by the public key;
 * each call then carries the session key encrypted the same way. B2C answers the payment's end in
 * its reply; the adapter hands that answer to the callback handler, in the same form as the
 * asynchronous result M-Pesa posts to the callback URL, so one path settles the line.
 */
export function createMpesaTz(config: MpesaTzConfig): PayoutProvider {
  const base = config.baseUrl ?? MPESA_TZ_BASE[config.environment];
  const out = deliveries();
  let session: Promise<string> | null = null;

  async function newSession(): Promise<string> {
    const res = await callProvider(`${base}getSession/`, {
      method: 'GET',
      headers: { Authorization: `Bearer ${encryptForMpesa(config.publicKey, config.apiKey)}`, Origin: '*' },
      timeoutMs: config.timeoutMs,
    });
    const r = reply.safeParse(jsonOf(res));
    if (!r.success || r.data.output_ResponseCode !== 'INS-0' || !r.data.output_SessionID)
      throw new NothingSentError(`M-Pesa gave no session key (HTTP ${res.status})`);
    return r.data.output_SessionID;
  }

  /** A call with the session key; a 401 (the session expired) gets a new key and one retry. */
  async function call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Reply> {
    for (let attempt = 0; ; attempt++) {
      session ??= newSession();
      const current = session;
      const sessionId = await current.catch((error) => {
        if (session === current) session = null;
        throw error instanceof NothingSentError
          ? error
          : new NothingSentError(`M-Pesa gave no session key: ${String(error)}`);
      });
      const res: HttpReply = await callProvider(`${base}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${encryptForMpesa(config.publicKey, sessionId)}`,
          'Content-Type': 'application/json',
          Origin: '*',
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        timeoutMs: config.timeoutMs,
      });
      if (res.status === 401 && attempt === 0) {
        if (session === current) session = null;
        continue;
      }
      const r = reply.safeParse(jsonOf(res));
      if (!r.success) throw new PayoutTimeoutError(`Unreadable M-Pesa reply (HTTP ${res.status})`);
      return r.data;
    }
  }

  async function send(request: SendRequest): Promise<SendReply> {
    const msisdn = request.account.channel === 'mobile' ? msisdnOf(request.account.phone) : null;
    if (!msisdn) return { outcome: 'rejected', reason: 'M-Pesa pays Tanzanian mobile numbers only' };
    const conversationId = conversationIdOf(request.idempotencyKey);
    let r: Reply;
    try {
      r = await call('POST', 'b2cPayment/', b2cBody(config, request, msisdn, conversationId));
    } catch (error) {
      // The request never left (no session key, no connection): nothing was paid.
      if (error instanceof NothingSentError) return { outcome: 'rejected', reason: error.message };
      throw error;
    }
    if (r.output_ResponseCode === 'INS-0') {
      const body = resultBody({ ...r, output_ThirdPartyConversationID: conversationId });
      out.later({ [CALLBACK_TOKEN_HEADER]: config.callbackToken }, body);
      return { outcome: 'accepted', providerReference: r.output_TransactionID ?? conversationId };
    }
    if (REFUSED.has(r.output_ResponseCode)) return { outcome: 'rejected', reason: describe(r) };
    // A duplicate (INS-10: this key was sent before) or an error that says nothing about the
    // money: the line is unknown and only a status query settles it.
    throw new PayoutTimeoutError(`M-Pesa: ${describe(r)}`);
  }

  async function queryStatus(key: string): Promise<StatusReply> {
    let r: Reply;
    try {
      const q = new URLSearchParams({
        input_QueryReference: conversationIdOf(key),
        input_ServiceProviderCode: config.serviceProviderCode,
        input_ThirdPartyConversationID: conversationIdOf(randomUUID()),
        input_Country: 'TZN',
      });
      r = await call('GET', `queryTransactionStatus/?${q}`);
    } catch (error) {
      if (error instanceof PayoutTimeoutError) return { status: 'pending' };
      throw error;
    }
    return statusOf(config, key, r);
  }

  return {
    name: 'mpesa-tz',
    async nameLookup(): Promise<NameLookup> {
      // The open API publishes no beneficiary-name query for Tanzania (docs/DECISIONS.md).
      return { found: false, reason: "M-Pesa Tanzania's open API has no name lookup: confirm the name" };
    },
    send,
    queryStatus,
    verifyCallback: (headers, rawBody) => readCallback(config, headers, rawBody),
    fee: () => config.fee,
    onCallback: out.onCallback,
    stop: out.stop,
  };
}
