import { useQuery } from '@tanstack/react-query';
import type { Store, StoreBody, StoreOption, StoreStock } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { resource } from '../../../lib/resource.ts';
import { useSession } from '../../../lib/session.ts';

/** Union and AMCOS stores: `/api/inventory/stores` (an AMCOS user gets their own). */
export const stores = resource<Store, StoreBody>('inventory/stores', {
  key: 'inventory-stores',
  audit: 'store',
  exportName: 'stores',
});

/** Stores a document form may use: all for union staff; own and union stores for an AMCOS. */
export function useStoreChoices() {
  return useQuery({
    queryKey: ['inventory-stores', 'choices'],
    queryFn: ({ signal }) => api.get<{ data: StoreOption[] }>('inventory/stores/choices', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 30_000,
  });
}

/** What a store holds now: the items an issue or transfer can take. */
export function useStoreStock(storeId: string | null) {
  return useQuery({
    queryKey: ['inventory-stock', storeId],
    queryFn: ({ signal }) =>
      api.get<{ data: StoreStock[] }>(`inventory/stores/${storeId}/stock`, undefined, signal),
    select: (reply) => reply.data,
    enabled: Boolean(storeId),
  });
}

export const storeLabel = (s: { code: string; name: string; amcosName: string | null }) =>
  `${s.code} · ${s.name}${s.amcosName ? ` (${s.amcosName})` : ''}`;

/**
 * The store choices as select options. `own` keeps an AMCOS user to their society's stores
 * (where they receive, issue or look things up); `kind` keeps one kind (union or AMCOS stores).
 */
export function useStoreOptions({
  own = true,
  kind,
  exclude,
}: {
  own?: boolean;
  kind?: StoreOption['kind'] | undefined;
  exclude?: string | null | undefined;
} = {}) {
  const { user } = useSession();
  const choices = useStoreChoices();
  return (choices.data ?? [])
    .filter((s) => !own || !user?.amcosId || s.amcosId === user.amcosId)
    .filter((s) => !kind || s.kind === kind)
    .filter((s) => s.id !== exclude)
    .map((s) => ({ value: s.id, label: storeLabel(s) }));
}
