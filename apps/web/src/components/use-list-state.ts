import { useDebouncedValue } from '@mantine/hooks';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Query } from '../lib/api.ts';
import { type ParamsPatch, useSearchParamsPatch } from './use-search-params-patch.ts';

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;
const SEARCH_DEBOUNCE_MS = 300;

export type SortDirection = 'asc' | 'desc';
export interface SortState {
  field: string;
  direction: SortDirection;
}

/**
 * A list screen's state (page, page size, search, sort, filters) kept in the address bar, so a
 * list can be bookmarked, shared and restored with Back. `query` is what the API list call takes.
 * A prefix keeps two lists on one page apart.
 */
export function useListState(filterNames: readonly string[] = [], prefix = '') {
  const [params, patch] = useSearchParamsPatch();
  const name = (key: string) => `${prefix}${key}`;

  const page = positiveInt(params.get(name('page')), 1);
  const perPage = positiveInt(params.get(name('per_page')), DEFAULT_PAGE_SIZE);
  const search = params.get(name('search')) ?? '';
  const sort = parseSort(params.get(name('sort')));
  const filterKey = filterNames.map((f) => `${f}=${params.get(name(f)) ?? ''}`).join('&');
  // biome-ignore lint/correctness/useExhaustiveDependencies: filterKey summarises the filter params
  const filters = useMemo(() => {
    const result: Record<string, string> = {};
    for (const filter of filterNames) {
      const value = params.get(name(filter));
      if (value) result[filter] = value;
    }
    return result;
  }, [filterKey]);

  const update = useCallback(
    (changes: Record<string, string | null>, resetPage = true) => {
      const prefixed: ParamsPatch = {};
      for (const [key, value] of Object.entries(changes)) prefixed[`${prefix}${key}`] = value;
      if (resetPage) prefixed[`${prefix}page`] = null;
      patch(prefixed);
    },
    [patch, prefix],
  );

  const [searchInput, setSearchInput] = useState(search);
  const [debouncedSearch] = useDebouncedValue(searchInput, SEARCH_DEBOUNCE_MS);
  useEffect(() => {
    if (debouncedSearch.trim() !== search) update({ search: debouncedSearch.trim() });
  }, [debouncedSearch, search, update]);

  const query: Query = {
    page,
    per_page: perPage,
    search: search || undefined,
    sort: sort ? `${sort.field}:${sort.direction}` : undefined,
    ...filters,
  };

  return {
    page,
    perPage,
    search,
    searchInput,
    sort,
    filters,
    query,
    setSearchInput,
    setPage: (value: number) => update({ page: value > 1 ? String(value) : null }, false),
    setPerPage: (value: number) => update({ per_page: String(value) }),
    setSort: (value: SortState | null) =>
      update({ sort: value ? `${value.field}:${value.direction}` : null }),
    setFilter: (filter: string, value: string | null) => update({ [filter]: value }),
  };
}

export type ListState = ReturnType<typeof useListState>;

/**
 * What a table footer shows: the number of pages (one more when the count was capped, so the user
 * can page on), the page actually shown (an address past the last page shows the last one) and
 * the range of rows on it.
 */
export function pageRange(total: number, page: number, perPage: number, capped = false) {
  const pages = Math.max(1, Math.ceil(total / perPage) + (capped ? 1 : 0));
  const shown = Math.min(page, pages);
  const first = total === 0 ? 0 : Math.min(total, (shown - 1) * perPage + 1);
  const last = Math.min(total, shown * perPage);
  return { pages, shown, first, last };
}

function positiveInt(value: string | null, fallback: number): number {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed > 0 ? parsed : fallback;
}

function parseSort(value: string | null): SortState | null {
  const match = value ? /^([a-zA-Z_]+):(asc|desc)$/.exec(value) : null;
  if (!match?.[1]) return null;
  return { field: match[1], direction: match[2] === 'desc' ? 'desc' : 'asc' };
}

/** Header click: ascending, then descending, then unsorted. */
export function nextSort(current: SortState | null, field: string): SortState | null {
  if (current?.field !== field) return { field, direction: 'asc' };
  return current.direction === 'asc' ? { field, direction: 'desc' } : null;
}
