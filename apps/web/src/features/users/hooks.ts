import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateUserBody,
  Paged,
  Role,
  UpdateUserBody,
  User,
  userDetailReply,
  userReply,
} from '@ushirika/contracts';
import { api, type Query } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import type { Infer } from '../../lib/contract-types.ts';
import { datedFileName, downloadFile } from '../../lib/download.ts';
import { getSession } from '../../lib/session.ts';
import { authKeys } from '../auth/hooks.ts';

export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: Query) => [...userKeys.lists(), query] as const,
  details: () => [...userKeys.all, 'detail'] as const,
  detail: (id: string) => [...userKeys.details(), id] as const,
};

export const roleKeys = {
  all: ['roles'] as const,
  list: () => [...roleKeys.all, 'list'] as const,
};

export function useUsers(query: Query, enabled = true) {
  return useQuery({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => api.get<Paged<User>>('users', query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useUser(id: string | null) {
  return useQuery({
    queryKey: userKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<Infer<typeof userDetailReply>>(`users/${id}`, undefined, signal),
    enabled: id !== null,
    select: (reply) => reply.data,
  });
}

export function useRoles() {
  return useQuery({
    queryKey: roleKeys.list(),
    queryFn: ({ signal }) => api.get<{ data: Role[] }>('roles', undefined, signal),
    select: (reply) => reply.data,
    staleTime: 60_000,
  });
}

/** After any change to a user: lists, that user's details and history, role counts, and "me". */
function useInvalidateUser() {
  const client = useQueryClient();
  return (id: string) => {
    void client.invalidateQueries({ queryKey: userKeys.lists() });
    void client.invalidateQueries({ queryKey: userKeys.detail(id) });
    void client.invalidateQueries({ queryKey: roleKeys.all });
    void client.invalidateQueries({ queryKey: auditKeys.history('user', id) });
    if (getSession().user?.id === id) void client.invalidateQueries({ queryKey: authKeys.me() });
  };
}

/** The create reply; initialPassword is there only when the server generated one to show once. */
type CreatedUserReply = Infer<typeof userReply> & { initialPassword?: string };

export function useCreateUser() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: (body: CreateUserBody) => api.post<CreatedUserReply>('users', body),
    onSuccess: (reply) => invalidate(reply.data.id),
  });
}

export function useUpdateUser() {
  const invalidate = useInvalidateUser();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateUserBody }) =>
      api.patch<Infer<typeof userReply>>(`users/${id}`, body),
    onSuccess: (reply) => invalidate(reply.data.id),
  });
}

/** The list's filters, search and sort as an xlsx file (all matching rows, not one page). */
export function exportUsers(query: Query): Promise<void> {
  const { page: _page, per_page: _perPage, ...filters } = query;
  return downloadFile('users', { ...filters, format: 'xlsx' }, datedFileName('users', 'xlsx'));
}
