import { randomUUID } from 'node:crypto';
import type { PayoutProgress } from '@ushirika/contracts';
import { dec, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { accessToken, apiCall as call } from '../../../../test/hardening/child-server.ts';
import { ok, useKillableServer, withDatabase } from '../../../../test/hardening/killable-server.ts';
import { writeSoldPaidLot } from '../../../../test/hardening/sold-lots.ts';
import { makeSettlementWorld } from '../../../../test/settlement-fixtures.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { controlAccounts } from '../../accounts/reports/control-accounts.ts';
import { trialBalance } from '../../accounts/reports/trial-balance.ts';

/**
 * The payout sender under SIGKILL (#30): a batch of LINES farmer lines sent through the simulator
 * with 5 % timeouts, 2 % duplicate callbacks, 1 % names that differ and 1 % refused payments; the
 * server (main.ts, a child process on its own PGlite directory or PostgreSQL database) is killed
 * while the batch is going out, then started again; a person confirms the held names. Afterwards,
 * read straight from the database: every line is final, the simulator's ledger holds each
 * succeeded line exactly once (and no money for a failed one), the collection bank is credited
 * with the money sent plus the fees, the farmers' payable equals the failed lines, both books
 * balance and every control account equals its sub-ledger.
 */
const LINES = 1000;
const PER_LOT = 100;
const ADMIN = { email: 'admin@killpay.ushirika.test', first: 'Pay#First2026', password: 'Pay#Admin2026' };
const FINANCE = { email: 'finance@killpay.ushirika.test', password: 'Pay#Finance2026' };
const KNOBS = {
  PAYOUT_PROVIDER: 'simulator',
  PAYOUT_SIM_TIMEOUT_RATE: '0.05',
  PAYOUT_SIM_DUPLICATE_CALLBACK_RATE: '0.02',
  PAYOUT_SIM_NAME_MISMATCH_RATE: '0.01',
  PAYOUT_SIM_FAIL_RATE: '0.01',
  PAYOUT_SIM_SEED: process.env.HARDENING_SEED ?? 'kill-payouts-2026',
  PAYOUT_SIM_MIN_MS: '50',
  PAYOUT_SIM_MAX_MS: '200',
  PAYOUT_WORKER_MS: '100',
  PAYOUT_QUERY_AFTER_MS: '2000',
  PAYOUT_NOT_FOUND_GRACE_MS: '3000',
};

const server = useKillableServer('kill-payouts', ADMIN, KNOBS);

const one = async <T extends z.ZodType>(db: Db, row: T, query: ReturnType<typeof sql>) => {
  const [r] = await queryRows(db, row, query);
  if (!r) throw new Error('no row');
  return r;
};

it('a batch of 1,000 lines with timeouts, duplicate callbacks and held names, killed mid-batch: every line final and paid at most once; the books agree', async () => {
  const env = await server.open();
  await server.stop();
  // The society: LINES farmers (a third with bank accounts, the rest wallets) in sold, paid lots.
  const amcosId = await withDatabase(env, async (db) => {
    const world = await makeSettlementWorld(db);
    await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, bank_id, account_no)
      select gen_random_uuid(), 'KP-' || lpad(n::text, 5, '0'), ${world.amcosId}, 'Farmer', 'Payout ' || n, 'Female',
        '2557' || lpad(n::text, 8, '0'),
        case when n % 3 = 0 then ${world.bankId}::uuid end,
        case when n % 3 = 0 then 'KPACC-' || n end
      from generate_series(0, ${LINES - 1}) n`);
    const today = todayInTanzania();
    for (let j = 0; j < LINES / PER_LOT; j++)
      await writeSoldPaidLot(db, {
        tag: `KP-${randomUUID().slice(0, 8)}`,
        amcosId: world.amcosId,
        seasonCropId: world.seasonCropId,
        gradeId: world.gradeId,
        warehouseId: world.warehouseId,
        transporterId: world.transporterId,
        buyerId: world.buyerId,
        farmers: sql`substr(f.farmer_no, 4)::int / ${PER_LOT} = ${j}`,
        farmerCount: PER_LOT,
        kgPerFarmer: 37,
        pricePerKg: 2013,
        collectedOn: today,
        soldOn: today,
        actorId: null,
      });
    await db.execute(sql`
      with u as (insert into users (id, first_name, last_name, email, mobile, gender, password_hash, is_initial_password,
          active)
        values (gen_random_uuid(), 'Pay', 'Finance', ${FINANCE.email}, '255700999333', 'Female',
          ${await hashPassword(FINANCE.password)}, false, true) returning id)
      insert into user_roles (user_id, role_id) select u.id, r.id from u, roles r where r.name = 'Finance Manager'`);
    return world.amcosId;
  });

  await server.start();
  let admin = await accessToken(server.url, ADMIN.email, ADMIN.password);
  let finance = await accessToken(server.url, FINANCE.email, FINANCE.password);
  const url = () => server.url;
  const settlement = await ok(
    call<{ data: { id: string } }>(url(), 'POST', '/payments/settlements', { amcosId }, admin),
    'draft settlement',
  );
  await ok(
    call(url(), 'PATCH', `/payments/settlements/${settlement.data.id}/approve`, undefined, finance),
    'approve',
  );
  const batches = await ok(
    call<{ data: { id: string; lineCount: number; total: string }[] }>(
      url(),
      'GET',
      `/payments/batches?settlement_id=${settlement.data.id}&party_type=farmer`,
      undefined,
      admin,
    ),
    'batches',
  );
  const batch = batches.data[0];
  if (!batch) throw new Error('no farmer batch');
  expect(batch.lineCount).toBe(LINES);
  await ok(call(url(), 'PATCH', `/payments/batches/${batch.id}/approve`, undefined, admin), 'approve batch');
  const started = performance.now();
  await ok(call(url(), 'POST', `/payouts/batches/${batch.id}/send`, { total: batch.total }, finance), 'send');
  const progress = async () =>
    (
      await ok(
        call<{ data: PayoutProgress }>(url(), 'GET', `/payouts/batches/${batch.id}`, undefined, finance),
        'progress',
      )
    ).data;
  const until = async (done: (p: PayoutProgress) => boolean, ms: number) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const p = await progress();
      if (done(p)) return p;
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(p.counts)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  // Killed while the money is going out: some lines sent, others claimed, looked up or waiting.
  const atKill = await until((p) => p.sent >= LINES * 0.3, 120_000);
  await server.kill();
  const killedAfterMs = Math.round(performance.now() - started);

  await server.start();
  admin = await accessToken(server.url, ADMIN.email, ADMIN.password);
  finance = await accessToken(server.url, FINANCE.email, FINANCE.password);
  // The names the register answers differently wait for a person, who confirms them.
  const looked = await until((p) => p.counts.pending === 0, 120_000);
  const held = looked.held.map((h) => h.lineId);
  expect(held.length).toBeGreaterThan(0);
  await ok(
    call(url(), 'PATCH', `/payouts/batches/${batch.id}/held`, { confirm: held }, finance),
    'confirm held',
  );
  const done = await until((p) => p.counts.succeeded + p.counts.failed === LINES, 180_000);
  const finalMs = Math.round(performance.now() - started);
  const status = async () =>
    (
      await ok(
        call<{ data: { status: string } }>(url(), 'GET', `/payments/batches/${batch.id}`, undefined, admin),
        'batch',
      )
    ).data.status;
  const deadline = Date.now() + 30_000;
  while (!['paid', 'partly_paid'].includes(await status()) && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  await server.stop();

  const facts = await withDatabase(env, async (db) => {
    const lines = await one(
      db,
      z.object({ paid: z.number(), failed: z.number(), other: z.number(), failedAmount: z.string() }),
      sql`select count(*) filter (where status = 'paid')::int as paid,
            count(*) filter (where status = 'failed')::int as failed,
            count(*) filter (where status not in ('paid', 'failed'))::int as other,
            coalesce(sum(amount) filter (where status = 'failed'), 0)::numeric(16,2)::text as "failedAmount"
          from payment_lines where batch_id = ${batch.id}`,
    );
    const ledger = await one(
      db,
      z.object({
        rows: z.number(),
        succeeded: z.number(),
        paidLinesInLedger: z.number(),
        failedLinesPaid: z.number(),
        sent: z.string(),
        fees: z.string(),
        duplicates: z.number(),
        replyLost: z.number(),
      }),
      sql`select count(*)::int as rows, count(*) filter (where s.status = 'succeeded')::int as succeeded,
            count(*) filter (where pl.status = 'paid' and s.status = 'succeeded')::int as "paidLinesInLedger",
            count(*) filter (where pl.status <> 'paid' and s.status <> 'failed')::int as "failedLinesPaid",
            coalesce(sum(s.amount) filter (where s.status = 'succeeded'), 0)::numeric(16,2)::text as sent,
            coalesce(sum(s.fee) filter (where s.status = 'succeeded'), 0)::numeric(16,2)::text as fees,
            count(*) filter (where s.callbacks > 1)::int as duplicates,
            count(*) filter (where s.reply_lost = 1)::int as "replyLost"
          from payout_simulator_ledger s join payment_lines pl on pl.id::text = s.idempotency_key
          where pl.batch_id = ${batch.id}`,
    );
    const books = await one(
      db,
      z.object({ bank: z.string(), fees: z.string(), payable: z.string() }),
      sql`select
            coalesce(sum(jl.credit - jl.debit) filter (where m.key = 'collection_bank' and je.source_id = ${batch.id}), 0)::numeric(16,2)::text as bank,
            coalesce(sum(jl.debit - jl.credit) filter (where m.key = 'payout_fees'), 0)::numeric(16,2)::text as fees,
            coalesce(sum(jl.credit - jl.debit) filter (where m.key = 'payable_farmers'), 0)::numeric(16,2)::text as payable
          from journal_lines jl join journal_entries je on je.id = jl.entry_id
          join account_mappings m on m.account_id = jl.account_id`,
    );
    const notReceived = await one(
      db,
      z.object({ n: z.number() }),
      sql`select count(*)::int as n from payout_lines where batch_id = ${batch.id}
          and failure_reason = 'The provider has no record of this payment: it was not sent'`,
    );
    const balanced = [];
    for (const book of ['collection', 'operation'] as const)
      balanced.push((await trialBalance(db, { book, from: '2000-01-01', asAt: '2099-12-31' })).balanced);
    const control = (await controlAccounts(db)).checks.filter((c) => c.difference !== '0.00');
    return { lines, ledger, books, notReceived: notReceived.n, balanced, control };
  });
  console.log(
    `kill-payouts: ${LINES} lines; killed after ${killedAfterMs} ms at ${atKill.sent} sent; all final after ${finalMs} ms; ` +
      `${facts.lines.paid} paid, ${facts.lines.failed} failed (${facts.notReceived} never received); ` +
      `${held.length} names held; ${facts.ledger.duplicates} duplicate callbacks; ${facts.ledger.replyLost} replies lost`,
  );
  expect(done.counts.succeeded + done.counts.failed).toBe(LINES);
  expect(facts.lines.other).toBe(0);
  expect(facts.lines.paid + facts.lines.failed).toBe(LINES);
  // Each succeeded line paid exactly once (the ledger's key is the line), and no failed line paid.
  expect(facts.ledger.succeeded).toBe(facts.lines.paid);
  expect(facts.ledger.paidLinesInLedger).toBe(facts.lines.paid);
  expect(facts.ledger.failedLinesPaid).toBe(0);
  // The faults happened: timeouts (some arrived, some never did) and duplicate callbacks.
  expect(facts.ledger.replyLost).toBeGreaterThan(0);
  expect(facts.notReceived).toBeGreaterThan(0);
  expect(facts.ledger.duplicates).toBeGreaterThan(0);
  // The books: the bank credited with what was sent plus the fees; the payable is the failed lines.
  expect(facts.books.bank).toBe(dec(facts.ledger.sent).plus(facts.ledger.fees).toFixed(2));
  expect(facts.books.fees).toBe(facts.ledger.fees);
  expect(facts.books.payable).toBe(facts.lines.failedAmount);
  expect(facts.balanced).toEqual([true, true]);
  expect(facts.control).toEqual([]);
}, 600_000);
