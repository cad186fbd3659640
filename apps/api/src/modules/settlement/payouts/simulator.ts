import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { dec, toMoney } from '@ushirika/domain';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../../config.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { groupWrites } from './group-writes.ts';
import {
  CallbackRejectedError,
  type NameLookup,
  type PayoutAccount,
  type PayoutCallback,
  type PayoutChannel,
  type PayoutProvider,
  PayoutTimeoutError,
  type SendReply,
  type StatementRow,
  type StatusReply,
} from './provider.ts';

type Knobs = Config['payouts']['simulator'];

/**
 * The simulator's signing key, drawn once per process and never leaving it: every simulator built
 * here (the one the settings build, again after a save; one a test builds to send a payment of
 * its own) signs alike, as a provider signs every callback of an account with one key. A callback
 * not signed in this process is refused.
 */
const SECRET = randomBytes(32);

/** Names the simulator's register answers for an account whose holder is someone else. */
const OTHER_NAMES = ['NEEMA JUMA KISANGA', 'PETRO MUSA MBWAMBO', 'ZAWADI ALLY OMARI', 'BARAKA HAMIS NDAKI'];

const FAILURE = 'The receiving account refused the payment (simulated)';

/**
 * A roll in [0, 1) fixed by the seed, the knob and the key: the same line meets the same fault
 * after a restart, and a run is repeatable. Probabilities only, never money.
 */
export function roll(seed: string, knob: string, key: string): number {
  return createHash('sha256').update(`${seed}:${knob}:${key}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** The simulator's tariff: mobile 0.5 % (200 to 5,000 TZS), bank 1,500 TZS a payment. */
export function simulatorFee(channel: PayoutChannel, amount: string): string {
  if (channel === 'bank') return '1500.00';
  const fee = dec(amount).times('0.005');
  return toMoney(fee.lessThan(200) ? 200 : fee.greaterThan(5000) ? 5000 : fee);
}

const accountKey = (a: PayoutAccount) =>
  a.channel === 'mobile' ? (a.phone ?? '') : `${a.bankName ?? ''}/${a.accountNo ?? ''}`;

const ledgerRow = z.object({
  key: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  providerReference: z.string(),
  fee: z.string(),
  failureReason: z.string().nullable(),
  replyLost: z.number(),
  due: z.boolean(),
});

/** A ledger row's columns, the ledger named `l`. */
const ledgerColumns = sql`l.idempotency_key as key, l.status, l.provider_reference as "providerReference",
  l.fee::text as fee, l.failure_reason as "failureReason", l.reply_lost as "replyLost", l.due_at <= now() as due`;

/**
 * Decides due payments' ends (once: only a pending row changes) and answers each key's row, in
 * one statement for all the keys. With `calling`, the callback about to be delivered is counted in
 * the same statement (when its reply was not lost): `counted` says whether this call settled the
 * row and counted it.
 */
async function settleAll(db: DbOrTx, knobs: Knobs, keys: string[], calling: boolean) {
  const outcomes = [...new Set(keys)].map((key) => {
    const failed = roll(knobs.seed, 'fail', key) < knobs.failRate;
    return sql`(${key}, ${failed ? 'failed' : 'succeeded'}, ${failed ? FAILURE : null})`;
  });
  const settled = await queryRows(
    db,
    ledgerRow,
    sql`update payout_simulator_ledger l
      set status = o.status, failure_reason = o.reason, settled_at = now(),
        callbacks = callbacks + case when ${calling} and l.reply_lost = 0 then 1 else 0 end
      from (values ${sql.join(outcomes, sql`, `)}) as o(key, status, reason)
      where l.idempotency_key = o.key and l.status = 'pending'
      returning ${ledgerColumns}`,
  );
  const rows = new Map(settled.map((r) => [r.key, { ...r, counted: calling }]));
  const others = keys.filter((k) => !rows.has(k));
  if (others.length)
    for (const r of await readAll(db, others))
      if (!rows.has(r.key)) rows.set(r.key, { ...r, counted: false });
  // A key named twice is counted once: its first answer says so, the others do not.
  const seen = new Set<string>();
  return keys.map((k) => {
    const row = rows.get(k);
    if (!row) return undefined;
    const first = !seen.has(k);
    seen.add(k);
    return first ? row : { ...row, counted: false };
  });
}

const readAll = (db: DbOrTx, keys: string[]) =>
  queryRows(
    db,
    ledgerRow,
    sql`select ${ledgerColumns} from payout_simulator_ledger l
        where l.idempotency_key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`,
  );

async function read(db: DbOrTx, key: string) {
  const [row] = await readAll(db, [key]);
  return row;
}

function resultOf(row: z.output<typeof ledgerRow>): StatusReply {
  if (row.status === 'pending') return { status: 'pending' };
  if (row.status === 'failed')
    return {
      status: 'failed',
      providerReference: row.providerReference,
      reason: row.failureReason ?? FAILURE,
    };
  return { status: 'succeeded', providerReference: row.providerReference, fee: row.fee };
}

const sign = (body: string) => createHmac('sha256', SECRET).update(body).digest('hex');

/** A callback signed in this process, parsed; anything else is refused. */
function verifySignedCallback(headers: Record<string, string | undefined>, rawBody: string): PayoutCallback {
  const given = Buffer.from(headers['x-simulator-signature'] ?? '', 'hex');
  const expected = Buffer.from(sign(rawBody), 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw new CallbackRejectedError('The callback signature does not match');
  return callbackBody.parse(JSON.parse(rawBody));
}

/** The name the simulator's register holds for an account: the expected one, or by a roll another's. */
function registeredName(knobs: Knobs, account: PayoutAccount, expectedName: string): NameLookup {
  const key = accountKey(account);
  if (!key || key === '/') return { found: false, reason: 'No account to look up' };
  if (roll(knobs.seed, 'name', key) < knobs.nameMismatchRate)
    return {
      found: true,
      name: OTHER_NAMES[Math.floor(roll(knobs.seed, 'other-name', key) * OTHER_NAMES.length)] ?? 'UNKNOWN',
    };
  return { found: true, name: expectedName.toUpperCase() };
}

/** The simulator's statement of the keys, in the order it received them. */
async function simulatorStatement(db: DbOrTx, knobs: Knobs, keys: string[]): Promise<StatementRow[]> {
  if (keys.length === 0) return [];
  // The simulated network has settled every payment that is due by the time it is asked.
  const due = await queryRows(
    db,
    z.object({ key: z.string() }),
    sql`select idempotency_key as key from payout_simulator_ledger
        where status = 'pending' and due_at <= now() and idempotency_key = any(${sql.param(keys)}::text[])`,
  );
  if (due.length)
    await settleAll(
      db,
      knobs,
      due.map((d) => d.key),
      false,
    );
  const rows = await queryRows(
    db,
    statementRow,
    sql`select idempotency_key as "idempotencyKey", provider_reference as "providerReference", account,
          amount::text as amount, fee::text as fee, status, failure_reason as reason
        from payout_simulator_ledger where idempotency_key = any(${sql.param(keys)}::text[])
        order by received_at, idempotency_key`,
  );
  return rows.map((r, i) => ({ ...r, rowNo: i + 1 }));
}

/**
 * The built-in payout provider for the demo, the tests and training: it behaves like a real one
 * (a reply, then a callback some 50-200 ms later) and keeps its own ledger of money sent in the
 * database, one row per idempotency key, so it survives a restart and never pays a key twice.
 * Faults come from the environment (PAYOUT_SIM_*): a timeout (half of them before the request
 * arrives, half after it was paid; either way no reply and no callback), a duplicate callback, a
 * registered name that differs, a payment the receiving account refuses.
 */
export function createSimulator(db: DbOrTx, knobs: Knobs): PayoutProvider {
  const timers = new Set<NodeJS.Timeout>();
  const pending = new Set<Promise<unknown>>();
  let deliver: ((headers: Record<string, string>, body: string) => Promise<void>) | undefined;
  let stopped = false;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const latency = (key: string, knob: string) =>
    Math.round(knobs.minMs + roll(knobs.seed, knob, key) * (knobs.maxMs - knobs.minMs));
  const later = (ms: number, work: () => Promise<unknown>) => {
    if (stopped) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      if (stopped) return;
      const running = work().catch(() => {});
      pending.add(running);
      void running.finally(() => pending.delete(running));
    }, ms);
    timers.add(timer);
  };

  // The simulator's own writes, grouped (group commit) like a provider's busy ledger would be.
  const settleForCallback = groupWrites((keys: string[]) =>
    settleAll(db, knobs, keys, deliver !== undefined),
  );
  const record = groupWrites(async (rows: { key: string; values: SQL }[]) => {
    const inserted = await queryRows(
      db,
      z.object({ key: z.string() }),
      sql`insert into payout_simulator_ledger
          (idempotency_key, channel, account, name, amount, fee, reference, provider_reference, status,
           reply_lost, due_at)
        values ${sql.join(
          rows.map((r) => r.values),
          sql`, `,
        )}
        on conflict (idempotency_key) do nothing
        returning idempotency_key as key`,
    );
    // Whether each send wrote its key's row (a key sent twice in one statement: the first did).
    const written = new Set(inserted.map((r) => r.key));
    return rows.map((r) => written.delete(r.key));
  });

  async function callBack(key: string) {
    const row = await settleForCallback(key);
    if (!row || row.replyLost || row.status === 'pending' || !deliver) return;
    const result = resultOf(row);
    if (result.status !== 'succeeded' && result.status !== 'failed') return;
    const body = JSON.stringify({ ...result, idempotencyKey: key } satisfies PayoutCallback);
    const copies = roll(knobs.seed, 'duplicate', key) < knobs.duplicateCallbackRate ? 2 : 1;
    for (let i = 0; i < copies; i++) {
      const send = async () => {
        if (i > 0 || !row.counted)
          await db.execute(sql`update payout_simulator_ledger set callbacks = callbacks + 1
            where idempotency_key = ${key}`);
        await deliver?.({ 'x-simulator-signature': sign(body) }, body);
      };
      if (i === 0) await send();
      else later(latency(key, 'duplicate-delay'), send);
    }
  }

  return {
    name: 'simulator',
    async nameLookup(account, expectedName): Promise<NameLookup> {
      await wait(latency(accountKey(account), 'lookup-delay'));
      return registeredName(knobs, account, expectedName);
    },
    async send(request): Promise<SendReply> {
      const key = request.idempotencyKey;
      await wait(latency(key, 'send-delay'));
      const timeout = roll(knobs.seed, 'timeout', key) < knobs.timeoutRate;
      // Half the timeouts never reach the simulator: nothing is paid, the key stays unknown to it.
      if (timeout && roll(knobs.seed, 'timeout-where', key) < 0.5) throw new PayoutTimeoutError('No reply');
      const providerReference = `SIM${createHash('sha256').update(key).digest('hex').slice(0, 12).toUpperCase()}`;
      const wrote = await record({
        key,
        values: sql`(${key}, ${request.account.channel}, ${accountKey(request.account)},
          ${request.name}, ${request.amount}::numeric, ${simulatorFee(request.account.channel, request.amount)}::numeric,
          ${request.reference}, ${providerReference}, 'pending', ${timeout ? 1 : 0}::int,
          now() + make_interval(secs => ${latency(key, 'settle-delay') / 1000}))`,
      });
      if (wrote) later(latency(key, 'settle-delay'), () => callBack(key));
      if (timeout) throw new PayoutTimeoutError('No reply');
      return { outcome: 'accepted', providerReference };
    },
    async queryStatus(key): Promise<StatusReply> {
      await wait(latency(key, 'query-delay'));
      const row = await read(db, key);
      if (!row) return { status: 'not_found' };
      if (row.status === 'pending' && row.due) {
        const [settled] = await settleAll(db, knobs, [key], false);
        return settled ? resultOf(settled) : { status: 'pending' };
      }
      return resultOf(row);
    },
    statement: (keys) => simulatorStatement(db, knobs, keys),
    verifyCallback: verifySignedCallback,
    fee: simulatorFee,
    onCallback(handler) {
      deliver = handler;
    },
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...pending]);
    },
  };
}

const statementRow = z.object({
  idempotencyKey: z.string(),
  providerReference: z.string(),
  account: z.string(),
  amount: z.string(),
  fee: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  reason: z.string().nullable(),
});

const callbackBody = z.discriminatedUnion('status', [
  z.object({
    idempotencyKey: z.string(),
    status: z.literal('succeeded'),
    providerReference: z.string(),
    fee: z.string().regex(/^\d+(\.\d{1,2})?$/),
  }),
  z.object({
    idempotencyKey: z.string(),
    status: z.literal('failed'),
    providerReference: z.string().nullable(),
    reason: z.string(),
  }),
]);
