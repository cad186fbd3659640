import { createHash } from 'node:crypto';
import { z } from 'zod';
import { PayoutTimeoutError } from '../../provider.ts';
import { callProvider, type HttpReply, jsonOf, moneyJson, NothingSentError, rsaEncrypted } from '../http.ts';

export type ClientConfig = {
  authUrl: string;
  apiUrl: string;
  appName: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  checksumPublicKey?: string | undefined;
  timeoutMs: number;
};

const token = z.object({ data: z.object({ accessToken: z.string().min(1), expire: z.string().optional() }) });

/** AzamPay's answer to any API call; fields beyond these are kept. */
export const answer = z.looseObject({
  success: z.boolean().optional(),
  message: z.string().optional(),
  statusCode: z.number().optional(),
  pgReferenceId: z.string().optional(),
  data: z.unknown().optional(),
  status: z.unknown().optional(),
  name: z.string().nullish(),
});
export type Answer = z.output<typeof answer>;

/** A token is renewed this long before AzamPay says it expires. */
const TOKEN_MARGIN_MS = 60_000;

/**
 * AzamPay's checksum: the SHA-512 of the agreed fields, RSA-encrypted (PKCS#1 v1.5) with the
 * public key AzamPay gives, base64. Which fields AzamPay agrees with each merchant; ours are the
 * values of `fields` in order, joined with nothing.
 */
export function checksumOf(publicKey: string, text: string): string {
  return rsaEncrypted(publicKey, createHash('sha512').update(text, 'utf8').digest());
}

/**
 * Calls to AzamPay's disbursement API with a bearer token from its token service (renewed before
 * it expires, and once on a 401) and the API key.
 */
export function azampayClient(config: ClientConfig) {
  let bearer: Promise<{ value: string; until: number }> | null = null;

  async function newToken() {
    const res = await callProvider(`${config.authUrl}/AppRegistration/GenerateToken`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        appName: config.appName,
        clientId: config.clientId,
        clientSecret: config.clientSecret,
      }),
      timeoutMs: config.timeoutMs,
    });
    const t = token.safeParse(jsonOf(res));
    if (res.status !== 200 || !t.success)
      throw new NothingSentError(`AzamPay gave no token (HTTP ${res.status})`);
    const expires = t.data.data.expire ? Date.parse(t.data.data.expire) : Number.NaN;
    const until = (Number.isNaN(expires) ? Date.now() + 3_600_000 : expires) - TOKEN_MARGIN_MS;
    return { value: t.data.data.accessToken, until };
  }

  async function currentToken() {
    const held = bearer ? await bearer.catch(() => null) : null;
    if (!held || held.until <= Date.now()) bearer = newToken();
    const mine = bearer as Promise<{ value: string; until: number }>;
    return {
      mine,
      value: await mine.catch((error) => {
        if (bearer === mine) bearer = null;
        throw error instanceof NothingSentError
          ? error
          : new NothingSentError(
              `AzamPay gave no token: ${error instanceof Error ? error.message : String(error)}`,
            );
      }),
    };
  }

  /** One call; a body's marked amounts go as JSON numbers (`markMoney`). */
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
  ): Promise<{ status: number; a: Answer }> {
    for (let attempt = 0; ; attempt++) {
      const t = await currentToken();
      const res: HttpReply = await callProvider(`${config.apiUrl}${path}`, {
        method,
        headers: {
          Authorization: `Bearer ${t.value.value}`,
          'X-API-Key': config.apiKey,
          'Content-Type': 'application/json',
        },
        body: body === undefined ? undefined : moneyJson(body),
        timeoutMs: config.timeoutMs,
      });
      if (res.status === 401 && attempt === 0) {
        if (bearer === t.mine) bearer = null;
        continue;
      }
      const a = answer.safeParse(jsonOf(res));
      if (!a.success) throw new PayoutTimeoutError(`Unreadable AzamPay reply (HTTP ${res.status})`);
      return { status: res.status, a: a.data };
    }
  }

  /** The request's checksum when AzamPay gave a key: the values at `fields` (dotted paths), joined. */
  function checksum(body: Record<string, unknown>, fields: string[]): string | undefined {
    if (!config.checksumPublicKey) return undefined;
    const valueAt = (path: string) =>
      path
        .split('.')
        .reduce<unknown>(
          (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
          body,
        );
    const text = fields.map((f) => String(valueAt(f) ?? '').replace(/^@money:/, '')).join('');
    return checksumOf(config.checksumPublicKey, text);
  }

  return { call, checksum };
}
