import type { ListQuery, Paged } from '@ushirika/contracts';
import { type AnyColumn, asc, desc, type SQL } from 'drizzle-orm';
import { ValidationError } from './errors.ts';

/**
 * Turns `sort=field:dir` into ORDER BY terms over an allow-list of sortable columns (or expressions,
 * such as a name in the reader's language), plus a stable tiebreak.
 */
export function orderByOf(
  sort: string | undefined,
  sortable: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
  tiebreak: AnyColumn,
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

export const EXPORT_ROW_LIMIT = 100_000;

export type PageWindow = { limit: number; offset: number };

/** The page the query asks for, or every row (up to the export limit) when it asks for a file. */
export function pageWindow(query: ListQuery): PageWindow {
  if (query.format !== 'json') return { limit: EXPORT_ROW_LIMIT, offset: 0 };
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

export function pagedReply<T>(data: T[], total: number, query: ListQuery): Paged<T> {
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

/**
 * A serializer for hot list routes whose rows come from an explicit column list typed as the
 * contract: plain JSON.stringify, without the zod pass over every row that the app's default
 * serializer makes (about 20 µs a row, 0.4 ms a page of farmers). The response schema stays on
 * the route for the OpenAPI docs. Use only where the handler's type already is the contract.
 */
export const plainJsonSerializer = () => (data: unknown) => JSON.stringify(data);
