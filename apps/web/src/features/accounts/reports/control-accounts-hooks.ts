import { useQuery } from '@tanstack/react-query';
import type { ControlAccounts } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { reportKeys } from '../hooks.ts';

/** The control accounts beside their sub-ledgers (refreshed with every financial report). */
export function useControlAccounts() {
  return useQuery({
    queryKey: [...reportKeys.all, 'control-accounts'],
    queryFn: ({ signal }) =>
      api.get<{ data: ControlAccounts }>('reports/control-accounts', undefined, signal),
    select: (reply) => reply.data,
  });
}
