import { useMutation, useQuery } from '@tanstack/react-query';
import type {
  CreateDirectGrnBody,
  CreateOrderGrnBody,
  Grn,
  GrnDetail,
  ReceivableOrder,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { resource } from '../../../lib/resource.ts';
import { useInvalidateStock } from '../ledgers/hooks.ts';

/** Goods received notes: `/api/inventory/grns`. */
export const grns = resource<Grn & Partial<GrnDetail>>('inventory/grns', {
  key: 'inventory-grns',
  audit: 'grn',
  exportName: 'grns',
});

export function useReceivableOrders(enabled = true) {
  return useQuery({
    queryKey: ['inventory-grns', 'orders'],
    queryFn: ({ signal }) =>
      api.get<{ data: { id: string; orderNo: string; supplierName: string }[] }>(
        'inventory/grns/orders',
        undefined,
        signal,
      ),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useReceivableOrder(id: string | null) {
  return useQuery({
    queryKey: ['inventory-grns', 'orders', id],
    queryFn: ({ signal }) =>
      api.get<{ data: ReceivableOrder }>(`inventory/grns/orders/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: Boolean(id),
  });
}

type Saved = { message: string; data: GrnDetail };

/** Saving a GRN moves stock: the GRNs, the stock, the reports and the purchase orders refresh. */
export function useSaveGrn(onSaved: (grn: GrnDetail) => void, onError: (e: unknown) => void) {
  const invalidateStock = useInvalidateStock();
  const onSuccess = (reply: Saved) => {
    invalidateStock();
    toastSuccess(reply.message);
    onSaved(reply.data);
  };
  return {
    direct: useMutation({
      mutationFn: (body: CreateDirectGrnBody) =>
        api.post<Saved>('inventory/grns/direct', body, { silent: true }),
      onSuccess,
      onError,
    }),
    onOrder: useMutation({
      mutationFn: (body: CreateOrderGrnBody) => api.post<Saved>('inventory/grns', body, { silent: true }),
      onSuccess,
      onError,
    }),
  };
}
