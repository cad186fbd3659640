import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db, DbOrTx } from '../../../src/db/client.ts';
import { queryRows } from '../../../src/db/rows.ts';

/**
 * The apex data set (#34) at a scale (APEX_SCALE, 1 = the size): 1,000,000 farmers of
 * 2,000 AMCOS, 10,000,000 collections in the open season, 25,000,000 journal entries (50,000,000
 * lines) over the two books and two financial years (the previous one closed by the app's own
 * year close), 20 union stores and one store per AMCOS.
 */
export type ApexPlan = {
  scale: number;
  amcos: number;
  farmersPerAmcos: number;
  farmers: number;
  collections: number;
  entries: number;
  /** Journal entries written per transaction (two lines each). */
  chunk: number;
  accountsPerBook: number;
  unionStores: number;
  items: number;
  itemsPerAmcosStore: number;
};

export const FARMERS_PER_AMCOS = 500;

export function apexPlan(scale: number): ApexPlan {
  if (!(scale > 0 && scale <= 1)) throw new Error(`APEX_SCALE must be in (0, 1], not ${scale}`);
  const amcos = Math.max(20, Math.round(2_000 * scale));
  return {
    scale,
    amcos,
    farmersPerAmcos: FARMERS_PER_AMCOS,
    farmers: amcos * FARMERS_PER_AMCOS,
    collections: Math.round(10_000_000 * scale),
    entries: Math.round(25_000_000 * scale),
    chunk: 250_000,
    accountsPerBook: 1_000,
    unionStores: 20,
    items: 1_000,
    itemsPerAmcosStore: 25,
  };
}

/**
 * How far the generation went, kept on the database's comment (COMMENT is transactional, so a
 * chunk and its progress commit together): the phases done, the journal entries written, the
 * dates the data was planned with, and the seconds each phase took. `complete` once all is there.
 */
export type ApexState = {
  version: 1;
  scale: number;
  done: string[];
  entriesWritten: number;
  collectionsWritten: number;
  /** The last day of the current year's data (the day generation began). */
  today: string;
  seconds: Record<string, number>;
  complete: boolean;
};

const stateJson = z.object({ comment: z.string().nullable() });

export async function readState(db: Db): Promise<ApexState | null> {
  const [row] = await queryRows(
    db,
    stateJson,
    sql`select shobj_description(oid, 'pg_database') as comment from pg_database where datname = current_database()`,
  );
  if (!row?.comment?.startsWith('{')) return null;
  const parsed = JSON.parse(row.comment) as ApexState;
  return parsed.version === 1 ? parsed : null;
}

/** Writes the state on the database's comment, in `db`'s transaction when it is one. */
export async function writeState(db: DbOrTx, state: ApexState): Promise<void> {
  const text = JSON.stringify(state).replace(/'/g, "''");
  await db.execute(sql.raw(`comment on database "${await currentDatabase(db)}" is '${text}'`));
}

async function currentDatabase(db: DbOrTx): Promise<string> {
  const [row] = await queryRows(db, z.object({ name: z.string() }), sql`select current_database() as name`);
  if (!row || !/^\w+$/.test(row.name)) throw new Error(`unexpected database name ${row?.name}`);
  return row.name;
}
