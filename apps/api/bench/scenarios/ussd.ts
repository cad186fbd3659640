import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { hashPin } from '../../src/modules/ussd/pin.ts';
import { type LoadReport, runConcurrentLoop } from '../lib/measure.ts';
import { BENCH_USSD_SECRET } from '../lib/server.ts';
import type { BenchSuite, Scenario } from './scenario.ts';

/** #31: 100 farmers on the phone at once, each walking the menus. */
const SESSIONS = 100;
const PIN = '2580';

/**
 * One session's steps as the aggregator sends them (every answer so far joined by '*'): the
 * welcome, the PIN, each menu with its next page and back, and the prices.
 */
const WALK = [
  '',
  PIN,
  `${PIN}*1`,
  `${PIN}*1*98`,
  `${PIN}*1*0`,
  `${PIN}*1*0*2`,
  `${PIN}*1*0*2*98`,
  `${PIN}*1*0*2*0*3`,
  `${PIN}*1*0*2*0*4`,
];

const phoneRow = z.object({ id: z.string(), phone: z.string() });

/**
 * The callers: farmers with a phone who were settled (the settlement suite's) first, then any
 * farmer with a phone, then new ones in a society of their own; each given the PIN (one hash).
 */
async function callers(db: Db, adminId: string): Promise<string[]> {
  let rows = await queryRows(
    db,
    phoneRow,
    sql`select f.id, f.phone from farmers f
        where f.phone is not null and f.status = 'active'
        order by exists (select 1 from settlement_farmers sf where sf.farmer_id = f.id) desc, f.id
        limit ${SESSIONS}`,
  );
  if (rows.length < SESSIONS) {
    const amcosId = uuidv7();
    await db.execute(
      sql`insert into amcos (id, code, name) values (${amcosId}, 'USSD1', 'USSD bench AMCOS')`,
    );
    const made = Array.from({ length: SESSIONS - rows.length }, (_, i) => ({
      id: uuidv7(),
      phone: `25578${String(9_000_000 + i).padStart(7, '0')}`,
    }));
    for (const [i, f] of made.entries()) {
      await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, phone, created_by)
        values (${f.id}, ${`USSD1-${String(i + 1).padStart(5, '0')}`}, ${amcosId}, 'Mkulima', 'Simu', 'Female', ${f.phone}, ${adminId})`);
    }
    rows = [...rows, ...made];
  }
  const pinHash = await hashPin(PIN);
  const p = sql.param;
  await db.execute(sql`insert into farmer_pins (farmer_id, pin_hash)
    select id, ${pinHash} from unnest(${p(rows.map((r) => r.id))}::uuid[]) as t(id)
    on conflict (farmer_id) do update set pin_hash = excluded.pin_hash, failed_attempts = 0, locked_at = null`);
  return rows.map((r) => r.phone);
}

/**
 * `think` null: each session sends its next step as soon as the last is answered (a closed loop:
 * the most the server can take). A number: each session sends a step every `think` ms, as a
 * person reading a screen and typing does, latency counted from when the step was due.
 */
function walkScenario(phones: string[], think: number | null): Scenario {
  let run = 0;
  const stepOf = (server: { baseUrl: string }, i: number, prefix: string) => {
    const session = Math.floor(i / WALK.length);
    const form = new URLSearchParams({
      sessionId: `${prefix}-${session}`,
      serviceCode: '*149*12#',
      phoneNumber: phones[session % phones.length] ?? '',
      text: WALK[i % WALK.length] ?? '',
    });
    return fetch(`${server.baseUrl}/api/ussd?key=${BENCH_USSD_SECRET}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
    });
  };
  return {
    name:
      think === null
        ? `POST /api/ussd (${SESSIONS} sessions walking the menus, each step sent on the last's answer)`
        : `POST /api/ussd (${SESSIONS} sessions walking the menus, a step every ${think / 1000} s each)`,
    concurrency: SESSIONS,
    target: { p95BelowMs: 300 },
    async check(server) {
      const screens: string[] = [];
      for (let i = 0; i < WALK.length; i++) {
        const r = await stepOf(server, i, 'check');
        const text = await r.text();
        if (r.status !== 200 || !/^(CON|END) /.test(text) || text.startsWith('END PIN'))
          throw new Error(`USSD step ${i} answered ${r.status}: ${text}`);
        screens.push(text);
      }
      return `${phones.length} farmers; ${WALK.length} steps a session; longest screen ${Math.max(...screens.map((s) => s.length))} characters`;
    },
    run: (server, seconds) => {
      run += 1;
      const prefix = `bench${think ?? 0}-${run}`;
      if (think !== null) return pacedWalk(seconds, think, (i) => stepOf(server, i, prefix));
      return runConcurrentLoop({
        concurrency: SESSIONS,
        seconds,
        step: async (i) => {
          const r = await stepOf(server, i, prefix);
          const text = await r.text();
          if (r.status !== 200 || !/^(CON|END) /.test(text)) throw new Error(`USSD answered ${r.status}`);
          return { status: r.status };
        },
      });
    },
  };
}

/** Each session a step every `think` ms from its own phase; latency from when the step was due. */
async function pacedWalk(
  seconds: number,
  think: number,
  send: (i: number) => Promise<Response>,
): Promise<LoadReport> {
  const latencies: number[] = [];
  const statusCounts: Record<string, number> = {};
  let errors = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const session = async (s: number) => {
    let due = started + (s / SESSIONS) * think;
    for (let k = 0; due < deadline; k++, due += think) {
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      try {
        const r = await send(s * WALK.length + (k % WALK.length));
        await r.text();
        latencies.push(performance.now() - due);
        statusCounts[r.status] = (statusCounts[r.status] ?? 0) + 1;
      } catch {
        errors += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: SESSIONS }, (_, s) => session(s)));
  return { latenciesMs: latencies, seconds: (performance.now() - started) / 1000, statusCounts, errors };
}

export const ussdSuite: BenchSuite = {
  name: 'ussd',
  async prepare(db, { adminId }) {
    const phones = await callers(db, adminId);
    return {
      description: `${phones.length} farmers with a USSD PIN, each session ${WALK.length} steps (welcome, PIN, deliveries and its next page, back, payments and its next page, loans, prices)`,
      scenarios: [walkScenario(phones, 2000), walkScenario(phones, null)],
    };
  },
};
