import {
  constants,
  createHash,
  generateKeyPairSync,
  type KeyObject,
  privateDecrypt,
  randomBytes,
} from 'node:crypto';
import { type FakeReply, type FakeRequest, startFakeServer } from '../fake-http.ts';

/**
 * A fake of AzamPay's token service and disbursement API for the adapter's test, as documented:
 * GenerateToken, namelookup, disburse, transactionstatus, and the disbursement callback posted to
 * the registered URL. It checks the bearer token, the API key and the checksum (the SHA-512 of the
 * agreed fields, RSA-encrypted with its public key), and pays an externalReferenceId once.
 */

export type FakeAzampayOptions = {
  appName: string;
  clientId: string;
  clientSecret: string;
  apiKey: string;
  transferType: string;
  lookupFields: string[];
  disburseFields: string[];
  names: Record<string, string>;
};
export type FakeDisbursement = {
  externalReferenceId: string;
  pgReferenceId: string;
  amount: string;
  bankName: string;
  accountNumber: string;
};

const BANKS = new Set(['Mpesa', 'Airtel', 'Tigo', 'Halopesa', 'Azampesa', 'CRDB', 'NMB']);

/** The SHA-512 digest inside an RSA PKCS#1 v1.5 encryption block (00 02 <padding> 00 <digest>). */
function digestOf(privateKey: KeyObject, base64: string): Buffer | null {
  try {
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(base64, 'base64'),
    );
    const end = block.indexOf(0, 2);
    return block[0] === 0 && block[1] === 2 && end >= 10 ? block.subarray(end + 1) : null;
  } catch {
    return null;
  }
}

const at = (body: Record<string, unknown>, path: string) =>
  path
    .split('.')
    .reduce<unknown>(
      (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
      body,
    );

/** AzamPay's disbursement callback, posted to the URL registered with it. */
function postCallback(url: string, d: FakeDisbursement) {
  const body = {
    initiatorReferenceId: d.externalReferenceId,
    fspReferenceId: `FSP${randomBytes(4).toString('hex')}`,
    pgReferenceId: d.pgReferenceId,
    amount: d.amount,
    status: 'success',
    message: 'Transaction completed',
    operator: d.bankName,
    additionalProperties: {},
  };
  void fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).catch(() => {});
}

const reply = (status: number, body: object, delayMs?: number): FakeReply => ({
  status,
  body: { statusCode: status, ...body },
  delayMs,
});

/** The body with its amount kept as the text it was sent as (a JSON number, never a float here). */
function parse(raw: string): Record<string, unknown> {
  return JSON.parse(raw.replace(/"amount":(\d+(?:\.\d+)?)([,}])/, '"amount":"#$1"$2')) as Record<
    string,
    unknown
  >;
}

/** Whether a disburse request has AzamPay's shape: TZ to TZ in TZS, the transfer type, an amount of cents. */
function disburseShaped(body: Record<string, unknown>, transferType: string): boolean {
  const src = body.source as Record<string, string> | undefined;
  const dst = body.destination as Record<string, string> | undefined;
  const td = body.transferDetails as Record<string, unknown> | undefined;
  const ext = String(body.externalReferenceId ?? '');
  const amount = String(td?.amount ?? '');
  return Boolean(
    src?.countryCode === 'TZ' &&
      src.fullName &&
      src.bankName &&
      src.accountNumber &&
      src.currency === 'TZS' &&
      dst?.countryCode === 'TZ' &&
      dst.fullName &&
      dst.accountNumber &&
      dst.currency === 'TZS' &&
      td?.type === transferType &&
      /^#\d+\.\d{2}$/.test(amount) &&
      Number.isInteger(td.dateInEpoch) &&
      ext.length > 0 &&
      ext.length <= 30,
  );
}

export async function startFakeAzampay(opts: FakeAzampayOptions) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const tokens = new Set<string>();
  const paid = new Map<string, FakeDisbursement>();
  const slow = new Set<string>();
  const bad = { auth: 0, checksum: 0 };
  let callbackUrl = '';
  function checksumOk(body: Record<string, unknown>, fields: string[]): boolean {
    const text = fields.map((f) => String(at(body, f) ?? '').replace(/^#/, '')).join('');
    const digest = digestOf(privateKey, String(body.checksum ?? ''));
    const ok = digest?.equals(createHash('sha512').update(text, 'utf8').digest()) === true;
    if (!ok) bad.checksum++;
    return ok;
  }

  function disburse(body: Record<string, unknown>): FakeReply {
    const dst = body.destination as Record<string, string> | undefined;
    const td = body.transferDetails as Record<string, unknown> | undefined;
    const ext = String(body.externalReferenceId ?? '');
    const amount = String(td?.amount ?? '');
    if (!disburseShaped(body, opts.transferType))
      return reply(400, { success: false, message: 'Invalid request' });
    if (!BANKS.has(dst?.bankName ?? '')) return reply(400, { success: false, message: 'Invalid BankName.' });
    if (!checksumOk(body, opts.disburseFields))
      return reply(400, { success: false, message: 'Invalid checksum' });
    if (paid.has(ext)) return reply(403, { success: false, message: 'Duplicate External Reference Id' });
    const d = {
      externalReferenceId: ext,
      pgReferenceId: randomBytes(16).toString('hex'),
      amount: amount.slice(1),
      bankName: dst?.bankName ?? '',
      accountNumber: dst?.accountNumber ?? '',
    };
    paid.set(ext, d);
    setTimeout(() => postCallback(callbackUrl, d), 20);
    return reply(
      200,
      { success: true, message: 'Your transaction is in process', pgReferenceId: d.pgReferenceId },
      slow.has(d.accountNumber) ? 5_000 : undefined,
    );
  }

  function api(req: FakeRequest): FakeReply {
    const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
    if (!tokens.has(bearer) || req.headers['x-api-key'] !== opts.apiKey) {
      bad.auth++;
      return reply(401, { success: false, message: 'Please Provide Valid Authorization' });
    }
    if (req.method === 'POST' && req.path === '/api/v1/azampay/namelookup') {
      const body = parse(req.body);
      if (!checksumOk(body, opts.lookupFields))
        return reply(400, { success: false, message: 'Invalid checksum' });
      const name = opts.names[`${body.bankName}/${body.accountNumber}`];
      if (!name) return reply(404, { success: false, message: 'Account not found', name: '' });
      return reply(200, {
        success: true,
        message: 'Name found',
        name,
        bankName: body.bankName,
        accountNumber: body.accountNumber,
      });
    }
    if (req.method === 'POST' && req.path === '/api/v1/azampay/disburse') return disburse(parse(req.body));
    if (req.method === 'GET' && req.path === '/api/v1/azampay/transactionstatus') {
      const d = [...paid.values()].find((p) => p.pgReferenceId === req.query.get('pgReferenceId'));
      if (!d || req.query.get('bankName') !== d.bankName)
        return reply(404, { success: false, message: 'Transaction not found' });
      return reply(200, { success: true, message: 'Transaction found', data: 'SUCCESS' });
    }
    return reply(404, { success: false, message: 'Not found' });
  }

  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === '/AppRegistration/GenerateToken') {
      const b = JSON.parse(req.body) as Record<string, string>;
      if (b.appName !== opts.appName || b.clientId !== opts.clientId || b.clientSecret !== opts.clientSecret)
        return reply(423, {
          success: false,
          message: 'Provided detail is not valid for this app or secret key has expired',
        });
      const accessToken = randomBytes(24).toString('base64url');
      tokens.add(accessToken);
      return reply(200, {
        success: true,
        message: 'Token generated',
        data: { accessToken, expire: new Date(Date.now() + 3_600_000).toISOString() },
      });
    }
    return api(req);
  });
  return {
    url: server.url,
    checksumPublicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    paid,
    slow,
    bad,
    setCallbackUrl: (url: string) => {
      callbackUrl = url;
    },
    expireTokens: () => tokens.clear(),
    close: server.close,
  };
}
