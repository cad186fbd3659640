import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AwaitingLotRow, IssueLotsBody, Lot, LotDetail } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { openPdf } from '../../../lib/open-pdf.ts';
import { resource } from '../../../lib/resource.ts';

/** Warehouse receipts (lots): `/api/collections/lots`. */
export const lots = resource<Lot & Partial<LotDetail>>('collections/lots', {
  key: 'lots',
  audit: 'lot',
  exportName: 'warehouse-receipts',
});

/** Received notes' collections not yet in lots, per note and grade (union staff). */
export function useAwaitingLots(enabled = true) {
  return useQuery({
    queryKey: ['lots', 'awaiting'],
    queryFn: ({ signal }) =>
      api.get<{ data: AwaitingLotRow[] }>('collections/lots/awaiting', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

/** Issues lots; refreshes lots, notes (they become receipted) and collections (now in lots). */
export function useIssueLots() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueLotsBody) =>
      api.post<{ message: string; data: LotDetail[] }>('collections/lots', body, { silent: true }),
    onSuccess: () => {
      for (const key of [['lots'], ['delivery-notes'], ['collections']]) {
        void client.invalidateQueries({ queryKey: key });
      }
    },
  });
}

export function useUpdateCertificate(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      api.patch<{ message: string; data: LotDetail }>(`collections/lots/${id}/certificate`, body, {
        silent: true,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['lots'] });
      void client.invalidateQueries({ queryKey: auditKeys.history('lot', id) });
    },
  });
}

export const openWarehouseReceipt = (lot: { id: string; whrNo: string }) =>
  openPdf(`collections/lots/${lot.id}/pdf`, `${lot.whrNo}.pdf`);
