import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../src/db/client.ts';
import { queryRows } from '../../src/db/rows.ts';
import { amcosCode, CLERKS, clerkEmail, farmerIdSql, farmerName, farmerPhone } from '../lib/apex/people.ts';
import type { ApexPlan } from '../lib/apex/plan.ts';
import { cashewGrades } from '../lib/fixtures.ts';
import { bareMs } from '../lib/scenarios.ts';
import { type Prepared, saveScenario, stockScenario } from './collections.ts';
import { searchScenario } from './farmers.ts';
import type { Scenario } from './scenario.ts';

const key = (suite: string, name: string) => `PostgreSQL | ${suite} | ${name}`;

/**
 * The 20 clerks of AMCOS AX0001..AX0020 saving weighings into the 10,000,000-collection season, as
 * the collections suite's clerks do (closed loop, and 5 saves a second each at random phases),
 * beside one bare collection insert (its stock trigger, committed alone).
 */
export async function apexPeople(db: Db, plan: ApexPlan) {
  const crop = await cashewGrades(db);
  const [sc] = await queryRows(
    db,
    z.object({ id: z.string() }),
    sql`select sc.id from season_crops sc join seasons s on s.id = sc.season_id
        where s.status = 'open' and sc.crop_id = ${crop.crop_id}`,
  );
  const clerks = Array.from({ length: CLERKS }, (_, i) => ({
    email: clerkEmail(i + 1),
    amcosId: `00000000-0000-4000-8c00-${(i + 1).toString(16).padStart(12, '0')}`,
    farmerNos: Array.from(
      { length: 50 },
      (_, j) => `${amcosCode(i + 1)}-${String(1 + ((j * 37) % plan.farmersPerAmcos)).padStart(5, '0')}`,
    ),
  }));
  const p: Prepared = {
    seasonCropId: sc?.id ?? '',
    gradeId: crop.std,
    clerks,
    oneAmcosId: clerks[0]?.amcosId ?? '',
  };
  const tokens = new Map<string, string>();
  let bareNo = 0;
  const bare = bareMs('one collection INSERT with its stock trigger, committed alone', 9, () =>
    db.execute(sql`insert into collections (id, receipt_no, collected_on, season_crop_id, amcos_id, farmer_id, grade_id,
        bags, gross_kg, tare_kg, net_kg, moisture, created_by)
      values (gen_random_uuid(), 'AXBARE-' || gen_random_uuid(), current_date, ${p.seasonCropId}, ${p.oneAmcosId},
        ('00000000-0000-4000-b000-' || lpad(to_hex(${1 + (bareNo++ % plan.farmersPerAmcos)}::int), 12, '0'))::uuid, ${p.gradeId},
        1, 82.5, 1.5, 81, 8.5, null)`),
  );
  const saves: Scenario[] = [
    {
      ...saveScenario(p, tokens),
      bare,
      baseline: key('collections', 'POST /api/collections/receipts (20 clerks of 20 AMCOS, closed loop)'),
    },
    {
      ...saveScenario(p, tokens, 5),
      bare,
      baseline: key('collections', 'POST /api/collections/receipts (20 clerks of 20 AMCOS, 5 saves/s each)'),
    },
  ];
  return { prepared: p, tokens, saves };
}

/** The union's crop stock over every AMCOS, read by 20 at once (the administrator). */
export function apexStock(db: Db, people: { prepared: Prepared; tokens: Map<string, string> }): Scenario {
  return {
    ...stockScenario(
      db,
      'GET /api/collections/stock (union: all AMCOS)',
      () => '/api/collections/stock',
      people.prepared,
      people.tokens,
      false,
    ),
    baseline: key('collections', 'GET /api/collections/stock (union: all 200 AMCOS)'),
  };
}

/** The search terms below are computed, not read: the database must have named its farmers so. */
export async function checkFarmerNames(db: Db, plan: ApexPlan): Promise<void> {
  for (const n of [1, Math.floor(plan.farmers / 2), plan.farmers]) {
    const [row] = await queryRows(
      db,
      z.object({ first_name: z.string(), last_name: z.string(), phone: z.string().nullable() }),
      sql`select first_name, last_name, phone from farmers where id = ${farmerIdSql(sql`${n}::int`)}`,
    );
    const want = farmerName(n);
    if (row?.first_name !== want.first || row.last_name !== want.last || row.phone !== farmerPhone(n))
      throw new Error(`farmer ${n} is ${JSON.stringify(row)} in the database, not ${JSON.stringify(want)}`);
  }
}

/** Farmer search by name prefix and by phone (whole and the start of one), 20 at once. */
export function apexSearches(db: Db, plan: ApexPlan): Scenario[] {
  const names: string[] = [];
  const phones: string[] = [];
  for (let i = 0; i < 40; i++) {
    const n = 1 + Math.floor((i * plan.farmers) / 40) + (i % 7);
    const { first, last } = farmerName(n);
    names.push(first.slice(0, 3 + (i % 3)), `${first} ${last.slice(0, 3)}`, last.slice(0, 5));
    const phone = farmerPhone(n);
    phones.push(phone, `0${phone.slice(3, 9)}`);
  }
  const nameBare = bareMs('the first 25 by the first-name index prefix', 9, () =>
    db.execute(sql`select id, first_name, last_name from farmers where first_key like ${`${names[0]?.toLowerCase()}%`}
      order by first_key, last_key, id limit 25`),
  );
  const phoneBare = bareMs('the first 25 by the phone prefix index', 9, () =>
    db.execute(sql`select id, first_name, last_name from farmers where phone like ${`2556${phones[1]?.slice(1)}%`}
      order by phone limit 25`),
  );
  return [
    { ...searchScenario('name prefix', names), bare: nameBare },
    { ...searchScenario('phone', phones), bare: phoneBare },
  ];
}
