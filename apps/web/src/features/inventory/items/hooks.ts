import { useQuery } from '@tanstack/react-query';
import type { Item, ItemBody, ItemCategory, ItemCategoryBody, ItemOptions } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { resource } from '../../../lib/resource.ts';

/** Stock items and services: `/api/inventory/items`. */
export const items = resource<Item, ItemBody>('inventory/items', {
  key: 'inventory-items',
  audit: 'item',
  exportName: 'store-items',
});

export const itemCategories = resource<ItemCategory, ItemCategoryBody>('inventory/categories', {
  key: 'inventory-categories',
  audit: 'item_category',
  exportName: 'item-categories',
});

/** Categories and Operation-book accounts for the item form. */
export function useItemOptions() {
  return useQuery({
    queryKey: ['inventory-items', 'options'],
    queryFn: ({ signal }) => api.get<{ data: ItemOptions }>('inventory/items/options', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}
