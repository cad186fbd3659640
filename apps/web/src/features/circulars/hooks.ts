import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Circular, CircularReader, Paged, PublishCircularBody } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';
import { resource } from '../../lib/resource.ts';

/** Circulars from the union to its AMCOS (#18). */
export const circulars = resource<Circular, PublishCircularBody>('circulars', {
  key: 'circulars',
  audit: 'circular',
  exportName: 'circulars',
});

/** The draft of a new circular is autosaved under smde_circular-new until it is published. */
export const NEW_CIRCULAR_DRAFT = 'circular-new';

/** An AMCOS user's circulars not yet confirmed as read (their dashboard). */
export function useUnreadCirculars(enabled: boolean) {
  return useQuery({
    queryKey: [...circulars.keys.lists(), 'unread'],
    queryFn: ({ signal }) =>
      api.get<Paged<Omit<Circular, 'body'>>>('circulars', { unread: true, per_page: 10 }, signal),
    enabled,
  });
}

export function useCircularReaders(id: string, status: 'all' | 'read' | 'unread', enabled: boolean) {
  return useQuery({
    queryKey: [...circulars.keys.detail(id), 'readers', status],
    queryFn: ({ signal }) =>
      api.get<{ data: CircularReader[]; amcosNotRead: { amcosId: string; amcosName: string }[] }>(
        `circulars/${id}/readers`,
        { status },
        signal,
      ),
    enabled,
  });
}

export function useConfirmRead(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; data: Circular }>(`circulars/${id}/read`),
    onSuccess: () => void client.invalidateQueries({ queryKey: circulars.keys.all }),
  });
}
