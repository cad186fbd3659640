import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from './api.ts';
import { auditKeys } from './audit.ts';
import { invalidateBooks } from './books.ts';

/**
 * PATCH `<path>/{id}/approve` (or any action path), then refresh the resource, the record's
 * history and every financial report: an approval posts to the ledger.
 */
export function useRecordAction(path: string, key: string, audit: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, body }: { id: string; action: string; body?: unknown }) =>
      api.patch<{ message: string; data: { id: string } }>(`${path}/${id}/${action}`, body, { silent: true }),
    onSuccess: (_reply, { id }) => {
      void client.invalidateQueries({ queryKey: [key] });
      invalidateBooks(client);
      void client.invalidateQueries({ queryKey: auditKeys.history(audit, id) });
    },
  });
}
