import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateLoanBody,
  FarmerLoan,
  MarkBatchPaidBody,
  Paged,
  PaymentBatch,
  PaymentLine,
  PaymentSettings,
  RetryLinesBody,
  Settlement,
  SettlementDetails,
  SettlementFarmerRow,
  SettlementLot,
  SettlementPreview,
  SettlementSelection,
} from '@ushirika/contracts';
import { api, apiResponse, type Query } from '../../lib/api.ts';
import { invalidateBooks } from '../../lib/books.ts';
import { saveResponse } from '../../lib/download.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { resource } from '../../lib/resource.ts';

export const settlements = resource<Settlement & Partial<SettlementDetails>>('payments/settlements', {
  key: 'settlements',
  audit: 'settlement',
  exportName: 'settlements',
});
export const loans = resource<FarmerLoan, CreateLoanBody>('payments/loans', {
  key: 'farmer-loans',
  audit: 'farmer_loan',
  exportName: 'farmer-loans',
});
export const batches = resource<PaymentBatch>('payments/batches', {
  key: 'payment-batches',
  audit: 'payment_batch',
  exportName: 'payment-batches',
});
export const lines = resource<PaymentLine>('payments/lines', {
  key: 'payment-lines',
  exportName: 'payments',
});

export function useSettlementFarmers(id: string, query: Query) {
  return useQuery({
    queryKey: ['settlements', 'farmers', id, query],
    queryFn: ({ signal }) =>
      api.get<Paged<SettlementFarmerRow>>(`payments/settlements/${id}/farmers`, query, signal),
  });
}

/** A page of a settlement's lots with their splits (its Lots tab). */
export function useSettlementLots(id: string, query: Query) {
  return useQuery({
    queryKey: ['settlements', 'lots', id, query],
    queryFn: ({ signal }) => api.get<Paged<SettlementLot>>(`payments/settlements/${id}/lots`, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useBatchLines(id: string, query: Query) {
  return useQuery({
    queryKey: ['payment-batches', 'lines', id, query],
    queryFn: ({ signal }) => api.get<Paged<PaymentLine>>(`payments/batches/${id}/lines`, query, signal),
    enabled: Boolean(id),
  });
}

export function usePreview() {
  return useMutation({
    mutationFn: (body: SettlementSelection) =>
      api.post<{ data: SettlementPreview }>('payments/settlements/preview', body, { silent: true }),
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const key of ['settlements', 'payment-batches', 'payment-lines', 'farmer-loans', 'history'])
      void client.invalidateQueries({ queryKey: [key] });
    // Approving a settlement and paying a batch post to the books.
    invalidateBooks(client);
  };
}

/** A state change answering `{message, data}`: toasts the message and refreshes the payment lists. */
function useAction<In, Out extends { message: string }>(call: (input: In) => Promise<Out>) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      refresh();
    },
  });
}

export const useCreateSettlement = () =>
  useAction((body: SettlementSelection) =>
    api.post<{ message: string; data: SettlementDetails }>('payments/settlements', body, { silent: true }),
  );
export const useApproveSettlement = (id: string) =>
  useAction(() => api.patch<{ message: string }>(`payments/settlements/${id}/approve`));
export const useCancelSettlement = (id: string) =>
  useAction((reason: string) =>
    api.patch<{ message: string }>(`payments/settlements/${id}/cancel`, { reason }),
  );
export const useApproveBatch = (id: string) =>
  useAction(() => api.patch<{ message: string }>(`payments/batches/${id}/approve`));
export const useMarkPaid = (id: string) =>
  useAction((body: MarkBatchPaidBody) =>
    api.patch<{ message: string }>(`payments/batches/${id}/paid`, body, { silent: true }),
  );
export const useRetryLines = () =>
  useAction((body: RetryLinesBody) =>
    api.post<{ message: string; data: PaymentBatch }>('payments/batches/retry', body, { silent: true }),
  );

/** Exports a batch as a bank or mobile-money file (the batch becomes exported) and downloads it. */
export function useExportBatch(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ layout, format }: { layout: 'bank' | 'mobile'; format: 'xlsx' | 'csv' }) => {
      const response = await apiResponse(`payments/batches/${id}/export`, {
        method: 'POST',
        query: { layout, format },
      });
      await saveResponse(response, `payment-${layout}.${format}`);
    },
    onSuccess: refresh,
  });
}

export function usePaymentSettings() {
  return useQuery({
    queryKey: ['payment-settings'],
    queryFn: ({ signal }) => api.get<{ data: PaymentSettings }>('payments/settings', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** A page of payment lines from any lines endpoint. */
export function usePagedLines(path: string, query: Query) {
  return useQuery({
    queryKey: ['payment-lines', path, query],
    queryFn: ({ signal }) => api.get<Paged<PaymentLine>>(path, query, signal),
    placeholderData: keepPreviousData,
  });
}
