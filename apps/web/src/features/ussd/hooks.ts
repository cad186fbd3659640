import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FarmerUssd } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';

/** A farmer's USSD self-service (#31): `collections/farmers/{id}/ussd`. */
export const ussdKeys = {
  all: ['ussd'] as const,
  of: (farmerId: string) => ['ussd', farmerId] as const,
};

export function useFarmerUssd(farmerId: string) {
  return useQuery({
    queryKey: ussdKeys.of(farmerId),
    queryFn: ({ signal }) =>
      api.get<{ data: FarmerUssd }>(`collections/farmers/${farmerId}/ussd`, undefined, signal),
    select: (reply) => reply.data,
  });
}

/** Stop or restart the farmer's optional SMS: the section and the farmer's history are read again. */
export function useSmsOptOut(farmerId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) =>
      api.patch<{ data: FarmerUssd }>(`collections/farmers/${farmerId}/ussd/sms`, { optOut }),
    onSuccess: async (reply) => {
      client.setQueryData(ussdKeys.of(farmerId), reply);
      await client.invalidateQueries({ queryKey: auditKeys.history('farmer', farmerId) });
    },
  });
}

/** Issue (or reset) the PIN, or unlock: the status and the farmer's history are read again. */
export function useUssdAction(farmerId: string, action: 'pin' | 'unlock') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ data: FarmerUssd }>(`collections/farmers/${farmerId}/ussd/${action}`),
    onSuccess: async (reply) => {
      client.setQueryData(ussdKeys.of(farmerId), reply);
      await client.invalidateQueries({ queryKey: auditKeys.history('farmer', farmerId) });
    },
  });
}
