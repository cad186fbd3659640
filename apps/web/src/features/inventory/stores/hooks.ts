import { useQuery } from '@tanstack/react-query';
import type { Store, StoreBody, StoreOption, StoreStock } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { resource } from '../../../lib/resource.ts';

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
