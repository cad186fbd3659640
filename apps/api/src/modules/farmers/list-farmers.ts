import type { Farmer, FarmerListQuery } from '@ushirika/contracts';
import { and, asc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { orderByOf, type PageWindow } from '../../platform/list.ts';
import { selectFarmers, toFarmer } from './queries.ts';
import { farmers } from './schema.ts';

/** A list counts at most this many matches past the page it shows; beyond that it says "1,000+". */
export const COUNT_AHEAD = 1000;

/**
 * What staff type into the search box, made to match how it is stored: phone numbers as digits
 * with the country code (0754… and +255754… both find 255754…), NIDA numbers without dashes.
 */
export function normaliseSearch(search: string): string {
  const text = search.trim().toLowerCase();
  if (/^\+?[\d\s-]{6,}$/.test(text)) {
    const digits = text.replace(/[^\d]/g, '');
    return digits.startsWith('0') ? digits.slice(1) : digits;
  }
  return text;
}

/** A whole farmer number, NIDA number or phone: one lookup in its unique index. */
export function exactMatch(search: string): SQL | undefined {
  if (/^[a-z0-9]+-\d{5}$/.test(search)) return eq(farmers.farmerNo, search.toUpperCase());
  if (/^\d{20}$/.test(search)) return eq(farmers.nationalId, search);
  if (/^255\d{9}$/.test(search)) return eq(farmers.phone, search);
  if (/^\d{9}$/.test(search)) return eq(farmers.phone, `255${search}`);
  return undefined;
}

/**
 * The start of a phone number (issue #20: "0754 12" found nothing): digits only, three or more,
 * matched as a prefix of the stored number (country code first, as numbers are stored), through
 * the phone prefix index. Names never hold digits, so this never hides a name search.
 */
export function phonePrefix(search: string): string | null {
  const digits = search.replace(/[\s+-]/g, '');
  if (!/^\d{3,}$/.test(digits)) return null;
  const stored = digits.startsWith('255') ? digits : `255${digits.replace(/^0/, '')}`;
  return stored.length >= 6 ? stored : null;
}

export const prefix = (word: string) => `${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Anything else is a name search: every word must begin one of the farmer's names, and the first
 * word must begin the first or the last name ("ami", "amina mus", "mussa amina"). Each branch reads
 * one index (first_key… or last_key…) in name order, so a page never looks at every match.
 */
export function nameBranches(search: string): [SQL, SQL] {
  const [first = '', ...rest] = search.split(/\s+/).slice(0, 4);
  const others = rest.map((w) =>
    or(
      like(farmers.firstKey, prefix(w)),
      like(farmers.lastKey, prefix(w)),
      like(farmers.middleKey, prefix(w)),
    ),
  );
  return [
    and(like(farmers.firstKey, prefix(first)), ...others) ?? sql`false`,
    and(like(farmers.lastKey, prefix(first)), ...others) ?? sql`false`,
  ];
}

function plainFilters(query: Partial<FarmerListQuery>, societyId: string | null): SQL | undefined {
  return and(
    query.amcos_id ? eq(farmers.amcosId, query.amcos_id) : undefined,
    query.status ? eq(farmers.status, query.status) : undefined,
    query.gender ? eq(farmers.gender, query.gender) : undefined,
    query.village ? sql`lower(${farmers.village}) = ${query.village.toLowerCase()}` : undefined,
    // An AMCOS user's society bounds every read, whatever else the query asks for.
    societyId ? eq(farmers.amcosId, societyId) : undefined,
  );
}

const nameOrder = [asc(farmers.firstKey), asc(farmers.lastKey), asc(farmers.id)];
const sortable = {
  name: farmers.firstKey,
  last_name: farmers.lastKey,
  farmer_no: farmers.farmerNo,
  created_at: farmers.createdAt,
  village: farmers.village,
};

export type FarmerList = { rows: Farmer[]; total: number; capped: boolean };

/** Counts matches up to `cap + 1` (an index-only read) so a list never counts 300,000 rows. */
const cappedCountSql = (branches: SQL[], cap: number) => {
  const parts = branches.map((w) => sql`(select ${farmers.id} from ${farmers} where ${w} limit ${cap + 1})`);
  return sql<number>`(select count(*)::int from (${sql.join(parts, sql` union `)}) matches)`;
};

async function cappedCount(db: DbOrTx, branches: SQL[], cap: number): Promise<number> {
  const [row] = await queryRows(
    db,
    z.object({ n: z.number() }),
    sql`select ${cappedCountSql(branches, cap)} as n`,
  );
  return row?.n ?? 0;
}

type PageIds = { ids: string[]; counted: number | null };

/**
 * The page's ids in name order: the union of each branch's first `offset + limit` rows. With
 * `count`, the same statement counts the matches (one round trip, not two).
 */
async function namePageIds(
  db: DbOrTx,
  branches: SQL[],
  window: PageWindow,
  count: SQL | null,
): Promise<PageIds> {
  const reach = window.offset + window.limit;
  const parts = branches.map(
    (w) => sql`(select ${farmers.firstKey} as f, ${farmers.lastKey} as l, ${farmers.id} as id
      from ${farmers} where ${w} order by 1, 2, 3 limit ${reach})`,
  );
  const rows = await queryRows(
    db,
    z.object({ id: z.string(), n: z.number().nullable() }),
    sql`select id, ${count ?? sql`null`} as n from (${sql.join(parts, sql` union `)}) page order by f, l, id
      limit ${window.limit} offset ${window.offset}`,
  );
  return { ids: rows.map((r) => r.id), counted: rows[0]?.n ?? null };
}

/**
 * The page's rows by id, in the given order. Building the wide farmer select costs about a
 * millisecond of the API's CPU, so it is built once per database handle as a prepared statement.
 */
const prepareByIds = (db: DbOrTx) =>
  selectFarmers(db)
    .where(sql`${farmers.id} = any(${sql.placeholder('ids')}::uuid[])`)
    .prepare('farmers_by_ids');
const preparedByIds = new WeakMap<DbOrTx, ReturnType<typeof prepareByIds>>();

async function farmersByIds(db: DbOrTx, ids: string[]): Promise<Farmer[]> {
  if (ids.length === 0) return [];
  const prepared = preparedByIds.get(db) ?? prepareByIds(db);
  preparedByIds.set(db, prepared);
  const found = new Map((await prepared.execute({ ids })).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = found.get(id);
    return row ? [toFarmer(row)] : [];
  });
}

export async function listFarmers(
  db: DbOrTx,
  query: Partial<FarmerListQuery>,
  window: PageWindow,
  societyId: string | null,
): Promise<FarmerList> {
  const search = query.search ? normaliseSearch(query.search) : '';
  const filters = plainFilters(query, societyId);
  const partialPhone = search && !exactMatch(search) ? phonePrefix(search) : null;
  const exact = search
    ? (exactMatch(search) ?? (partialPhone ? like(farmers.phone, `${partialPhone}%`) : undefined))
    : undefined;
  const wantsCount = query.format === undefined || query.format === 'json';
  const cap = window.offset + COUNT_AHEAD;
  const nameSearch = Boolean(search) && !exact;
  const branches = nameSearch
    ? nameBranches(search).map((b) => and(b, filters) ?? b)
    : [and(exact, filters) ?? sql`true`];
  const count = wantsCount ? cappedCountSql(branches, cap) : null;
  const pageIds = async (): Promise<PageIds> => {
    if (nameSearch && (!query.sort || query.sort === 'name:asc'))
      return namePageIds(db, branches, window, count);
    const rows = await db
      .select({ id: farmers.id, n: count ?? sql<null>`null` })
      .from(farmers)
      .where(or(...branches))
      .orderBy(...orderByOf(query.sort, sortable, nameOrder.slice(0, 2), farmers.id))
      .limit(window.limit)
      .offset(window.offset);
    return { ids: rows.map((r) => r.id), counted: rows[0]?.n ?? null };
  };
  const { ids, counted } = await pageIds();
  const rows = await farmersByIds(db, ids);
  if (!wantsCount) return { rows, total: 0, capped: false };
  // An empty page counts nothing in its statement: count apart only when past the first page.
  const n = counted ?? (window.offset > 0 ? await cappedCount(db, branches, cap) : 0);
  return { rows, total: Math.min(n, cap), capped: n > cap };
}
