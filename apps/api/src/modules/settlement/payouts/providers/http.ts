import { constants, createPublicKey, publicEncrypt, timingSafeEqual } from 'node:crypto';
import { dec, toMoney } from '@ushirika/domain';
import { CallbackRejectedError, PayoutTimeoutError } from '../provider.ts';

/**
 * What the real payout adapters share (#30): one HTTP call with a deadline, the shared callback
 * token, phone numbers in the international form, amounts as text.
 */

export type HttpReply = { status: number; text: string };

/**
 * The request never reached the provider (the connection was refused, the host is unknown, or the
 * token or session it needs could not be had): nothing was paid, so a send may be rejected. A
 * PayoutTimeoutError still, for the callers that only wait and ask again.
 */
export class NothingSentError extends PayoutTimeoutError {}

const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * One request with a deadline. No answer in time, a broken connection or a 5xx (the provider may
 * have acted before it failed) throws PayoutTimeoutError: the caller cannot know what happened.
 */
export async function callProvider(
  url: string,
  init: { method: 'GET' | 'POST'; headers: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpReply> {
  let res: Response;
  let text: string;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      signal: AbortSignal.timeout(init.timeoutMs),
    });
    text = await res.text();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    const Failure = code && NOT_CONNECTED.has(code) ? NothingSentError : PayoutTimeoutError;
    throw new Failure(`No answer from ${new URL(url).host}: ${code ?? String(error)}`);
  }
  if (res.status >= 500) throw new PayoutTimeoutError(`${new URL(url).host} answered ${res.status}`);
  return { status: res.status, text };
}

/** Reads a JSON reply; a body that is not JSON is an answer nobody can read (so: unknown). */
export function jsonOf(reply: HttpReply): unknown {
  try {
    return JSON.parse(reply.text);
  } catch {
    throw new PayoutTimeoutError(`Unreadable reply (HTTP ${reply.status})`);
  }
}

/**
 * The header the callback route fills from the `token` query parameter of the callback URL
 * registered with the provider. Neither M-Pesa's open API nor AzamPay signs its callbacks, so the
 * URL carries a secret of ours (see docs/DECISIONS.md).
 */
export const CALLBACK_TOKEN_HEADER = 'x-payout-callback-token';

export function checkCallbackToken(headers: Record<string, string | undefined>, expected: string): void {
  const given = Buffer.from(headers[CALLBACK_TOKEN_HEADER] ?? '');
  const want = Buffer.from(expected);
  if (!expected || given.length !== want.length || !timingSafeEqual(given, want))
    throw new CallbackRejectedError('The callback token does not match');
}

/** A Tanzanian mobile number as 255XXXXXXXXX, or null when it is not one. */
export function msisdnOf(phone: string | null): string | null {
  const digits = (phone ?? '').replace(/[\s\-()+]/g, '');
  const full = digits.startsWith('0') ? `255${digits.slice(1)}` : digits;
  return /^255[67]\d{8}$/.test(full) ? full : null;
}

/** A TZS amount as the provider's text: two decimals, from the string (never through a float). */
export const amountText = (amount: string): string => toMoney(dec(amount));

/** A callback's JSON body, or a CallbackRejectedError. */
export function parseJson(rawBody: string): unknown {
  try {
    return JSON.parse(rawBody);
  } catch {
    throw new CallbackRejectedError('The callback is not JSON');
  }
}

/** A JSON string `"@money:<amount>"` written by `markMoney`. */
const MONEY_MARK = /"@money:(\d+\.\d{2})"/g;

/** Marks an amount to be written as a JSON number by `moneyJson`. */
export const markMoney = (amount: string): string => `@money:${amountText(amount)}`;

/**
 * JSON in which marked amounts are JSON numbers, digit for digit, for a provider whose documented
 * field is a number: the amount never passes through a float.
 */
export const moneyJson = (body: unknown): string => JSON.stringify(body).replace(MONEY_MARK, '$1');

/**
 * `data` RSA-encrypted (PKCS#1 v1.5) with a provider's public key, PEM or bare base64 DER as the
 * provider hands it out, in base64.
 */
export function rsaEncrypted(publicKey: string, data: Buffer): string {
  const key = publicKey.includes('BEGIN')
    ? createPublicKey(publicKey)
    : createPublicKey({
        key: Buffer.from(publicKey.replace(/\s/g, ''), 'base64'),
        format: 'der',
        type: 'spki',
      });
  return publicEncrypt({ key, padding: constants.RSA_PKCS1_PADDING }, data).toString('base64');
}
