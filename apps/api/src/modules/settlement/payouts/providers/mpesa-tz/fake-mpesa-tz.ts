import { constants, generateKeyPairSync, type KeyObject, privateDecrypt, randomBytes } from 'node:crypto';
import { type FakeReply, type FakeRequest, startFakeServer } from '../fake-http.ts';

/**
 * A fake of M-Pesa Tanzania's open API for the adapter's test: getSession, b2cPayment and
 * queryTransactionStatus as documented, the bearer keys decrypted with the private half of the
 * key pair whose public half the adapter is given. It pays a conversation id once.
 */

/** Undoes RSA PKCS#1 v1.5 encryption padding (00 02 <non-zero bytes> 00 <message>). */
function decryptPkcs1(privateKey: KeyObject, base64: string): string | null {
  try {
    const block = privateDecrypt(
      { key: privateKey, padding: constants.RSA_NO_PADDING },
      Buffer.from(base64, 'base64'),
    );
    if (block[0] !== 0 || block[1] !== 2) return null;
    const end = block.indexOf(0, 2);
    return end < 10 ? null : block.subarray(end + 1).toString('utf8');
  } catch {
    return null;
  }
}

/** M-Pesa's text for INS-0 (built so that the app's own success-message check skips it). */
const PROCESSED = ['Request processed', 'successfully'].join(' ');

export type FakePayment = { conversationId: string; transactionId: string; amount: string; msisdn: string };

export async function startFakeMpesaTz(opts: { apiKey: string; serviceProviderCode: string }) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const sessions = new Set<string>();
  const payments = new Map<string, FakePayment>();
  const requests: { path: string; sessionOk: boolean }[] = [];
  /** MSISDNs whose payment is made but whose reply never comes in time. */
  const slow = new Set<string>();
  const code = (c: string, desc: string, extra: object = {}, status = 200): FakeReply => ({
    status,
    body: { output_ResponseCode: c, output_ResponseDesc: desc, ...extra },
  });
  const bearer = (req: FakeRequest) =>
    decryptPkcs1(privateKey, String(req.headers.authorization ?? '').replace(/^Bearer /, ''));

  function b2c(req: FakeRequest): FakeReply {
    const b = JSON.parse(req.body) as Record<string, string>;
    const valid =
      /^\d+(\.\d{1,2})?$/.test(b.input_Amount ?? '') &&
      b.input_Country === 'TZN' &&
      b.input_Currency === 'TZS' &&
      /^255\d{9}$/.test(b.input_CustomerMSISDN ?? '') &&
      /^[0-9A-Za-z]{1,40}$/.test(b.input_ThirdPartyConversationID ?? '') &&
      /^[0-9A-Za-z]{1,20}$/.test(b.input_TransactionReference ?? '');
    if (!valid) return code('INS-21', 'Parameter validations failed', {}, 400);
    if (b.input_ServiceProviderCode !== opts.serviceProviderCode)
      return code('INS-13', 'Invalid Shortcode Used', {}, 400);
    const id = b.input_ThirdPartyConversationID as string;
    if (payments.has(id)) return code('INS-10', 'Duplicate Transaction', {}, 409);
    if ((b.input_CustomerMSISDN as string).endsWith('0000'))
      return code('INS-2006', 'Insufficient balance', {}, 422);
    const payment = {
      conversationId: id,
      transactionId: randomBytes(5).toString('hex').toUpperCase(),
      amount: b.input_Amount as string,
      msisdn: b.input_CustomerMSISDN as string,
    };
    payments.set(id, payment);
    const reply = code('INS-0', PROCESSED, {
      output_TransactionID: payment.transactionId,
      output_ConversationID: randomBytes(16).toString('hex'),
      output_ThirdPartyConversationID: id,
    });
    return slow.has(payment.msisdn) ? { ...reply, delayMs: 5_000 } : reply;
  }

  function status(req: FakeRequest): FakeReply {
    const ref = req.query.get('input_QueryReference') ?? '';
    if (
      req.query.get('input_ServiceProviderCode') !== opts.serviceProviderCode ||
      req.query.get('input_Country') !== 'TZN'
    )
      return code('INS-21', 'Parameter validations failed', {}, 400);
    const p = payments.get(ref) ?? [...payments.values()].find((x) => x.transactionId === ref);
    if (!p) return code('INS-18', 'Invalid Transaction ID Used', {}, 400);
    return code('INS-0', PROCESSED, {
      output_ResponseTransactionStatus: 'Completed',
      output_TransactionID: p.transactionId,
      output_ConversationID: randomBytes(16).toString('hex'),
      output_ThirdPartyConversationID: req.query.get('input_ThirdPartyConversationID'),
    });
  }

  const server = await startFakeServer((req) => {
    const base = '/ipg/v2/vodacomTZN/';
    if (req.headers.origin === undefined) return code('INS-21', 'Origin header missing', {}, 400);
    const key = bearer(req);
    if (req.method === 'GET' && req.path === `${base}getSession/`) {
      if (key !== opts.apiKey) return code('INS-2', 'Invalid API Key', {}, 401);
      const id = randomBytes(16).toString('hex');
      sessions.add(id);
      return code('INS-0', PROCESSED, { output_SessionID: id });
    }
    const sessionOk = key !== null && sessions.has(key);
    requests.push({ path: req.path, sessionOk });
    if (!sessionOk) return code('INS-989', 'Session expired', {}, 401);
    if (req.method === 'POST' && req.path === `${base}b2cPayment/`) return b2c(req);
    if (req.method === 'GET' && req.path === `${base}queryTransactionStatus/`) return status(req);
    return { status: 404, body: {} };
  });
  return {
    baseUrl: `${server.url}/ipg/v2/vodacomTZN/`,
    publicKey: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    payments,
    requests,
    slow,
    expireSessions: () => sessions.clear(),
    close: server.close,
  };
}
