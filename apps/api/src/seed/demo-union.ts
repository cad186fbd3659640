import { BUILT_IN_ROLES, createAmcosBody, type Gender } from '@ushirika/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { createAmcos } from '../modules/amcos/create-amcos.ts';
import { amcos } from '../modules/amcos/schema.ts';
import { roleIdByName } from '../modules/roles/queries.ts';
import { roles } from '../modules/roles/schema.ts';
import { createUser } from '../modules/users/create-user.ts';
import { findUserByEmail } from '../modules/users/queries.ts';
import { userRoles, users } from '../modules/users/schema.ts';
import type { Actor } from '../platform/access.ts';
import { ConflictError } from '../platform/errors.ts';

/** Every demo account gets this password; like any new user they must change it at first sign-in. */
export const DEMO_PASSWORD = 'Demo#2026pass';
export const DEMO_EMAIL_DOMAIN = 'demo.ushirika.test';

type Person = { firstName: string; lastName: string; gender: Gender; mobile: string };

export const DEMO_SOCIETIES = [
  {
    code: 'MKW01',
    name: 'Mkuranga AMCOS',
    manager: { firstName: 'Salum', lastName: 'Mbonde', gender: 'Male', mobile: '255754200101' },
    clerk: { firstName: 'Mwanaisha', lastName: 'Kibwana', gender: 'Female', mobile: '255754200102' },
  },
  {
    code: 'NAN02',
    name: 'Nanyumbu AMCOS',
    manager: { firstName: 'Athumani', lastName: 'Chilumba', gender: 'Male', mobile: '255754200201' },
    clerk: { firstName: 'Fatuma', lastName: 'Namkulala', gender: 'Female', mobile: '255754200202' },
  },
  {
    code: 'TAN03',
    name: 'Tandahimba AMCOS',
    manager: { firstName: 'Mwajuma', lastName: 'Namwaya', gender: 'Female', mobile: '255754200301' },
    clerk: { firstName: 'Issa', lastName: 'Mtalika', gender: 'Male', mobile: '255754200302' },
  },
] as const satisfies readonly { code: string; name: string; manager: Person; clerk: Person }[];

/** One union person per built-in union role; a role added later gets a stand-in name. */
const UNION_STAFF: Record<string, Person> = {
  Administrator: { firstName: 'Neema', lastName: 'Mwakyusa', gender: 'Female', mobile: '255754100001' },
  Accountant: { firstName: 'Baraka', lastName: 'Mushi', gender: 'Male', mobile: '255754100002' },
  'Finance Manager': { firstName: 'Rehema', lastName: 'Kisanga', gender: 'Female', mobile: '255754100003' },
  'Crop Officer': { firstName: 'Juma', lastName: 'Mfaume', gender: 'Male', mobile: '255754100004' },
  'Settlement Officer': { firstName: 'Zawadi', lastName: 'Mollel', gender: 'Female', mobile: '255754100005' },
  'Store Keeper': { firstName: 'Hamisi', lastName: 'Libenanga', gender: 'Male', mobile: '255754100006' },
  'Procurement Officer': {
    firstName: 'Upendo',
    lastName: 'Massawe',
    gender: 'Female',
    mobile: '255754100007',
  },
  Auditor: { firstName: 'Emmanuel', lastName: 'Kimaro', gender: 'Male', mobile: '255754100008' },
};

const standIn = (index: number): Person => ({
  firstName: 'Tumaini',
  lastName: `Mtumishi${index + 1}`,
  gender: 'Male',
  mobile: `2557541009${String(index).padStart(2, '0')}`,
});

export type DemoAccount = {
  role: string;
  name: string;
  email: string;
  amcos: string;
  status: 'created' | 'already there' | 'already there, password changed by the user';
};

type PlannedAccount = Person & {
  role: string;
  email: string;
  society: { code: string; name: string } | null;
};

const emailOf = (local: string) => `${local}@${DEMO_EMAIL_DOMAIN}`;
const slug = (roleName: string) => roleName.toLowerCase().replace(/\s+/g, '.');

/** The accounts the demo union has, in the order the table prints them. */
export function plannedAccounts(): PlannedAccount[] {
  const unionRoles = BUILT_IN_ROLES.filter((r) => r.audience === 'union');
  const unionAccounts = unionRoles.map((role, index) => ({
    ...(UNION_STAFF[role.name] ?? standIn(index)),
    role: role.name,
    email: emailOf(slug(role.name)),
    society: null,
  }));
  const societyAccounts = DEMO_SOCIETIES.flatMap((society) => [
    {
      ...society.manager,
      role: 'AMCOS Manager',
      email: emailOf(`manager.${society.code.toLowerCase()}`),
      society,
    },
    { ...society.clerk, role: 'AMCOS Clerk', email: emailOf(`clerk.${society.code.toLowerCase()}`), society },
  ]);
  return [...unionAccounts, ...societyAccounts];
}

/** The seed acts as the union's first administrator, so the audit trail names a real person. */
export async function findAdministratorId(db: Db): Promise<string> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.name, 'Administrator'), eq(users.active, true)))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!admin)
    throw new Error('The database has users but no active Administrator to record the demo data as.');
  return admin.id;
}

async function ensureSociety(
  db: Db,
  actorId: string,
  society: { code: string; name: string },
): Promise<string> {
  const existing = async () =>
    (await db.select({ id: amcos.id }).from(amcos).where(eq(amcos.code, society.code)))[0];
  const found = await existing();
  if (found) return found.id;
  try {
    return (
      await createAmcos(
        db,
        seedActor(actorId),
        createAmcosBody.parse({ code: society.code, name: society.name }),
      )
    ).id;
  } catch (error) {
    const raced = error instanceof ConflictError ? await existing() : undefined;
    if (!raced) throw error;
    return raced.id;
  }
}

/**
 * Loads the demo societies and accounts. Idempotent: what already exists (by AMCOS code or user
 * email) is left as it is, so a second run changes nothing and a user's own password survives.
 */
export async function loadDemoUnion(db: Db): Promise<DemoAccount[]> {
  const actorId = await findAdministratorId(db);
  const societyIds = new Map<string, string>();
  for (const society of DEMO_SOCIETIES)
    societyIds.set(society.code, await ensureSociety(db, actorId, society));

  const accounts: DemoAccount[] = [];
  for (const planned of plannedAccounts()) {
    const row = {
      role: planned.role,
      name: `${planned.firstName} ${planned.lastName}`,
      email: planned.email,
      amcos: planned.society ? `${planned.society.code} ${planned.society.name}` : '(union)',
    };
    const existing = await findUserByEmail(db, planned.email);
    if (existing) {
      const status = existing.isInitialPassword
        ? 'already there'
        : 'already there, password changed by the user';
      accounts.push({ ...row, status });
      continue;
    }
    try {
      await createUser(db, seedActor(actorId), {
        firstName: planned.firstName,
        lastName: planned.lastName,
        email: planned.email,
        mobile: planned.mobile,
        gender: planned.gender,
        amcosId: planned.society ? (societyIds.get(planned.society.code) ?? null) : null,
        roleIds: [await roleIdByName(db, planned.role)],
        password: DEMO_PASSWORD,
      });
      accounts.push({ ...row, status: 'created' });
    } catch (error) {
      // Another seed run created the same email a moment ago.
      if (!(error instanceof ConflictError)) throw error;
      accounts.push({ ...row, status: 'already there' });
    }
  }
  return accounts;
}

/**
 * A union user (by id) as the use cases see the actor: union business, the permissions left to the
 * routes (use cases check tenancy, not permissions), for demo steps that act as the administrator.
 */
export const seedActor = (userId: string): Actor => ({
  userId,
  sessionId: 'seed-demo',
  amcosId: null,
  permissions: new Set(),
});
