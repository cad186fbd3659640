import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { InputPrice, SaveInputPriceBody } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/notify.ts';

const path = 'settings/collection/input-prices';

export const inputPriceKeys = {
  all: ['input-prices'] as const,
  season: (seasonId: string) => ['input-prices', seasonId] as const,
};

/** A season's input prices and credit limits (every user recording inputs reads them). */
export function useInputPrices(seasonId: string | null | undefined) {
  return useQuery({
    queryKey: inputPriceKeys.season(seasonId ?? ''),
    queryFn: ({ signal }) => api.get<{ data: InputPrice[] }>(path, { season_id: seasonId }, signal),
    select: (reply) => reply.data,
    enabled: Boolean(seasonId),
  });
}

/** Sets one item's price for a season; the requests' suggestions depend on it. */
export function useSaveInputPrice(onSaved: () => void, onError: (e: unknown) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveInputPriceBody) =>
      api.post<{ message: string; data: InputPrice }>(path, body, { silent: true }),
    onSuccess: (reply) => {
      void client.invalidateQueries({ queryKey: inputPriceKeys.all });
      void client.invalidateQueries({ queryKey: ['farmer-requests'] });
      toastSuccess(reply.message);
      onSaved();
    },
    onError,
  });
}
