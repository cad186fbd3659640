import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { InboxCounts, InboxItem, Paged } from '@ushirika/contracts';
import { api, type Query } from '../../lib/api.ts';

/**
 * "Waiting for me" (#27): `inbox/counts` for the header and the sidebar, `inbox` for the list. Any
 * save anywhere can change them, so the app's query client refreshes `inboxKeys.all` after every
 * successful mutation (app/providers.tsx).
 */
export const inboxKeys = {
  all: ['inbox'] as const,
  counts: ['inbox', 'counts'] as const,
  list: (query: Query) => ['inbox', 'list', query] as const,
};

/** How often the header's count is read again while the app stays open (ms). */
const COUNTS_EVERY_MS = 60_000;

export function useInboxCounts(enabled = true) {
  return useQuery({
    queryKey: inboxKeys.counts,
    queryFn: ({ signal }) => api.get<{ data: InboxCounts }>('inbox/counts', undefined, signal),
    select: (reply) => reply.data,
    refetchInterval: COUNTS_EVERY_MS,
    staleTime: 10_000,
    enabled,
  });
}

export function useInboxList(query: Query) {
  return useQuery({
    queryKey: inboxKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<InboxItem>>('inbox', query, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
