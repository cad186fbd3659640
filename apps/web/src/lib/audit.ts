import { useQuery } from '@tanstack/react-query';
import type { AuditEvent } from '@ushirika/contracts';
import { api } from './api.ts';

export const auditKeys = {
  all: ['audit'] as const,
  history: (entity: string, id: string) => [...auditKeys.all, entity, id] as const,
};

/** A record's audit trail: GET /api/audit/{entity}/{id}. */
export function useHistory(entity: string, id: string | null) {
  return useQuery({
    queryKey: auditKeys.history(entity, id ?? ''),
    queryFn: ({ signal }) => api.get<{ data: AuditEvent[] }>(`audit/${entity}/${id}`, undefined, signal),
    enabled: id !== null,
    select: (reply) => reply.data,
  });
}
