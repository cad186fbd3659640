import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../src/db/client.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, VILLAGES } from '../../data/names.ts';
import type { ApexPlan } from './plan.ts';

/** Ids from row numbers, so the rows that point at them find them by arithmetic. */
export const amcosIdSql = (m: SQL) => sql`('00000000-0000-4000-8c00-' || lpad(to_hex(${m}), 12, '0'))::uuid`;
export const farmerIdSql = (n: SQL) => sql`('00000000-0000-4000-b000-' || lpad(to_hex(${n}), 12, '0'))::uuid`;
/** AMCOS m's code: AX0001... */
export const amcosCode = (m: number) => `AX${String(m).padStart(4, '0')}`;
/** Farmer j (1-based) of AMCOS m is farmer (m - 1) * 500 + j; its phone 2556 and that number. */
export const farmerPhone = (n: number) => `2556${String(n).padStart(8, '0')}`;
export const CLERKS = 20;
export const clerkEmail = (m: number) => `clerk.${amcosCode(m).toLowerCase()}@apex.test`;

const FIRST = [...MALE_FIRST_NAMES, ...FEMALE_FIRST_NAMES];

/** The first and last name of farmer n, as the SQL below picks them (for search terms). */
export function farmerName(n: number): { first: string; last: string } {
  return {
    first: FIRST[mix(n) % FIRST.length] ?? '',
    last: LAST_NAMES[mix(n + 7_777_777) % LAST_NAMES.length] ?? '',
  };
}

/** A stand-in for the SQL's pick: a cheap integer mix both sides compute the same way. */
function mix(n: number): number {
  return (Math.imul(n, 2654435761) >>> 8) % 1_000_003;
}
const mixSql = (n: SQL) => sql`((((${n})::bigint * 2654435761) % 4294967296 / 256) % 1000003)::int`;

/** The AMCOS, their farmers (with the per-AMCOS counters the next registration continues) and 20 clerks. */
export async function writePeople(db: Db, plan: ApexPlan, adminId: string, passwordHash: string) {
  const p = sql.param;
  await db.execute(sql`insert into amcos (id, code, name)
    select ${amcosIdSql(sql`m`)}, 'AX' || lpad(m::text, 4, '0'), 'Apex AMCOS ' || m
    from generate_series(1, ${plan.amcos}) m`);
  const step = 200_000;
  for (let a = 1; a <= plan.farmers; a += step) {
    const b = Math.min(plan.farmers, a + step - 1);
    await db.execute(sql`insert into farmers (id, farmer_no, amcos_id, first_name, last_name, gender, national_id, phone, village, created_by)
      select ${farmerIdSql(sql`n`)}, 'AX' || lpad((1 + (n - 1) / ${plan.farmersPerAmcos})::text, 4, '0') || '-'
          || lpad((1 + (n - 1) % ${plan.farmersPerAmcos})::text, 5, '0'),
        ${amcosIdSql(sql`1 + (n - 1) / ${plan.farmersPerAmcos}`)},
        (${p([...FIRST])}::text[])[1 + ${mixSql(sql`n`)} % ${FIRST.length}],
        (${p([...LAST_NAMES])}::text[])[1 + ${mixSql(sql`n + 7777777`)} % ${LAST_NAMES.length}],
        case when ${mixSql(sql`n`)} % ${FIRST.length} >= ${MALE_FIRST_NAMES.length} then 'Female' else 'Male' end,
        '1980' || lpad(n::text, 16, '0'), '2556' || lpad(n::text, 8, '0'),
        (${p([...VILLAGES])}::text[])[1 + (n % ${VILLAGES.length})::int], ${adminId}::uuid
      from generate_series(${a}::bigint, ${b}::bigint) n`);
  }
  await db.execute(sql`insert into farmer_sequences (amcos_id, last_value)
    select ${amcosIdSql(sql`m`)}, ${plan.farmersPerAmcos} from generate_series(1, ${plan.amcos}) m
    on conflict (amcos_id) do update set last_value = excluded.last_value`);
  await db.execute(sql`insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
      is_initial_password, active, created_by)
    select gen_random_uuid(), 'Clerk', 'AX' || lpad(m::text, 4, '0'), 'clerk.ax' || lpad(m::text, 4, '0') || '@apex.test',
      '2559' || lpad(m::text, 8, '0'), 'Female', ${amcosIdSql(sql`m`)}, ${passwordHash}, false, true, ${adminId}
    from generate_series(1, ${CLERKS}) m`);
  await db.execute(sql`insert into user_roles (user_id, role_id)
    select u.id, r.id from users u, roles r where u.email like 'clerk.ax%@apex.test' and r.name = 'AMCOS Clerk'`);
}
