import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@ushirika/contracts';
import { api, type Query } from './api.ts';
import { auditKeys } from './audit.ts';
import { datedFileName, downloadFile } from './download.ts';
import { i18n } from './i18n.ts';
import { toastError, toastSuccess } from './notify.ts';

/** SPEC section 8: some loads add their own message to a failure ("…while getting budget data."). */
async function announceLoadError<R>(load: Promise<R>, messageKey: string | undefined): Promise<R> {
  try {
    return await load;
  } catch (error) {
    if (messageKey && !(error instanceof DOMException && error.name === 'AbortError')) {
      toastError(i18n.t(messageKey as 'notify.budgetLoadError'));
    }
    throw error;
  }
}

/**
 * Hooks for one master-data resource of the API (`cooperative/banks`, `settings/collection/...`):
 * a query-key factory, list and details queries, and create/update mutations that refresh the
 * lists, the record and its history. Each feature's hooks.ts makes its resources with this.
 */
export function resource<T extends { id: string }, Create = unknown, Update = Partial<Create>>(
  path: string,
  options: {
    key: string;
    audit?: string;
    exportName?: string;
    /** A message key toasted, besides the usual error handling, when the list or a record fails to load. */
    loadError?: string;
  },
) {
  const keys = {
    all: [options.key] as const,
    lists: () => [options.key, 'list'] as const,
    list: (query: Query) => [options.key, 'list', query] as const,
    detail: (id: string) => [options.key, 'detail', id] as const,
  };
  function useInvalidate() {
    const client = useQueryClient();
    return (id?: string) => {
      void client.invalidateQueries({ queryKey: keys.all });
      if (id && options.audit)
        void client.invalidateQueries({ queryKey: auditKeys.history(options.audit, id) });
    };
  }
  return {
    keys,
    path,
    useList: (query: Query, enabled = true) =>
      useQuery({
        queryKey: keys.list(query),
        queryFn: ({ signal }) => announceLoadError(api.get<Paged<T>>(path, query, signal), options.loadError),
        placeholderData: keepPreviousData,
        enabled,
      }),
    useOptions: (query: Query = {}, enabled = true) =>
      useQuery({
        queryKey: keys.list({ per_page: 200, ...query }),
        queryFn: ({ signal }) => api.get<Paged<T>>(path, { per_page: 200, ...query }, signal),
        select: (reply) => reply.data,
        staleTime: 60_000,
        enabled,
      }),
    useOne: (id: string | null | undefined) =>
      useQuery({
        queryKey: keys.detail(id ?? ''),
        queryFn: ({ signal }) =>
          announceLoadError(api.get<{ data: T }>(`${path}/${id}`, undefined, signal), options.loadError),
        select: (reply) => reply.data,
        enabled: Boolean(id),
      }),
    useCreate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: (body: Create) => api.post<{ message: string; data: T }>(path, body, { silent: true }),
        onSuccess: (reply) => invalidate(reply.data.id),
      });
    },
    useUpdate: () => {
      const invalidate = useInvalidate();
      return useMutation({
        mutationFn: ({ id, body }: { id: string; body: Update }) =>
          api.patch<{ message: string; data: T }>(`${path}/${id}`, body, { silent: true }),
        onSuccess: (reply) => invalidate(reply.data.id),
      });
    },
    /**
     * The save of a create-or-edit form: creates when `id` is absent, updates otherwise; on success
     * toasts the server's message and calls `onSaved` with the saved record, on failure hands the
     * error to the form.
     */
    useSave: ({
      id,
      onSaved,
      onError,
    }: {
      id?: string | undefined;
      onSaved: (saved: T) => void;
      onError: (e: unknown) => void;
    }) => {
      const invalidate = useInvalidate();
      const mutation = useMutation({
        mutationFn: (body: { create: Create } | { update: Update }) =>
          id && 'update' in body
            ? api.patch<{ message: string; data: T }>(`${path}/${id}`, body.update, { silent: true })
            : api.post<{ message: string; data: T }>(path, 'create' in body ? body.create : body.update, {
                silent: true,
              }),
        onSuccess: (reply) => {
          invalidate(reply.data.id);
          toastSuccess(reply.message);
          onSaved(reply.data);
        },
        onError,
      });
      return {
        create: (body: Create) => mutation.mutate({ create: body }),
        update: (body: Update) => mutation.mutate({ update: body }),
        /** Updates the record being edited (`id` given), or creates a new one. */
        submit: (body: Create & Update) => mutation.mutate(id ? { update: body } : { create: body }),
        isPending: mutation.isPending,
      };
    },
    /** The list's filters, search and sort as an xlsx file (all matching rows, not one page). */
    exportList: (query: Query) => {
      const { page: _page, per_page: _perPage, ...filters } = query;
      const name = options.exportName ?? options.key;
      return downloadFile(path, { ...filters, format: 'xlsx' }, datedFileName(name, 'xlsx'));
    },
  };
}

export type Resource<T extends { id: string }, C = unknown, U = Partial<C>> = ReturnType<
  typeof resource<T, C, U>
>;
