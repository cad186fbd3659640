import { BUILT_IN_ROLES } from '@ushirika/contracts';
import { sql } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import type { Db } from '../../src/db/client.ts';
import { roles } from '../../src/modules/roles/schema.ts';
import {
  FEMALE_FIRST_NAMES,
  LAST_NAMES,
  MALE_FIRST_NAMES,
  MOBILE_PREFIXES,
  VILLAGE_PARTS,
  VILLAGES,
} from './names.ts';
import { SeededRandom } from './random.ts';

export type UsersPlan = { societies: number; users: number; unionUsers: number; seed: number };
export const DEFAULT_USERS_PLAN: UsersPlan = { societies: 150, users: 10_000, unionUsers: 400, seed: 2026 };

export type GeneratedUsers = {
  societies: number;
  users: number;
  roleAssignments: number;
  /** Active users in a shuffled order: each sign-in of the bench uses the next one. */
  loginEmails: string[];
  /** What staff type in the users list search box: name starts, surnames, full names, phone digits. */
  searchFragments: string[];
};

/** How often each union role is held among union staff (crop officers and accountants dominate). */
const UNION_ROLE_WEIGHTS: Record<string, number> = {
  Administrator: 2,
  Accountant: 20,
  'Finance Manager': 5,
  'Crop Officer': 30,
  'Settlement Officer': 15,
  'Store Keeper': 12,
  'Procurement Officer': 8,
  Auditor: 8,
};

type UserColumns = {
  id: string[];
  firstName: string[];
  lastName: string[];
  email: string[];
  mobile: string[];
  gender: string[];
  amcosId: (string | null)[];
  initialPassword: boolean[];
  active: boolean[];
  createdAt: string[];
};

function weightedPick(random: SeededRandom, weights: [string, number][]): string {
  const total = weights.reduce((sum, [, w]) => sum + w, 0);
  let roll = random.next() * total;
  for (const [name, weight] of weights) {
    roll -= weight;
    if (roll < 0) return name;
  }
  return weights[weights.length - 1]?.[0] ?? '';
}

function generateSocieties(random: SeededRandom, count: number) {
  const names = VILLAGE_PARTS.flatMap((part) => VILLAGES.map((v) => (part ? `${v} ${part}` : v)));
  if (names.length < count) throw new Error(`Only ${names.length} distinct AMCOS names for ${count} AMCOS`);
  return random
    .shuffled(names)
    .slice(0, count)
    .map((village, i) => ({
      id: uuidv7(),
      code: `${village.slice(0, 3).toUpperCase()}${String(i + 1).padStart(3, '0')}`,
      name: `${village} AMCOS`,
      status: random.chance(0.03) ? 'suspended' : 'active',
    }));
}

function generateUsers(random: SeededRandom, plan: UsersPlan, societies: { id: string; code: string }[]) {
  const columns: UserColumns = {
    id: [],
    firstName: [],
    lastName: [],
    email: [],
    mobile: [],
    gender: [],
    amcosId: [],
    initialPassword: [],
    active: [],
    createdAt: [],
  };
  const roleNames: string[][] = [];
  const takenEmails = new Set<string>();
  const unionWeights = Object.entries(UNION_ROLE_WEIGHTS);
  const now = Date.now();
  for (let i = 0; i < plan.users; i++) {
    const isUnion = i < plan.unionUsers;
    const society = isUnion ? null : societies[(i - plan.unionUsers) % societies.length];
    const gender = random.chance(0.45) ? 'Female' : 'Male';
    const firstName = random.pick(gender === 'Female' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
    const lastName = random.pick(LAST_NAMES);
    const domain = society ? `${society.code.toLowerCase()}.ushirika.test` : 'union.ushirika.test';
    const local = `${firstName}.${lastName}`.toLowerCase();
    let email = `${local}@${domain}`;
    for (let n = 2; takenEmails.has(email); n++) email = `${local}${n}@${domain}`;
    takenEmails.add(email);

    columns.id.push(uuidv7());
    columns.firstName.push(firstName);
    columns.lastName.push(lastName);
    columns.email.push(email);
    columns.mobile.push(`255${random.pick(MOBILE_PREFIXES)}${random.digits(7)}`);
    columns.gender.push(gender);
    columns.amcosId.push(society?.id ?? null);
    columns.initialPassword.push(random.chance(0.1));
    columns.active.push(random.chance(0.97));
    columns.createdAt.push(new Date(now - random.int(730 * 86_400_000)).toISOString());

    if (isUnion) {
      const first = weightedPick(random, unionWeights);
      const second = random.chance(0.15) ? weightedPick(random, unionWeights) : first;
      roleNames.push([...new Set([first, second])]);
    } else {
      // About two managers per society; the rest are clerks.
      roleNames.push([random.chance(0.03) ? 'AMCOS Manager' : 'AMCOS Clerk']);
    }
  }
  return { columns, roleNames };
}

function searchFragments(random: SeededRandom, columns: UserColumns, count: number): string[] {
  const fragments: string[] = [];
  for (let i = 0; i < count; i++) {
    const row = random.int(columns.id.length);
    const first = columns.firstName[row] ?? 'Juma';
    const last = columns.lastName[row] ?? 'Mushi';
    const kind = random.int(10);
    if (kind < 4) fragments.push(first.slice(0, 3 + random.int(3)));
    else if (kind < 7) fragments.push(random.chance(0.5) ? last : last.slice(0, 4 + random.int(3)).toLowerCase());
    else if (kind < 9) fragments.push(`${first} ${last}`);
    else fragments.push((columns.mobile[row] ?? '255754000000').slice(3, 9));
  }
  return fragments;
}

/**
 * Generates the bench's users and writes them with three bulk statements (`unnest` over arrays),
 * all sharing one password hash computed by the caller: no per-user argon2, no ORM batches.
 */
export async function insertBenchUsers(
  db: Db,
  { passwordHash, createdBy, plan = DEFAULT_USERS_PLAN }: { passwordHash: string; createdBy: string; plan?: UsersPlan },
): Promise<GeneratedUsers> {
  const random = new SeededRandom(plan.seed);
  const societies = generateSocieties(random, plan.societies);
  const { columns: c, roleNames } = generateUsers(random, plan, societies);
  const roleIds = new Map((await db.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]));
  for (const role of BUILT_IN_ROLES) if (!roleIds.has(role.name)) throw new Error(`Role ${role.name} is missing`);
  const assignmentUsers = roleNames.flatMap((names, i) => names.map(() => c.id[i] ?? ''));
  const assignmentRoles = roleNames.flatMap((names) => names.map((name) => roleIds.get(name) ?? ''));
  const p = sql.param; // one array parameter each, not one parameter per element

  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into amcos (id, code, name, status)
      select * from unnest(${p(societies.map((s) => s.id))}::uuid[], ${p(societies.map((s) => s.code))}::text[],
        ${p(societies.map((s) => s.name))}::text[], ${p(societies.map((s) => s.status))}::text[])`);
    await tx.execute(sql`
      insert into users (id, first_name, last_name, email, mobile, gender, amcos_id, password_hash,
        is_initial_password, active, created_by, created_at, updated_at)
      select t.id, t.first_name, t.last_name, t.email, t.mobile, t.gender, t.amcos_id, ${passwordHash},
        t.initial, t.active, ${createdBy}, t.created_at, t.created_at
      from unnest(${p(c.id)}::uuid[], ${p(c.firstName)}::text[], ${p(c.lastName)}::text[], ${p(c.email)}::text[],
        ${p(c.mobile)}::text[], ${p(c.gender)}::text[], ${p(c.amcosId)}::uuid[], ${p(c.initialPassword)}::boolean[],
        ${p(c.active)}::boolean[], ${p(c.createdAt)}::timestamptz[])
        as t(id, first_name, last_name, email, mobile, gender, amcos_id, initial, active, created_at)`);
    await tx.execute(sql`
      insert into user_roles (user_id, role_id)
      select * from unnest(${p(assignmentUsers)}::uuid[], ${p(assignmentRoles)}::uuid[])`);
  });
  // What autovacuum does on a live PostgreSQL after a bulk load: fresh statistics, and the trigram
  // index's pending list merged (searches scan that list linearly until then). PGlite has no
  // autovacuum, so an embedded database would only get this from a VACUUM run by someone.
  await db.execute(sql`vacuum analyze amcos, users, user_roles`);

  return {
    societies: societies.length,
    users: c.id.length,
    roleAssignments: assignmentUsers.length,
    loginEmails: random.shuffled(c.email.filter((_, i) => c.active[i])),
    searchFragments: searchFragments(random, c, 200),
  };
}
