import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CancelCollectionBody,
  Collection,
  RecordCollectionBody,
  StockReply,
  UpdateCollectionBody,
} from '@ushirika/contracts';
import { api, type Query } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { openPdf } from '../../../lib/open-pdf.ts';
import { resource } from '../../../lib/resource.ts';

/** Collections (farmers' receipts): `/api/collections/receipts`. */
export const collections = resource<Collection, RecordCollectionBody, UpdateCollectionBody>(
  'collections/receipts',
  {
    key: 'collections',
    audit: 'collection',
    exportName: 'collections',
  },
);

const stockKey = ['collections', 'stock'] as const;

/** The AMCOS stock per season crop and grade; an AMCOS user always gets their own. */
export function useStock(query: Query = {}, enabled = true) {
  return useQuery({
    queryKey: [...stockKey, query],
    queryFn: ({ signal }) => api.get<StockReply>('collections/stock', query, signal),
    enabled,
  });
}

/** Records a weighing; refreshes the lists and the stock. Errors go to the form (silent). */
export function useRecordCollection() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RecordCollectionBody) =>
      api.post<{ message: string; data: Collection }>('collections/receipts', body, { silent: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: collections.keys.all }),
  });
}

export function useCancelCollection(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.patch<{ message: string; data: Collection }>(
        `collections/receipts/${id}/cancel`,
        { reason } satisfies CancelCollectionBody,
        { silent: true },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: collections.keys.all });
      void client.invalidateQueries({ queryKey: auditKeys.history('collection', id) });
    },
  });
}

/**
 * Opens the farmer's receipt PDF in a new tab for printing. The tab is opened before the fetch
 * (still inside the click) so a popup blocker lets it through; without it, the file downloads.
 */
export function openReceipt(id: string, format: 'a5' | '80mm' = 'a5'): Promise<void> {
  return openPdf(`collections/receipts/${id}/receipt`, `receipt-${id}.pdf`, { format });
}
