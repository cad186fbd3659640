import { useQuery } from '@tanstack/react-query';
import type { Amcos, AmcosDetail, CreateAmcosBody, Paged, UpdateAmcosBody } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';
import { resource } from '../../lib/resource.ts';

export const amcosKeys = {
  all: ['amcos'] as const,
  lists: () => [...amcosKeys.all, 'list'] as const,
  options: () => [...amcosKeys.lists(), 'options'] as const,
};

/** Every society, for pickers (the API's page limit is 200). */
export function useAmcosOptions(enabled = true) {
  return useQuery({
    queryKey: amcosKeys.options(),
    queryFn: ({ signal }) => api.get<Paged<Amcos>>('amcos', { per_page: 200 }, signal),
    select: (reply) => reply.data,
    staleTime: 5 * 60_000,
    enabled,
  });
}

/** The AMCOS resource: lists, details (with counts), create and update. */
export const societies = resource<AmcosDetail, CreateAmcosBody, UpdateAmcosBody>('amcos', {
  key: 'amcos',
  audit: 'amcos',
  exportName: 'amcos',
});
