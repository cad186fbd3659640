import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import type { Actor } from '../platform/access.ts';
import { plannedAccounts } from './demo-union.ts';

/** What the demo sales steps share: dates, a seeded random generator and the demo users as actors. */

export const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
export const later = (a: string, b: string) => (a > b ? a : b);
export const earlier = (a: string, b: string) => (a < b ? a : b);

export function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)), next };
}
export type Random = ReturnType<typeof generator>;

export type DemoActors = {
  cropOfficer: Actor;
  settlementOfficer: Actor;
  financeManager: Actor;
  administrator: Actor;
  /** The demo AMCOS managers, by society code: they decide on their own society's lots. */
  managers: Map<string, Actor>;
};

/** A demo user as the API would see them after sign-in: id, society and their roles' permissions. */
export async function actorByEmail(db: Db, email: string): Promise<Actor | null> {
  const [row] = await queryRows(
    db,
    z.object({ id: z.string(), amcos_id: z.string().nullable(), permissions: z.array(z.string()) }),
    sql`select u.id, u.amcos_id, coalesce((select array_agg(distinct p) from user_roles ur
          join roles r on r.id = ur.role_id, unnest(r.permissions) p where ur.user_id = u.id), '{}') as permissions
        from users u where lower(u.email) = lower(${email}) and u.active`,
  );
  if (!row) return null;
  return {
    userId: row.id,
    sessionId: 'seed-demo',
    amcosId: row.amcos_id,
    permissions: new Set(row.permissions),
  };
}

export async function demoActors(db: Db): Promise<DemoActors | null> {
  const accounts = plannedAccounts();
  const union = async (role: string) => {
    const account = accounts.find((a) => a.role === role && !a.society);
    return account ? actorByEmail(db, account.email) : null;
  };
  const managers = new Map<string, Actor>();
  for (const a of accounts.filter((x) => x.role === 'AMCOS Manager' && x.society)) {
    const actor = await actorByEmail(db, a.email);
    if (actor && a.society) managers.set(a.society.code, actor);
  }
  const [cropOfficer, settlementOfficer, financeManager, administrator] = await Promise.all(
    ['Crop Officer', 'Settlement Officer', 'Finance Manager', 'Administrator'].map(union),
  );
  if (!cropOfficer || !settlementOfficer || !financeManager || !administrator) return null;
  return { cropOfficer, settlementOfficer, financeManager, administrator, managers };
}
