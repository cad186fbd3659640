import { maskMobile } from '@ushirika/contracts';
import { type SQL, sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { type Rounds, startRounds } from './rounds.ts';
import { logLine } from './safe-log.ts';
import type { SmsLog, SmsSender } from './sms.ts';
import { type FarmerSmsKind, OPTIONAL_FARMER_SMS, OPTIONAL_SMS_KEY_PREFIX } from './sms-texts.ts';

/**
 * Business SMS (a farmer's collection receipt...) go through the `sms_outbox` table: the message
 * is written in the business transaction, so it exists exactly when the business record does, and
 * a worker sends it afterwards with retries. A gateway that is down never loses or blocks a
 * collection; it only delays the SMS. (Sign-in codes are sent directly: a user waits for them.)
 */
export async function enqueueSms(tx: DbOrTx, to: string, text: string): Promise<void> {
  await tx.execute(
    enqueueSmsSql(sql`select ${uuidv7()}::uuid as id, ${to}::text as recipient, ${text}::text as body`),
  );
}

/**
 * The outbox as SQL: one message per row of `rows` (a query yielding `id`, `recipient`, `body`),
 * rows without a recipient skipped. `enqueueSms` runs it for one message; a statement that saves
 * its record in one round trip (the weighing save) embeds it. With `keyed` the rows also yield
 * `event_key` and each event's message is written once (a distribution's inputs SMS).
 */
export function enqueueSmsSql(rows: SQL, { keyed = false }: { keyed?: boolean } = {}): SQL {
  if (!keyed)
    return sql`insert into sms_outbox (id, recipient, body)
      select r.id, r.recipient, r.body from (${rows}) r where r.recipient is not null`;
  // Keyed: the rows name their event too (`event_key`), written at most once (as enqueueEventSms).
  return sql`insert into sms_outbox (id, recipient, body, event_key)
    select r.id, r.recipient, r.body, r.event_key from (${rows}) r where r.recipient is not null
    on conflict do nothing`;
}

/**
 * One SMS telling of one business event: `key` names the event (`payment-paid:<line>`). A farmer's
 * SMS names its `kind` and the farmer: an optional kind (`OPTIONAL_FARMER_SMS`) is not written for
 * a farmer who opted out of optional SMS.
 */
export type EventSms = {
  key: string;
  recipient: string | null;
  body: string;
  farmer?: { id: string; kind: FarmerSmsKind };
};

/**
 * SMS of business events, each at most once (#31): the outbox keeps one row per event key, so an
 * action retried, run again after a restart, or a second code path reaching the same event adds no
 * second message. Written in the business transaction like `enqueueSms`; no recipient, no message.
 * An optional farmer's SMS to a farmer who opted out is left out, read in the same statement.
 */
export async function enqueueEventSms(tx: DbOrTx, messages: readonly EventSms[]): Promise<void> {
  const rows = messages
    .filter((m) => m.recipient)
    .map((m) => ({
      key: m.key,
      recipient: m.recipient,
      body: m.body,
      optional_for: m.farmer && OPTIONAL_FARMER_SMS.has(m.farmer.kind) ? m.farmer.id : null,
    }));
  if (rows.length === 0) return;
  await tx.execute(sql`insert into sms_outbox (id, recipient, body, event_key)
    select gen_random_uuid(), m.recipient, m.body, m.key
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as m(key text, recipient text, body text, optional_for uuid)
    where m.optional_for is null
      or not exists (select 1 from farmers f where f.id = m.optional_for and f.sms_opt_out)
    on conflict do nothing`);
}

/** Why a withdrawn optional SMS was never sent (the outbox row's `last_error`). */
export const WITHDRAWN_OPTIONAL_SMS = 'Not sent: the farmer opted out of optional SMS';

/**
 * Withdraws a farmer's optional SMS still waiting in the outbox (#31): one queued before the farmer
 * opted out (a gateway down, a retry pending) is never sent after. Run in the opt-out's transaction;
 * the rows end `failed` with WITHDRAWN_OPTIONAL_SMS, so the outbox keeps what was not sent and why.
 */
export async function withdrawOptionalSms(tx: DbOrTx, farmerId: string): Promise<void> {
  const keys = Object.values(OPTIONAL_SMS_KEY_PREFIX).map((prefix) => `${prefix}%:${farmerId}`);
  await tx.execute(sql`update sms_outbox set status = 'failed', last_error = ${WITHDRAWN_OPTIONAL_SMS}
    where status = 'pending' and event_key like any (array[${sql.join(
      keys.map((k) => sql`${k}`),
      sql`, `,
    )}]::text[])`);
}

export type SmsOutboxOptions = {
  /** How often the worker looks for due messages. */
  intervalMs: number;
  /** Messages taken per round. */
  batchSize: number;
  /** After this many failed tries the message is marked failed and left alone. */
  maxAttempts: number;
  /** First retry delay; each further retry doubles it (capped at one hour). */
  backoffMs: number;
};

export const DEFAULT_SMS_OUTBOX: SmsOutboxOptions = {
  intervalMs: 2_000,
  batchSize: 50,
  maxAttempts: 6,
  backoffMs: 30_000,
};

const due = z.object({ id: z.string(), recipient: z.string(), body: z.string(), attempts: z.number() });

/**
 * One round: claims up to `batchSize` due messages (`for update skip locked`, so two workers or
 * two app instances never send the same message), sends each, and records the outcome. The
 * claim pushes `next_attempt_at` forward first, so a crash mid-send retries later, not at once.
 * Answers how many messages were handled.
 */
export async function deliverDueSms(
  db: DbOrTx,
  sender: SmsSender,
  log: SmsLog,
  options: SmsOutboxOptions = DEFAULT_SMS_OUTBOX,
): Promise<number> {
  const claimed = await queryRows(
    db,
    due,
    sql`update sms_outbox o set attempts = o.attempts + 1,
          next_attempt_at = now() + make_interval(secs => ${backoffSeconds(options, 1)})
        where o.id in (
          select id from sms_outbox
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${options.batchSize}
          for update skip locked)
        returning o.id, o.recipient, o.body, o.attempts`,
  );
  for (const message of claimed) {
    try {
      await sender.send(message.recipient, message.body);
      await db.execute(
        sql`update sms_outbox set status = 'sent', sent_at = now(), last_error = null where id = ${message.id}`,
      );
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const attempts = Number(message.attempts);
      const givesUp = attempts >= options.maxAttempts;
      log.warn(
        `SMS to ${maskMobile(message.recipient)} failed (try ${attempts}${givesUp ? ', giving up' : ''}): ${reason}`,
      );
      await db.execute(
        givesUp
          ? sql`update sms_outbox set status = 'failed', last_error = ${reason} where id = ${message.id}`
          : sql`update sms_outbox set last_error = ${reason},
                  next_attempt_at = now() + make_interval(secs => ${backoffSeconds(options, attempts)})
                where id = ${message.id}`,
      );
    }
  }
  return claimed.length;
}

/** Delay before the try after `attempts` tries: backoff, 2x, 4x... capped at one hour. */
export function backoffSeconds(options: Pick<SmsOutboxOptions, 'backoffMs'>, attempts: number): number {
  const ms = Math.min(options.backoffMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
  return ms / 1000;
}

export type SmsOutboxWorker = Rounds;

/**
 * Starts the outbox worker: a round every `intervalMs`, never two rounds at once. A failing round
 * (database down) is logged and the next one tries again. `stop` waits for a running round.
 */
export function startSmsOutboxWorker(
  db: DbOrTx,
  sender: SmsSender,
  log: SmsLog,
  options: SmsOutboxOptions = DEFAULT_SMS_OUTBOX,
): SmsOutboxWorker {
  return startRounds(() => deliverDueSms(db, sender, log, options), options.intervalMs, {
    untilIdle: false,
    failed: (error) => log.warn(`SMS outbox round failed: ${logLine(error)}`),
  });
}
