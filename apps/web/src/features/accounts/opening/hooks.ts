import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Book,
  BookOpening,
  GoLive,
  GoLiveCheck,
  OpeningImport,
  OpeningKind,
  OpeningPreview,
  SetGoLiveBody,
} from '@ushirika/contracts';
import { api, apiRequest } from '../../../lib/api.ts';
import { invalidateBooks } from '../../../lib/books.ts';
import { toastSuccess } from '../../../lib/notify.ts';

/** Going live (#36): the books' go-live, the opening imports and each book's check. */
export const openingKeys = {
  all: ['opening'] as const,
  overview: () => [...openingKeys.all, 'overview'] as const,
  check: (book: Book) => [...openingKeys.all, 'check', book] as const,
};

export function useGoLive() {
  return useQuery({
    queryKey: openingKeys.overview(),
    queryFn: ({ signal }) => api.get<{ data: GoLive }>('accounts/opening', undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useGoLiveCheck(book: Book, enabled: boolean) {
  return useQuery({
    queryKey: openingKeys.check(book),
    queryFn: ({ signal }) =>
      api.get<{ data: GoLiveCheck }>(`accounts/opening/books/${book}/check`, undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

/** After any opening change: the go-live screen, the books' reports and lists, the control accounts. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: openingKeys.all });
    invalidateBooks(client);
  };
}

export function useSetGoLive(book: Book) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: SetGoLiveBody) =>
      apiRequest<{ message: string; data: BookOpening }>(`accounts/opening/books/${book}`, {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: (reply) => {
      refresh();
      toastSuccess(reply.message);
    },
  });
}

export function useConfirmGoLive(book: Book) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () =>
      api.patch<{ message: string; data: BookOpening }>(`accounts/opening/books/${book}/confirm`),
    onSuccess: (reply) => {
      refresh();
      toastSuccess(reply.message);
    },
  });
}

export function useReverseOpening(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (reason: string) =>
      api.patch<{ message: string; data: OpeningImport }>(`accounts/opening/imports/${id}/reverse`, {
        reason,
      }),
    onSuccess: () => refresh(),
  });
}

type Upload = { kind: OpeningKind; book: Book; file: File };
const form = (file: File) => {
  const data = new FormData();
  data.append('file', file);
  return data;
};

export function usePreviewOpening() {
  return useMutation({
    mutationFn: ({ kind, book, file }: Upload) =>
      api.post<{ data: OpeningPreview }>(`accounts/opening/${kind}/preview?book=${book}`, form(file), {
        silent: true,
      }),
  });
}

export function useImportOpening() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, book, file }: Upload) =>
      api.post<{ message: string; data: OpeningImport }>(
        `accounts/opening/${kind}/import?book=${book}`,
        form(file),
        {
          silent: true,
        },
      ),
    onSuccess: (reply) => {
      refresh();
      toastSuccess(reply.message);
    },
  });
}
