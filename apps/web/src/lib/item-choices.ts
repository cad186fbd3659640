import { useQuery } from '@tanstack/react-query';
import { api } from './api.ts';

/*
 * The item catalogue as pickers need it. Inventory owns the items, but purchase orders and input
 * prices pick from them too: the query sits here, below the features, so that purchase does not
 * depend on inventory (inventory's GRNs depend on purchase's orders and suppliers).
 */

export type ItemChoice = { id: string; code: string; name: string; unit: string; kind: 'stock' | 'service' };

/** Active items for pickers and report filters (AMCOS users too). */
export function useItemChoices() {
  return useQuery({
    queryKey: ['inventory-items', 'choices'],
    queryFn: ({ signal }) => api.get<{ data: ItemChoice[] }>('inventory/items/choices', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}
