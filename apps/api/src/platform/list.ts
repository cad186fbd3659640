import type { ListQuery, Paged } from '@ushirika/contracts';
import { type AnyColumn, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { DbOrTx } from '../db/client.ts';
import { queryRows } from '../db/rows.ts';
import { ValidationError } from './errors.ts';

/**
 * Turns `sort=field:dir` into ORDER BY terms over an allow-list of sortable columns (or expressions,
 * such as a name in the reader's language), plus a stable tiebreak.
 */
export function orderByOf(
  sort: string | undefined,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tiebreak: AnyColumn | SQL,
): SQL[] {
  if (!sort) return [...fallback, asc(tiebreak)];
  const [field = '', direction] = sort.split(':');
  const column = sortable[field];
  if (!column) {
    throw new ValidationError(`You can sort by ${Object.keys(sortable).join(', ')}`, {
      sort: [`Unknown sort field ${field}`],
    });
  }
  return [direction === 'desc' ? desc(column) : asc(column), asc(tiebreak)];
}

/** Escapes LIKE wildcards in a user's search text. */
export function likeContains(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const totalRow = z.object({ total: z.number() });

export const EXPORT_ROW_LIMIT = 100_000;

export type PageWindow = { limit: number; offset: number };

/** A list's page, from a list query (one that offers no file export has no `format`). */
type PageQuery = Pick<ListQuery, 'page' | 'per_page'> & Partial<Pick<ListQuery, 'format'>>;

/** The page the query asks for, or every row (up to the export limit) when it asks for a file. */
export function pageWindow(query: PageQuery): PageWindow {
  if (query.format !== undefined && query.format !== 'json') return { limit: EXPORT_ROW_LIMIT, offset: 0 };
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export function pagedReply<T>(data: T[], total: number, query: PageQuery): Paged<T> {
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

/**
 * A serializer for hot list routes whose rows come from an explicit column list typed as the
 * contract: plain JSON.stringify, without the zod pass over every row that the app's default
 * serializer makes (about 20 µs a row, 0.4 ms a page of farmers). The response schema stays on
 * the route for the OpenAPI docs. Use only where the handler's type already is the contract.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);

/**
 * Sends a reply the database wrote as JSON text (`json_build_object(...)::text`), as it is: no
 * parse, no serialise in the API. The route keeps its response schema for the OpenAPI docs; the
 * SQL is what holds the contract, and the route's test reads the reply with the contract's schema.
 */
export function sendJsonText(reply: FastifyReply, json: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(json);
}

/** How a list is ordered: `sort=field:dir` over the sortable columns, else the fallback; then the tiebreak. */
export type ListOrder = {
  sort: string | undefined;
  sortable: Record<string, AnyColumn | SQL>;
  fallback: SQL[];
  tiebreak: AnyColumn | SQL;
};

/** A list's order: what the reader may sort by (`ListOrder`), or one fixed order. */
export type ListPage = { where: SQL | undefined; order: ListOrder | SQL[]; window: PageWindow };

const orderOf = (order: ListOrder | SQL[]): SQL[] =>
  Array.isArray(order) ? order : orderByOf(order.sort, order.sortable, order.fallback, order.tiebreak);

/**
 * One page of a list and how many rows the whole list has, from one select (its columns and
 * joins, in drizzle's dynamic mode: `db.select(columns).from(t).leftJoin(...).$dynamic()`): the
 * filter, the order and the page are applied here. The count reads the same select under the same
 * filter as a subquery, which PostgreSQL flattens (the columns are not computed), so a filter on a
 * joined table counts right. `counted` names a narrower select to count instead, for a large table
 * whose inner joins only add columns to each row (the filter must read only what it joins).
 */
export async function pageOf<Select extends PgSelect>(
  db: DbOrTx,
  select: () => Select,
  { where, order, window, counted: countedSelect }: ListPage & { counted?: () => PgSelect },
): Promise<{ rows: Awaited<Select>; total: number }> {
  const [rows, [counted]] = await Promise.all([
    select()
      .where(where)
      .orderBy(...orderOf(order))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ value: count() }).from(sql`(${(countedSelect ?? select)().where(where)}) as list`),
  ]);
  return { rows: await rows, total: counted?.value ?? 0 };
}

/**
 * The row of a page counted in its own query: the list's row and `count(*) over ()` beside it
 * (`list_total`, which is taken off before the row is parsed).
 */
const windowed = <Row extends z.ZodType>(row: Row) =>
  z
    .looseObject({ list_total: z.number() })
    .transform(({ list_total: total, ...read }, ctx): { total: number; value: z.output<Row> } => {
      const parsed = row.safeParse(read);
      if (parsed.success) return { total, value: parsed.data };
      for (const issue of parsed.error.issues)
        ctx.issues.push({ code: 'custom', message: issue.message, path: issue.path, input: read });
      return z.NEVER;
    });

/**
 * `pageOf` for a list read in raw SQL: `columns` (each named as the row schema names it) from
 * `from` (the table and its joins) under `where`, parsed by `row`. `counted` is a narrower `from`
 * to count (the table alone, when the joins only add columns and the filter reads none of them),
 * or `'window'`: the total is a window count in the page's own query, one round trip for a small
 * list (a page past the end reads a total of 0, as it always did for these lists).
 */
export async function sqlPageOf<Row extends z.ZodType>(
  db: DbOrTx,
  row: Row,
  {
    columns,
    from,
    where,
    order,
    window,
    counted: countFrom,
  }: ListPage & { columns: SQL; from: SQL; counted?: SQL | 'window' },
): Promise<{ rows: z.output<Row>[]; total: number }> {
  const filter = where ?? sql`true`;
  const orderBy = sql.join(orderOf(order), sql`, `);
  const page = sql`order by ${orderBy} limit ${window.limit} offset ${window.offset}`;
  if (countFrom === 'window') {
    const rows = await queryRows(
      db,
      windowed(row),
      sql`select ${columns}, count(*) over ()::int as list_total from ${from} where ${filter} ${page}`,
    );
    return { rows: rows.map((r) => r.value), total: rows[0]?.total ?? 0 };
  }
  const [rows, [counted]] = await Promise.all([
    queryRows(db, row, sql`select ${columns} from ${from} where ${filter} ${page}`),
    queryRows(db, totalRow, sql`select count(*)::int as total from ${countFrom ?? from} where ${filter}`),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
