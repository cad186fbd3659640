import { FARMER_IMPORT_COLUMNS } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, VILLAGES } from '../data/names.ts';
import { SeededRandom } from '../data/random.ts';
import { runAutocannon, runConcurrentLoop } from '../lib/measure.ts';
import type { BenchSuite, Scenario, ServerContext } from './scenario.ts';

const SOCIETIES = 150;
const FARMERS = 300_000;
const SEARCH_CONNECTIONS = 20;
const IMPORT_ROWS = 10_000;
const CHUNK = 50_000;

type Generated = { names: string[]; numbers: string[]; phones: string[]; codes: string[] };

const bearer = (server: ServerContext) => ({ authorization: `Bearer ${server.adminToken}` });
const searchPath = (q: string) => `/api/collections/farmers?search=${encodeURIComponent(q)}`;

/** The bench's 150 AMCOS: those the users suite made, topped up if it did not run. */
async function societies(db: Db): Promise<{ id: string; code: string }[]> {
  let rows = await queryRows(
    db,
    z.object({ id: z.string(), code: z.string() }),
    sql`select id, code from amcos order by code limit ${SOCIETIES}`,
  );
  if (rows.length < SOCIETIES) {
    const missing = Array.from({ length: SOCIETIES - rows.length }, (_, i) => ({
      id: uuidv7(),
      code: `FB${String(i + 1).padStart(3, '0')}`,
    }));
    await db.execute(sql`insert into amcos (id, code, name) select id, code, code || ' AMCOS'
      from unnest(${sql.param(missing.map((m) => m.id))}::uuid[], ${sql.param(missing.map((m) => m.code))}::text[]) as t(id, code)`);
    rows = [...rows, ...missing];
  }
  return rows;
}

/** 300,000 farmers, 2,000 per AMCOS, each with one farm, in 50,000-row `unnest` statements. */
async function insertFarmers(db: Db, adminId: string): Promise<Generated> {
  const random = new SeededRandom(7);
  const amcos = await societies(db);
  const perSociety = FARMERS / amcos.length;
  const generated: Generated = { names: [], numbers: [], phones: [], codes: amcos.map((a) => a.code) };
  for (let start = 0; start < FARMERS; start += CHUNK) {
    const c = {
      id: [] as string[],
      no: [] as string[],
      amcos: [] as string[],
      first: [] as string[],
      last: [] as string[],
      gender: [] as string[],
      nid: [] as string[],
      phone: [] as string[],
      village: [] as string[],
    };
    for (let i = start; i < Math.min(FARMERS, start + CHUNK); i++) {
      const society = amcos[Math.floor(i / perSociety)] ?? amcos[0];
      const female = random.chance(0.45);
      const first = random.pick(female ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
      const last = random.pick(LAST_NAMES);
      c.id.push(uuidv7());
      c.no.push(`${society?.code}-${String((i % perSociety) + 1).padStart(5, '0')}`);
      c.amcos.push(society?.id ?? '');
      c.first.push(first);
      c.last.push(last);
      c.gender.push(female ? 'Female' : 'Male');
      c.nid.push(`19${String(i).padStart(8, '0')}${random.digits(10)}`);
      c.phone.push(`2556${String(i).padStart(8, '0')}`);
      c.village.push(random.pick(VILLAGES));
      if (i % 1500 === 0) {
        generated.names.push(
          first.slice(0, 3 + random.int(3)),
          `${first} ${last.slice(0, 3)}`,
          last.slice(0, 5),
        );
        generated.numbers.push(c.no.at(-1) ?? '');
        generated.phones.push(c.phone.at(-1) ?? '', `0${(c.phone.at(-1) ?? '').slice(3)}`);
      }
    }
    const p = sql.param;
    await db.execute(sql`
      insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, national_id, phone, village, created_by)
      select t.*, ${adminId}::uuid from unnest(${p(c.id)}::uuid[], ${p(c.no)}::text[], ${p(c.amcos)}::uuid[], ${p(c.first)}::text[],
        ${p(c.last)}::text[], ${p(c.gender)}::text[], ${p(c.nid)}::text[], ${p(c.phone)}::text[], ${p(c.village)}::text[]) as t`);
  }
  await db.execute(sql`
    insert into farms (id, farmer_id, name, acres, trees, latitude, longitude)
    select gen_random_uuid(), id, 'Shamba', 1 + (abs(hashtext(farmer_no)) % 90) / 10.0, abs(hashtext(phone)) % 300,
      -10.5 - (abs(hashtext(national_id)) % 1000) / 1000.0, 38.5 + (abs(hashtext(first_name || farmer_no)) % 1000) / 1000.0
    from farmers`);
  await db.execute(sql`insert into farmer_sequences (amcos_id, last_value)
    select amcos_id, count(*) from farmers group by amcos_id
    on conflict (amcos_id) do update set last_value = excluded.last_value`);
  await db.execute(sql`vacuum analyze farmers, farms, farmer_sequences`);
  return generated;
}

export function searchScenario(kind: string, terms: string[]): Scenario {
  return {
    name: `GET /api/collections/farmers?search=<${kind}>`,
    concurrency: SEARCH_CONNECTIONS,
    target: { p95BelowMs: 30 },
    async check(server) {
      const totals: number[] = [];
      let capped = 0;
      for (const q of terms.slice(0, 10)) {
        const r = await fetch(`${server.baseUrl}${searchPath(q)}`, { headers: bearer(server) });
        if (r.status !== 200) throw new Error(`search ${q} answered ${r.status}: ${await r.text()}`);
        const { meta } = (await r.json()) as { meta: { total: number; total_capped?: boolean } };
        totals.push(meta.total);
        if (meta.total_capped) capped += 1;
      }
      totals.sort((a, b) => a - b);
      const median = totals[Math.floor(totals.length / 2)];
      return `${terms.length} terms; median ${median} matches, max ${totals.at(-1)}, ${capped} of ${totals.length} counted to the cap`;
    },
    run: (server, seconds) =>
      runAutocannon({
        url: server.baseUrl,
        connections: SEARCH_CONNECTIONS,
        seconds,
        headers: bearer(server),
        requests: terms.map((q) => ({ method: 'GET', path: searchPath(q) })),
      }),
  };
}

/** Each import is 10,000 new farmers with their own national IDs and phones, spread over the AMCOS. */
function importScenario(codes: string[]): Scenario {
  let batch = 0;
  const sheet = () => {
    batch += 1;
    const lines = [FARMER_IMPORT_COLUMNS.join(',')];
    for (let i = 0; i < IMPORT_ROWS; i++) {
      const n = batch * IMPORT_ROWS + i;
      lines.push(
        [
          codes[i % codes.length],
          'Imported',
          '',
          `Farmer${n}`,
          i % 2 ? 'Female' : 'Male',
          '1980-01-01',
          `2${String(n).padStart(19, '0')}`,
          `2557${String(n).padStart(8, '0')}`,
          '',
          '',
          'Mangaka',
          'CASHEW',
          '2.5',
          '100',
          '-10.9',
          '38.7',
        ].join(','),
      );
    }
    return `${lines.join('\r\n')}\r\n`;
  };
  return {
    name: `POST /api/collections/farmers/import (${IMPORT_ROWS.toLocaleString('en')} rows)`,
    concurrency: 1,
    target: { p95BelowMs: 10_000 },
    run: (server, seconds) =>
      runConcurrentLoop({
        concurrency: 1,
        seconds,
        step: async () => {
          const form = new FormData();
          form.append('file', new Blob([sheet()], { type: 'text/csv' }), 'farmers.csv');
          const r = await fetch(`${server.baseUrl}/api/collections/farmers/import`, {
            method: 'POST',
            headers: bearer(server),
            body: form,
          });
          const body = (await r.json()) as { imported?: number; message?: string };
          if (r.status !== 200 || body.imported !== IMPORT_ROWS)
            throw new Error(`import answered ${r.status}: ${body.message}`);
          return { status: r.status };
        },
      }),
  };
}

export const farmersSuite: BenchSuite = {
  name: 'farmers',
  async prepare(db, { adminId }) {
    const started = performance.now();
    const g = await insertFarmers(db, adminId);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    return {
      description: `${FARMERS.toLocaleString('en')} farmers with a farm each over ${SOCIETIES} AMCOS, written in ${seconds} s`,
      scenarios: [
        searchScenario('name prefix', g.names),
        searchScenario('farmer number', g.numbers),
        searchScenario('phone', g.phones),
        importScenario(g.codes),
      ],
    };
  },
};
