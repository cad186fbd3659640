import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DecideHeldNamesBody,
  ImportPayoutStatementBody,
  PaymentBatch,
  PayoutProgress,
  PayoutProviderInfo,
  PayoutReconciliation,
  PayoutReconciliationView,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { invalidateBooks } from '../../../lib/books.ts';
import { toastSuccess } from '../../../lib/notify.ts';

/** The payout provider the server sends through, or null (batches then go as files). */
export function usePayoutProvider() {
  return useQuery({
    queryKey: ['payout-provider'],
    queryFn: ({ signal }) => api.get<{ data: PayoutProviderInfo }>('payouts/provider', undefined, signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A batch's sending progress, polled every 2 s while it is being sent. */
export function usePayoutProgress(id: string, sending: boolean) {
  return useQuery({
    queryKey: ['payouts', id],
    queryFn: ({ signal }) => api.get<{ data: PayoutProgress }>(`payouts/batches/${id}`, undefined, signal),
    refetchInterval: sending ? 2000 : false,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    for (const key of ['payouts', 'payment-batches']) void client.invalidateQueries({ queryKey: [key] });
    invalidateBooks(client);
  };
}

export function useSendPayouts(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (total: string) =>
      api.post<{ message: string; data: PaymentBatch }>(
        `payouts/batches/${id}/send`,
        { total },
        { silent: true },
      ),
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      refresh();
    },
  });
}

export function useDecideHeld(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: Partial<DecideHeldNamesBody>) =>
      api.patch<{ message: string }>(`payouts/batches/${id}/held`, body, { silent: true }),
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      refresh();
    },
  });
}

/** A batch's latest reconciliation with its provider's statement, and whether the provider offers one. */
export function usePayoutReconciliation(id: string) {
  return useQuery({
    queryKey: ['payouts', id, 'reconciliation'],
    queryFn: ({ signal }) =>
      api.get<{ data: PayoutReconciliationView }>(`payouts/batches/${id}/reconciliation`, undefined, signal),
  });
}

/** Reads the provider's statement from its API, or imports its CSV file; 200 when it was read already. */
export function useImportPayoutStatement(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ImportPayoutStatementBody) =>
      api.post<{ message: string; data: PayoutReconciliation }>(
        `payouts/batches/${id}/reconciliations`,
        body,
      ),
    onSuccess: () => refresh(),
  });
}

/** The checker confirms: lines the provider reports final that were open here settle. */
export function useConfirmPayoutReconciliation(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (reconciliationId: string) =>
      api.patch<{ message: string; data: PayoutReconciliation }>(
        `payouts/batches/${id}/reconciliations/${reconciliationId}/confirm`,
        {},
      ),
    onSuccess: () => refresh(),
  });
}
