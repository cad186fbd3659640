import { useQuery } from '@tanstack/react-query';
import type { FarmerStatement } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';

/** A farmer's season statement (#27): `collections/farmers/{id}/statement`. */
export const farmerStatementKeys = {
  all: ['farmer-statements'] as const,
  of: (farmerId: string, seasonId: string | null) => ['farmer-statements', farmerId, seasonId] as const,
};

/**
 * The farmer's figures for a season (the open one when none is chosen). Read afresh each time the
 * page opens: a distribution, a settlement or a payment elsewhere changes them.
 */
export function useFarmerStatement(farmerId: string | undefined, seasonId: string | null) {
  return useQuery({
    queryKey: farmerStatementKeys.of(farmerId ?? '', seasonId),
    queryFn: ({ signal }) =>
      api.get<{ data: FarmerStatement }>(
        `collections/farmers/${farmerId}/statement`,
        { season_id: seasonId ?? undefined },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(farmerId),
    staleTime: 0,
  });
}
