import { SYNC_BATCH } from '@ushirika/contracts';
import { formatReceiptNo, todayInTanzania } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { signIn } from '../../test/hardening/child-server.ts';
import { cashewGrades, openCashewSeasonCrop } from '../lib/fixtures.ts';
import type { LoadReport } from '../lib/measure.ts';
import { BENCH_PASSWORD, benchConfig } from '../lib/server.ts';
import { BROWSER_FARMERS, browserBenchMissing, browserScenarios } from './offline-browser.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

/**
 * The offline bench (#29): one society (BO001) with 2,000 farmers and 21 clerks. Each run registers
 * fresh devices over HTTP, so what it sends is a device's real queue:
 * - one device's 1,000 queued receipts synced in batches of SYNC_BATCH (500, the app's batch; the
 *   server stores each in chunks of 100, a transaction per chunk), beside the same
 *   1,000 weighings saved online one by one (POST /api/collections/receipts);
 * - 20 devices syncing 200 receipts each at once; afterwards every device's whole outbox is sent
 *   again and the society must hold each receipt number exactly once (the run fails otherwise).
 * A request here is a batch of up to 500 receipts (200 for the 20 devices): the figure per receipt is
 * its time over its receipts.
 * A second society (BO002) keeps 20,000 farmers on a device in Chromium (offline-browser.ts): the
 * device's farmer search and the installed app's first offline opening, with the CPU slowed 4×.
 */
const AMCOS_CODE = 'BO001';
const BROWSER_CODE = 'BO002';
const BROWSER_CLERK = 'clerk.browser@bench.test';
const FARMERS = 2_000;
const DEVICES = 20;
const BATCH = SYNC_BATCH;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
let sequence = 0;
const base32 = (n: number, width: number) => {
  let out = '';
  for (let i = 0; i < width; i++, n = Math.floor(n / 32)) out = (CROCKFORD[n % 32] ?? '0') + out;
  return out;
};
/** A ULID-shaped client id (time, then a counter): unique and ordered within the run. */
const ulid = () => base32(Date.now(), 10) + base32(++sequence, 16);

type Prepared = { amcosId: string; seasonId: string; seasonCropId: string; gradeId: string; year: number };
type Clerk = { email: string; token: string };

async function writeData(db: Db, adminId: string, passwordHash: string): Promise<Prepared> {
  const today = todayInTanzania();
  const crop = await cashewGrades(db);
  const seasonCropId = await openCashewSeasonCrop(db, today, crop.crop_id, 'Bench offline season');
  const [season] = await queryRows(
    db,
    z.object({ id: z.string(), year: z.number() }),
    sql`select s.id, extract(year from s.start_date)::int as year from season_crops sc join seasons s on s.id = sc.season_id
      where sc.id = ${seasonCropId}`,
  );
  const [amcos] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into amcos (id, code, name) values (gen_random_uuid(), ${AMCOS_CODE}, 'Bench Offline AMCOS') returning id`,
  );
  if (!season || !amcos) throw new Error('offline bench: no season or society');
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone)
    select gen_random_uuid(), ${AMCOS_CODE} || '-' || lpad(j::text, 5, '0'), ${amcos.id}, 'Mkulima', 'Offline ' || j,
      case when j % 2 = 0 then 'Female' else 'Male' end, '2557' || lpad(j::text, 8, '0')
    from generate_series(1, ${FARMERS}) j`);
  await db.execute(sql`insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
      is_initial_password, active, created_by)
    select gen_random_uuid(), 'Clerk', 'Offline ' || n, 'clerk.offline' || n || '@bench.test',
      '2556' || lpad(n::text, 8, '0'), 'Female', ${amcos.id}, ${passwordHash}, false, true, ${adminId}
    from generate_series(0, ${DEVICES}) n`);
  const [browserSociety] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`insert into amcos (id, code, name) values (gen_random_uuid(), ${BROWSER_CODE}, 'Bench Device AMCOS') returning id`,
  );
  if (!browserSociety) throw new Error('offline bench: no device society');
  await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, village)
    select gen_random_uuid(), ${BROWSER_CODE} || '-' || lpad(j::text, 5, '0'), ${browserSociety.id}, 'Mkulima',
      'Offline ' || j, case when j % 2 = 0 then 'Female' else 'Male' end, '2558' || lpad(j::text, 8, '0'), 'Kijiji ' || (j % 40)
    from generate_series(1, ${BROWSER_FARMERS}) j`);
  await db.execute(sql`insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
      is_initial_password, active, created_by)
    values (gen_random_uuid(), 'Clerk', 'Browser', ${BROWSER_CLERK}, '255699999999', 'Female', ${browserSociety.id},
      ${passwordHash}, false, true, ${adminId})`);
  await db.execute(sql`insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r
    where (u.email like 'clerk.offline%@bench.test' or u.email = ${BROWSER_CLERK}) and r.name = 'AMCOS Clerk'`);
  return { amcosId: amcos.id, seasonId: season.id, seasonCropId, gradeId: crop.std, year: season.year };
}

type Device = { id: string; code: string };

async function registerDevice(server: ServerContext, clerk: Clerk, label: string): Promise<Device> {
  const r = await fetch(`${server.baseUrl}/api/collections/devices`, {
    method: 'POST',
    headers: { authorization: `Bearer ${clerk.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ label }),
  });
  const body = (await r.json()) as { data?: Device };
  if (r.status !== 201 || !body.data)
    throw new Error(`device registration answered ${r.status}: ${JSON.stringify(body)}`);
  return body.data;
}

/** A device's queue as it weighed it: `count` receipts numbered 1.. from its blocks. */
function queueOf(p: Prepared, device: Device, farmers: { id: string; no: string }[], count: number) {
  return Array.from({ length: count }, (_, i) => {
    const farmer = farmers[(i * 37) % farmers.length] ?? { id: '', no: '' };
    const bags = 1 + (i % 3);
    const gross = `${80 * bags + 2}.${i % 10}`;
    const net = (80 * bags + 0.5 + (i % 10) / 10).toFixed(1);
    return {
      clientId: ulid(),
      receiptNo: formatReceiptNo(AMCOS_CODE, device.code, p.year, i + 1),
      seasonCropId: p.seasonCropId,
      farmerId: farmer.id,
      farmerNo: farmer.no,
      gradeId: p.gradeId,
      collectedOn: todayInTanzania(),
      bags,
      grossKg: gross,
      tareKg: '1.5',
      netKg: net,
      moisture: `${7 + (i % 3)}.5`,
      capturedAt: new Date().toISOString(),
    };
  });
}

type Receipt = ReturnType<typeof queueOf>[number];

/** Sends a queue in batches of SYNC_BATCH, one after another; each batch's time and status is kept. */
async function sendQueue(
  server: ServerContext,
  token: string,
  device: Device,
  queue: Receipt[],
  report: LoadReport,
) {
  for (let at = 0; at < queue.length; at += BATCH) {
    const receipts = queue.slice(at, at + BATCH);
    const started = performance.now();
    const r = await fetch(`${server.baseUrl}/api/collections/devices/${device.id}/sync`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ waiting: Math.max(0, queue.length - at - BATCH), nextNumbers: [], receipts }),
    });
    const body = (await r.json()) as { data?: { results: { outcome: string; reasonCode: string | null }[] } };
    report.latenciesMs.push(performance.now() - started);
    report.statusCounts[r.status] = (report.statusCounts[r.status] ?? 0) + 1;
    const flagged = body.data?.results.filter((x) => x.outcome === 'flagged') ?? [];
    if (r.status !== 200 || flagged.length > 0)
      throw new Error(
        `sync answered ${r.status}, ${flagged.length} flagged: ${JSON.stringify(flagged[0] ?? body)}`,
      );
  }
}

const emptyReport = (): LoadReport => ({ latenciesMs: [], seconds: 0, statusCounts: {}, errors: 0 });

function scenarios(db: Db, p: Prepared): Scenario[] {
  const clerks: Clerk[] = [];
  let farmers: { id: string; no: string }[] = [];
  let runs = 0;
  const signInAll = async (server: ServerContext) => {
    if (clerks.length > 0) return;
    farmers = await queryRows(
      db,
      z.object({ id: z.string(), no: z.string() }),
      sql`select id, farmer_no as no from farmers where amcos_id = ${p.amcosId} order by farmer_no`,
    );
    for (let n = 0; n <= DEVICES; n++) {
      const email = `clerk.offline${n}@bench.test`;
      const r = await signIn(server.baseUrl, email, BENCH_PASSWORD);
      if (!r.access) throw new Error(`clerk ${email} could not sign in: ${JSON.stringify(r.body)}`);
      clerks.push({ email, token: r.access });
    }
  };
  /** A fresh device of clerk 0 with 1,000 numbers (its first block and the next, as a sync would give). */
  const bigDevice = async (server: ServerContext) => {
    const clerk = clerks[0] as Clerk;
    const device = await registerDevice(server, clerk, `Bench scale ${++runs}`);
    await db.execute(sql`insert into receipt_blocks (id, device_id, season_id, first_no, last_no)
      values (gen_random_uuid(), ${device.id}, ${p.seasonId}, 501, 1000) on conflict do nothing`);
    return { clerk, device };
  };
  const oneDevice: Scenario = {
    name: `POST /api/collections/devices/:id/sync (one device, 1,000 queued receipts in batches of ${BATCH})`,
    concurrency: 1,
    check: async (server) => {
      await signInAll(server);
      return `${farmers.length} farmers, ${clerks.length} clerks`;
    },
    async run(server, _seconds, phase) {
      const { clerk, device } = await bigDevice(server);
      const queue = queueOf(p, device, farmers, phase === 'measured' ? 1_000 : 200);
      const report = emptyReport();
      const started = performance.now();
      await sendQueue(server, clerk.token, device, queue, report);
      report.seconds = (performance.now() - started) / 1000;
      if (phase === 'measured')
        console.log(
          `  offline: 1,000 receipts of one device synced in ${report.seconds.toFixed(2)} s (goal < 10 s)`,
        );
      return report;
    },
  };
  const online: Scenario = {
    name: 'POST /api/collections/receipts (the same 1,000 weighings saved online one by one)',
    concurrency: 1,
    async run(server, _seconds, phase) {
      await signInAll(server);
      const clerk = clerks[0] as Clerk;
      const queue = queueOf(p, { id: '', code: 'DX' }, farmers, phase === 'measured' ? 1_000 : 200);
      const report = emptyReport();
      const started = performance.now();
      for (const r of queue) {
        const t0 = performance.now();
        const res = await fetch(`${server.baseUrl}/api/collections/receipts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${clerk.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            farmerNo: r.farmerNo,
            seasonCropId: r.seasonCropId,
            gradeId: r.gradeId,
            collectedOn: r.collectedOn,
            bags: r.bags,
            grossKg: r.grossKg,
            tareKg: r.tareKg,
            moisture: r.moisture,
          }),
        });
        await res.arrayBuffer();
        report.latenciesMs.push(performance.now() - t0);
        report.statusCounts[res.status] = (report.statusCounts[res.status] ?? 0) + 1;
      }
      report.seconds = (performance.now() - started) / 1000;
      if (phase === 'measured')
        console.log(`  offline: the same 1,000 saved online one by one in ${report.seconds.toFixed(2)} s`);
      return report;
    },
  };
  const manyDevices: Scenario = {
    name: `POST /api/collections/devices/:id/sync (${DEVICES} devices × 200 receipts at once, then every outbox again)`,
    concurrency: DEVICES,
    async run(server, _seconds, phase) {
      await signInAll(server);
      const perDevice = phase === 'measured' ? 200 : 50;
      const devices = await Promise.all(
        clerks.slice(1).map(async (clerk, i) => {
          const device = await registerDevice(server, clerk, `Bench post ${++runs}-${i}`);
          return { clerk, device, queue: queueOf(p, device, farmers, perDevice) };
        }),
      );
      const report = emptyReport();
      const started = performance.now();
      await Promise.all(devices.map((d) => sendQueue(server, d.clerk.token, d.device, d.queue, report)));
      report.seconds = (performance.now() - started) / 1000;
      // Every outbox again (lost replies): nothing may be stored twice.
      const replay = emptyReport();
      await Promise.all(devices.map((d) => sendQueue(server, d.clerk.token, d.device, d.queue, replay)));
      const numbers = `^${AMCOS_CODE}-(${devices.map((d) => d.device.code).join('|')})-`;
      const [counts] = await queryRows(
        db,
        z.object({ total: z.number(), distinct: z.number() }),
        sql`select count(*)::int as total, count(distinct receipt_no)::int as distinct from collections
          where amcos_id = ${p.amcosId} and receipt_no ~ ${numbers}`,
      );
      const expected = devices.length * perDevice;
      if (counts?.total !== expected || counts.distinct !== expected)
        throw new Error(
          `offline: ${counts?.total} collections (${counts?.distinct} numbers) for ${expected} receipts`,
        );
      if (phase === 'measured')
        console.log(
          `  offline: ${expected} receipts from ${devices.length} devices stored once each (replayed: no duplicates)`,
        );
      return report;
    },
  };
  return [oneDevice, online, manyDevices];
}

export const offlineSuite: BenchSuite = {
  name: 'offline',
  async prepare(db, { adminId, passwordHash }) {
    const p = await writeData(db, adminId, passwordHash);
    const config = benchConfig();
    const missing = browserBenchMissing(config);
    const browser = missing
      ? []
      : browserScenarios(db, config, { code: BROWSER_CODE, clerkEmail: BROWSER_CLERK });
    return {
      description: `one society of ${FARMERS.toLocaleString('en')} farmers, ${DEVICES + 1} clerks; a request is a batch of ${BATCH} receipts; a device of ${BROWSER_FARMERS.toLocaleString('en')} farmers in Chromium${missing ? ` skipped: ${missing}` : ''}`,
      scenarios: [...scenarios(db, p), ...browser],
    };
  },
};
