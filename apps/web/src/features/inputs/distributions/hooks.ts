import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateDistributionBody,
  Distribution,
  DistributionDetail,
  DistributionReport,
  DistributionStore,
} from '@ushirika/contracts';
import { api, type Query } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { resource } from '../../../lib/resource.ts';
import { requests } from '../requests/hooks.ts';

export const distributions = resource<Distribution & Partial<DistributionDetail>, CreateDistributionBody>(
  'collections/distributions',
  { key: 'distributions', audit: 'input_distribution', exportName: 'distributions' },
);

/** A distribution moves the request, the farmer's loans, the stock and the report: refresh them all. */
function useRefresh() {
  const client = useQueryClient();
  return (id?: string) => {
    for (const key of [distributions.keys.all, requests.keys.all, ['farmer-loans'], ['distributions-report']])
      void client.invalidateQueries({ queryKey: key });
    if (id) void client.invalidateQueries({ queryKey: auditKeys.history('input_distribution', id) });
  };
}

export function useCreateDistribution(
  onSaved: (d: DistributionDetail) => void,
  onError: (e: unknown) => void,
) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateDistributionBody) =>
      api.post<{ message: string; data: DistributionDetail }>(distributions.path, body, { silent: true }),
    onSuccess: (reply) => {
      refresh(reply.data.id);
      toastSuccess(reply.message);
      onSaved(reply.data);
    },
    onError,
  });
}

export function useCancelDistribution(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (reason: string) =>
      api.patch<{ message: string; data: DistributionDetail }>(`${distributions.path}/${id}/cancel`, {
        reason,
      }),
    // The reason modal toasts the reply.
    onSuccess: () => refresh(id),
  });
}

export function useDistributionReport(query: Query) {
  return useQuery({
    queryKey: ['distributions-report', query],
    queryFn: ({ signal }) =>
      api.get<DistributionReport>('reports/distributions', { ...query, format: 'json' }, signal),
    // A page at a time: the previous page stays on screen while the next loads.
    placeholderData: keepPreviousData,
    enabled: Boolean(query.season_id),
  });
}

export function useDistributionStores(requestId: string | null) {
  return useQuery({
    queryKey: ['distributions', 'stores', requestId],
    queryFn: ({ signal }) =>
      api.get<{ data: DistributionStore[] }>(
        `${distributions.path}/stores`,
        { request_id: requestId },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(requestId),
  });
}
