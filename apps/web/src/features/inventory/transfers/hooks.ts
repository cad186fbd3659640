import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateStockTransferBody,
  ReceiveStockTransferBody,
  StockTransfer,
  StockTransferDetail,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { resource } from '../../../lib/resource.ts';
import { useInvalidateStock } from '../ledgers/hooks.ts';

/** Stock transfers: `/api/inventory/transfers`. */
export const stockTransfers = resource<StockTransfer & Partial<StockTransferDetail>>('inventory/transfers', {
  key: 'inventory-transfers',
  audit: 'stock_transfer',
  exportName: 'stock-transfers',
});

type Saved = { message: string; data: StockTransferDetail };

export function useDispatchTransfer(
  onSaved: (t: StockTransferDetail) => void,
  onError: (e: unknown) => void,
) {
  const invalidateStock = useInvalidateStock();
  return useMutation({
    mutationFn: (body: CreateStockTransferBody) =>
      api.post<Saved>('inventory/transfers', body, { silent: true }),
    onSuccess: (reply) => {
      invalidateStock();
      toastSuccess(reply.message);
      onSaved(reply.data);
    },
    onError,
  });
}

/** The receiving store's count; refreshes the transfer, its history, the stock and the reports. */
export function useReceiveTransfer(id: string, onDone: () => void, onError: (e: unknown) => void) {
  const invalidateStock = useInvalidateStock();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiveStockTransferBody) =>
      api.patch<Saved>(`inventory/transfers/${id}/receive`, body, { silent: true }),
    onSuccess: (reply) => {
      invalidateStock();
      void client.invalidateQueries({ queryKey: auditKeys.history('stock_transfer', id) });
      toastSuccess(reply.message);
      onDone();
    },
    onError,
  });
}
