import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OfflineReceipt, WeighingDevice, WeighingLimits } from '@ushirika/contracts';
import { api, apiRequest } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { resource } from '../../../lib/resource.ts';

/** The weighing devices of the societies the user sees (#29). */
export const devices = resource<WeighingDevice>('collections/devices', {
  key: 'weighing-devices',
  audit: 'weighing_device',
  exportName: 'weighing-devices',
});

/** The receipts devices sent, flagged ones first. */
export const offlineReceipts = resource<OfflineReceipt>('collections/offline-receipts', {
  key: 'offline-receipts',
  audit: 'offline_receipt',
  exportName: 'offline-receipts',
});

/** A reasoned PATCH on one record; refreshes its lists, the collections, the inbox and its history. */
function useReasoned<T extends { id: string }>(path: string, action: string, audit: string, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      api.patch<{ message: string; data: T }>(`${path}/${id}/${action}`, { reason }, { silent: true }),
    onSuccess: () => {
      for (const key of ['weighing-devices', 'offline-receipts', 'collections', 'inbox'])
        void client.invalidateQueries({ queryKey: [key] });
      void client.invalidateQueries({ queryKey: auditKeys.history(audit, id) });
    },
  });
}

export const useRetireDevice = (id: string) =>
  useReasoned<WeighingDevice>('collections/devices', 'retire', 'weighing_device', id);
export const useApproveReceipt = (id: string) =>
  useReasoned<OfflineReceipt>('collections/offline-receipts', 'approve', 'offline_receipt', id);
export const useVoidReceipt = (id: string) =>
  useReasoned<OfflineReceipt>('collections/offline-receipts', 'void', 'offline_receipt', id);

/** The society's weighing limits (an AMCOS user's own society). */
export function useWeighingLimits() {
  return useQuery({
    queryKey: ['weighing-limits'],
    queryFn: ({ signal }) =>
      api.get<{ data: WeighingLimits }>('collections/weighing-limits', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** The manager saves the society's limits; devices get them at their next sync. */
export function useSaveWeighingLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: WeighingLimits) =>
      apiRequest<{ message: string; data: WeighingLimits }>('collections/weighing-limits', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: (reply) => client.setQueryData(['weighing-limits'], { data: reply.data }),
  });
}
