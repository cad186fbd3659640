import { count } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { randomPassword } from '../../platform/tokens.ts';
import { seedAccounting } from '../accounts/chart/seed-accounting.ts';
import { seedMasterData } from '../cooperative/reference-data.ts';
import { roleIdByName, syncBuiltInRoles } from '../roles/queries.ts';
import { backfillLoanPostings } from '../settlement/loans/backfill-loan-postings.ts';
import { createUser } from '../users/create-user.ts';
import { users } from '../users/schema.ts';

export type FirstAdmin = { email: string; password: string; generated: boolean };

/**
 * Runs at every start after migrations: keeps the built-in roles current and, on an empty
 * database, creates the first administrator (ADMIN_EMAIL / ADMIN_PASSWORD, or a random password
 * that main.ts prints once).
 */
export async function bootstrap(db: Db, config: Config): Promise<FirstAdmin | null> {
  await syncBuiltInRoles(db);
  await seedAccounting(db);
  // Loans approved before advances were posted get their posting (#16; idempotent).
  await backfillLoanPostings(db);
  await seedMasterData(db);
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return null;
  const password = config.admin.password ?? randomPassword();
  await createUser(db, {
    actorId: null,
    body: {
      firstName: 'System',
      lastName: 'Administrator',
      email: config.admin.email,
      mobile: config.admin.mobile,
      gender: 'Male',
      amcosId: null,
      roleIds: [await roleIdByName(db, 'Administrator')],
      password,
    },
  });
  return { email: config.admin.email, password, generated: !config.admin.password };
}
