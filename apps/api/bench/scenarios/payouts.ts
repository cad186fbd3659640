import type { PayoutProgress } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { loadConfig } from '../../src/config.ts';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { localServerEnv, signIn } from '../../test/hardening/child-server.ts';
import { BENCH_ADMIN_EMAIL, BENCH_PASSWORD, startBenchServer } from '../lib/server.ts';
import type { BenchSuite } from './scenario.ts';

/**
 * Paying farmers through a payout provider (#30): one approved farmers' batch of 10,000 lines
 * (BENCH_PAYOUT_LINES; two
 * thirds wallets, a third bank accounts; written with bulk SQL) sent through the built-in
 * simulator answering every request in 50-200 ms, with no faults. The real app (its own server on
 * the bench database, the simulator configured as PAYOUT_PROVIDER) is asked to send the batch over
 * HTTP, and its background worker looks every name up, sends every line, takes every callback and
 * closes the batch. Measured: the time from the send until every line is final and the batch paid,
 * and lines per second. Beside it, the bare SQL of the same database work: every line's states,
 * the simulator's ledger rows and the lines marked paid, as a few bulk statements (no provider).
 */
const LINES = Number(process.env.BENCH_PAYOUT_LINES ?? 10_000);
const TARGET_MS = 60_000;
const SIM = {
  PAYOUT_PROVIDER: 'simulator',
  PAYOUT_SIM_MIN_MS: '50',
  PAYOUT_SIM_MAX_MS: '200',
  PAYOUT_SIM_TIMEOUT_RATE: '0',
  PAYOUT_SIM_DUPLICATE_CALLBACK_RATE: '0',
  PAYOUT_SIM_NAME_MISMATCH_RATE: '0',
  PAYOUT_SIM_FAIL_RATE: '0',
  PAYOUT_SIM_SEED: 'bench-payouts',
};

const batchId = (k: number) => `00000000-0000-4000-a030-${k.toString(16).padStart(12, '0')}`;

/** The farmers and one approved batch of their lines (batch k: `k` in its number and id). */
async function writeData(db: Db, adminId: string) {
  const [bank] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into banks (id, name, short_code) values (gen_random_uuid(), 'PY Bank', 'PYBANK') returning id`,
  );
  const [amcos] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into amcos (id, code, name) values (gen_random_uuid(), 'PY001', 'PY AMCOS') returning id`,
  );
  if (!bank || !amcos) throw new Error('payouts bench: bank or AMCOS insert');
  // Phones 2559…: the other suites use 2555…-2558…, all in one database.
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, bank_id, account_no)
    select gen_random_uuid(), 'PYF-' || lpad(n::text, 6, '0'), ${amcos.id}, 'Farmer', 'Payout ' || n,
      case when n % 2 = 0 then 'Female' else 'Male' end, '2559' || lpad(n::text, 8, '0'),
      case when n % 3 = 0 then ${bank.id}::uuid end, case when n % 3 = 0 then 'PYACC' || n end
    from generate_series(0, ${LINES - 1}) n`);
  await writeBatch(db, adminId, 1, amcos.id);
  await db.execute(sql`analyze`);
}

async function writeBatch(db: Db, adminId: string, k: number, amcosId: string): Promise<void> {
  const id = batchId(k);
  await db.execute(sql`insert into payment_batches (id, batch_no, party_type, status, line_count, total,
      approved_by, approved_at, created_by)
    values (${id}, ${`PY-BATCH-${k}`}, 'farmer', 'approved', 0, 0, ${adminId}, now(), ${adminId})`);
  await db.execute(sql`insert into payment_lines (id, batch_id, settlement_id, party_type, party_id, amcos_id, payable,
      payee_name, method, bank_name, account_no, phone, amount, reference)
    select gen_random_uuid(), ${id}, null, 'farmer', f.id, ${amcosId}, 'payable_farmers',
      f.first_name || ' ' || f.last_name, case when f.bank_id is null then 'mobile' else 'bank' end,
      b.name, f.account_no, case when f.bank_id is null then f.phone end,
      (50000 + (substr(f.farmer_no, 5)::int * 7919) % 950000)::numeric(16, 2), 'PY-' || ${k} || '-' || f.farmer_no
    from farmers f left join banks b on b.id = f.bank_id where f.farmer_no like 'PYF-%'`);
  await db.execute(sql`update payment_batches b set line_count = t.n, total = t.total
    from (select count(*)::int as n, sum(amount) as total from payment_lines where batch_id = ${id}) t
    where b.id = ${id}`);
}

/** Sends batch 1 through the app and waits until every line is final and the batch closed. */
async function payThroughTheApp(db: Db) {
  const config = loadConfig({
    ...localServerEnv({ email: BENCH_ADMIN_EMAIL, password: BENCH_PASSWORD }),
    ...SIM,
  });
  const server = await startBenchServer(db, config);
  try {
    const admin = await signIn(server.url, BENCH_ADMIN_EMAIL, BENCH_PASSWORD);
    if (!admin.access) throw new Error(`payouts bench: sign-in ${JSON.stringify(admin.body)}`);
    const headers = { authorization: `Bearer ${admin.access}`, 'content-type': 'application/json' };
    const id = batchId(1);
    const [batch] = await queryRows(
      db,
      z.object({ total: z.string() }),
      sql`select total::text as total from payment_batches where id = ${id}`,
    );
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const busyBefore = performance.eventLoopUtilization();
    const sent = await fetch(`${server.url}/api/payouts/batches/${id}/send`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ total: batch?.total }),
    });
    if (sent.status !== 202) throw new Error(`payouts bench: send ${sent.status} ${await sent.text()}`);
    // The batch's status alone, twice a second (the progress screen's counts are read once, at the
    // end: over 10,000 lines they would cost the database more than the polling tells).
    let status = 'sending';
    while (status === 'sending') {
      await new Promise((r) => setTimeout(r, 500));
      const [row] = await queryRows(
        db,
        z.object({ status: z.string() }),
        sql`select status from payment_batches where id = ${id}`,
      );
      status = row?.status ?? 'missing';
      if (performance.now() - started > 10 * TARGET_MS)
        throw new Error(`payouts bench: batch still ${status} after ${10 * TARGET_MS} ms`);
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    const busy = performance.eventLoopUtilization(busyBefore).utilization;
    const progress = (
      (await (await fetch(`${server.url}/api/payouts/batches/${id}`, { headers })).json()) as {
        data: PayoutProgress;
      }
    ).data;
    const counts = progress.counts;
    if (status !== 'paid' || counts.succeeded !== LINES)
      throw new Error(`payouts bench: batch ${status}, ${JSON.stringify(counts)}`);
    const [ledger] = await queryRows(
      db,
      z.object({ n: z.number(), keys: z.number() }),
      sql`select count(*)::int as n, count(distinct idempotency_key)::int as keys from payout_simulator_ledger l
          join payout_lines po on po.payment_line_id::text = l.idempotency_key where po.batch_id = ${id}`,
    );
    if (ledger?.n !== LINES || ledger.keys !== LINES)
      throw new Error(`payouts bench: the simulator's ledger holds ${JSON.stringify(ledger)}`);
    return { ms, fees: progress.fees, cpuSeconds: (cpu.user + cpu.system) / 1e6, busy };
  } finally {
    await server.close();
  }
}

/**
 * The same database work as bare SQL, in one transaction: every line's payout row through its
 * states (looked up, sending, succeeded with the provider's reference and fee), the simulator's
 * ledger rows, and the lines paid; on a copy of the batch (batch 2), rolled back after.
 */
async function bareSql(db: Db, adminId: string): Promise<number> {
  const [amcos] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select id from amcos where code = 'PY001'`,
  );
  if (!amcos) throw new Error('payouts bench: no AMCOS');
  await writeBatch(db, adminId, 2, amcos.id);
  const id = batchId(2);
  const started = performance.now();
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into payout_lines (payment_line_id, batch_id, provider, state)
        select id, batch_id, 'simulator', 'pending' from payment_lines where batch_id = ${id}`);
      await tx.execute(sql`update payout_lines po set state = 'looked_up', looked_up_name = upper(pl.payee_name)
        from payment_lines pl where pl.id = po.payment_line_id and po.batch_id = ${id}`);
      await tx.execute(
        sql`update payout_lines set state = 'sending', sent_at = now() where batch_id = ${id}`,
      );
      await tx.execute(sql`insert into payout_simulator_ledger (idempotency_key, channel, account, name, amount, fee,
          reference, provider_reference, status, reply_lost, due_at)
        select pl.id::text, pl.method, coalesce(pl.phone, pl.bank_name || '/' || pl.account_no), pl.payee_name,
          pl.amount, 1500, pl.reference, 'SIMBARE' || pl.id, 'succeeded', 0, now()
        from payment_lines pl where pl.batch_id = ${id}`);
      await tx.execute(sql`update payout_lines po set state = 'succeeded', provider_reference = l.provider_reference,
          fee = l.fee
        from payout_simulator_ledger l where l.idempotency_key = po.payment_line_id::text and po.batch_id = ${id}`);
      await tx.execute(sql`update payment_lines set status = 'paid', paid_at = now() where batch_id = ${id}`);
      throw new RolledBack();
    })
    .catch((error: unknown) => {
      if (!(error instanceof RolledBack)) throw error;
    });
  return performance.now() - started;
}

class RolledBack extends Error {}

export const payoutsSuite: BenchSuite = {
  name: 'payouts',
  async prepare(db, { adminId }) {
    const loadStarted = performance.now();
    await writeData(db, adminId);
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const paid = await payThroughTheApp(db);
    const bare = await bareSql(db, adminId);
    const perSecond = LINES / (paid.ms / 1000);
    return {
      description:
        `${LINES.toLocaleString('en')} farmers and an approved batch of their lines (${loadSeconds.toFixed(1)} s to load); ` +
        `sent through the simulator (50-200 ms a request, no faults): every line final and the batch paid in ` +
        `${(paid.ms / 1000).toFixed(1)} s (target under ${TARGET_MS / 1000} s), ${perSecond.toFixed(0)} lines/s, fees ${paid.fees}; ` +
        `the bench process (the API, the simulator and, on PGlite, the database) used ${paid.cpuSeconds.toFixed(1)} s of CPU, main thread busy ${(paid.busy * 100).toFixed(0)} %; ` +
        `bare SQL of the same states, ledger and paid lines ${bare.toFixed(0)} ms (ratio ${(paid.ms / bare).toFixed(1)})`,
      scenarios: [],
      figures: [
        {
          name: `${LINES.toLocaleString('en')} lines sent through the simulator until all final`,
          ms: paid.ms,
          bare: { what: 'the same states, ledger rows and paid lines as bulk SQL', ms: bare },
          target: { msBelow: TARGET_MS },
        },
      ],
    };
  },
};
