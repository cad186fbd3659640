import { useMutation } from '@tanstack/react-query';
import { isRecordAction } from '@ushirika/contracts';
import { api } from './api.ts';

/** Refreshes a module's lists after a change, and the changed record's history when named. */
export type RefreshDocuments = (entity?: string, id?: string) => void;

/** The query options of one document's details (`<path>/<id>`), idle until there is an id. */
export function documentDetail<T>(key: string, path: string, id: string | undefined) {
  return {
    queryKey: [key, 'detail', id ?? ''],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<{ data: T }>(`${path}/${id}`, undefined, signal),
    select: (reply: { data: T }) => reply.data,
    enabled: Boolean(id),
  };
}

/**
 * Sends a document action: PATCH for one that moves it along its life (submit, approve, cancel:
 * RECORD_ACTIONS), POST for the others (a receipt's allocations); then refreshes the lists and
 * the record's history.
 */
export function useDocumentAction<Body, Reply extends { id: string }>(
  refresh: RefreshDocuments,
  entity: string,
  path: (id: string) => string,
) {
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: Body }) => {
      const send = isRecordAction(path(id)) ? api.patch : api.post;
      return send<{ message: string; data: Reply }>(path(id), body, { silent: true });
    },
    onSuccess: (reply) => refresh(entity, reply.data.id),
  });
}

/** POST a new document; then refreshes the module's lists (balances change with it). */
export function useCreateDocument<Body, Reply extends { id: string }>(
  refresh: RefreshDocuments,
  path: string,
) {
  return useMutation({
    mutationFn: (body: Body) => api.post<{ message: string; data: Reply }>(path, body, { silent: true }),
    onSuccess: () => refresh(),
  });
}
