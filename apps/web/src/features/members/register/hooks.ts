import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateMemberBody,
  LoanBankAccount,
  Member,
  MemberCandidate,
  MemberList,
  MemberSettings,
  MemberStatement,
  RecordMemberPaymentBody,
  UpdateMemberBody,
} from '@ushirika/contracts';
import { api, apiRequest, type Query } from '../../../lib/api.ts';
import { invalidateBooks } from '../../../lib/books.ts';
import { downloadFile } from '../../../lib/download.ts';
import { resource } from '../../../lib/resource.ts';

/** The registers (`?society=union` or an AMCOS's id): lists, one member, registering or changing one. */
export const members = resource<Member, CreateMemberBody, UpdateMemberBody>('members', {
  key: 'members',
  audit: 'member',
  exportName: 'members',
});

/** The register's totals come with its page. */
export function useRegisterTotals(query: Query) {
  return useQuery({
    queryKey: [...members.keys.list(query), 'totals'],
    queryFn: ({ signal }) => api.get<MemberList>('members', { ...query, per_page: 1 }, signal),
    select: (reply) => reply.totals,
  });
}

export function useMemberStatement(id: string) {
  return useQuery({
    queryKey: ['members', 'statement', id],
    queryFn: ({ signal }) => api.get<{ data: MemberStatement }>(`members/${id}/statement`, undefined, signal),
    select: (reply) => reply.data,
    enabled: Boolean(id),
  });
}

/** The candidates' options hook of one register, for a SearchSelect (`useOptions`). */
export const candidateOptionsOf = (society: string) =>
  function useCandidateOptions(term: string) {
    return useMemberCandidates(society, term).data;
  };

export function useMemberCandidates(society: string, search: string, enabled = true) {
  return useQuery({
    queryKey: ['members', 'candidates', society, search],
    queryFn: ({ signal }) =>
      api.get<{ data: MemberCandidate[] }>('members/candidates', { society, search }, signal),
    select: (reply) => reply.data.map((c) => ({ value: c.id, label: `${c.code} · ${c.name}` })),
    enabled,
  });
}

export function useMemberSettings(society: string, enabled = true) {
  return useQuery({
    queryKey: ['members', 'settings', society],
    queryFn: ({ signal }) => api.get<{ data: MemberSettings }>('members/settings', { society }, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: ['members'] });
    void client.invalidateQueries({ queryKey: ['history'] });
    // A union member's payment is posted: the books and the control accounts change.
    invalidateBooks(client);
  };
}

export function useSaveMemberSettings() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { society: string; shareMinimum: string }) =>
      apiRequest<{ message: string; data: MemberSettings }>('members/settings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: refresh,
  });
}

export function useRecordMemberPayment(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: RecordMemberPaymentBody) =>
      api.post<{ message: string; data: Member }>(`members/${id}/payments`, body, { silent: true }),
    onSuccess: refresh,
  });
}

export const downloadStatement = (id: string, memberNo: string) =>
  downloadFile(`members/${id}/statement`, { format: 'xlsx' }, `MEMBER-STATEMENT-${memberNo}.xlsx`);

/** Bank and cash accounts a union member's payment can be received into. */
export function useMemberBankAccounts(enabled = true) {
  return useQuery({
    queryKey: ['members', 'bank-accounts'],
    queryFn: ({ signal }) => api.get<{ data: LoanBankAccount[] }>('members/bank-accounts', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}
