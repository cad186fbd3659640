import { count, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { systemActor } from '../../platform/access.ts';
import { randomPassword } from '../../platform/tokens.ts';
import { seedAccounting } from '../accounts/chart/seed-accounting.ts';
import { ensureStatementLines } from '../accounts/statements/ensure-statement-lines.ts';
import { seedMasterData } from '../cooperative/seed-master-data.ts';
import { roleIdByName, syncBuiltInRoles } from '../roles/queries.ts';
import { backfillLoanPostings } from '../settlement/loans/backfill-loan-postings.ts';
import { createUser } from '../users/create-user.ts';
import { users } from '../users/schema.ts';

export type FirstAdmin = { email: string; password: string; generated: boolean };

/**
 * Runs at every start after migrations: keeps the built-in roles current (once per build of the
 * compiled API, see seededBy) and, on an empty
 * database, creates the first administrator (ADMIN_EMAIL / ADMIN_PASSWORD, or a random password
 * that main.ts prints once).
 */
export async function bootstrap(db: Db, config: Config): Promise<FirstAdmin | null> {
  if (!(await seededBy(db, config.codeFingerprint))) {
    await syncBuiltInRoles(db);
    await seedAccounting(db, systemActor);
    await ensureStatementLines(db);
    // Loans approved before advances were posted get their posting (#16; idempotent).
    await backfillLoanPostings(db, systemActor);
    await seedMasterData(db, systemActor);
    await recordSeeded(db, config.codeFingerprint);
  }
  const [existing] = await db.select({ value: count() }).from(users);
  if ((existing?.value ?? 0) > 0) return null;
  const password = config.admin.password ?? randomPassword();
  await createUser(db, systemActor, {
    firstName: 'System',
    lastName: 'Administrator',
    email: config.admin.email,
    mobile: config.admin.mobile,
    gender: 'Male',
    amcosId: null,
    roleIds: [await roleIdByName(db, 'Administrator')],
    password,
  });
  return { email: config.admin.email, password, generated: !config.admin.password };
}

/**
 * The compiled API's build hash (scripts/build.mjs) is kept once its seeds have run: a restart of
 * the same code skips re-checking every role, account and reference row. Without a build hash (tsx,
 * tests) the seeds always run; they are idempotent either way.
 */
async function seededBy(db: Db, fingerprint: string | undefined): Promise<boolean> {
  if (!fingerprint) return false;
  await db.execute(
    sql`create table if not exists drizzle.ushirika_seeded (id int primary key, fingerprint text not null)`,
  );
  const [row] = await queryRows(
    db,
    z.object({ fingerprint: z.string() }),
    sql`select fingerprint from drizzle.ushirika_seeded where id = 1`,
  );
  return row?.fingerprint === fingerprint;
}

async function recordSeeded(db: Db, fingerprint: string | undefined): Promise<void> {
  if (!fingerprint) return;
  await db.execute(
    sql`insert into drizzle.ushirika_seeded (id, fingerprint) values (1, ${fingerprint})
        on conflict (id) do update set fingerprint = excluded.fingerprint`,
  );
}
