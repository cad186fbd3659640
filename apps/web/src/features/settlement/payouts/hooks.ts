import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DecideHeldNamesBody,
  PaymentBatch,
  PayoutProgress,
  PayoutProviderInfo,
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
