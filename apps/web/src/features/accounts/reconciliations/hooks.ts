import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BookLine,
  ImportStatementBody,
  ImportStatementReply,
  JournalEntry,
  MatchProposalInput,
  MatchSuggestion,
  Reconciliation,
  ReconciliationAccount,
  StatementLine,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { bookKeys, invalidateBooks } from '../../../lib/books.ts';
import { downloadFile } from '../../../lib/download.ts';

const BASE = 'accounts/bank-reconciliation';

/** Query keys: everything of one account under one prefix, so a change refreshes the whole screen. */
export const reconKeys = {
  all: bookKeys.reconciliation,
  accounts: () => [...reconKeys.all, 'accounts'] as const,
  account: (id: string) => [...reconKeys.all, 'account', id] as const,
  lines: (id: string, query: object) => [...reconKeys.account(id), 'lines', query] as const,
  suggestions: (id: string, days: number) => [...reconKeys.account(id), 'suggestions', days] as const,
  reconciliations: (id: string) => [...reconKeys.account(id), 'reconciliations'] as const,
  reconciliation: (id: string) => [...reconKeys.all, 'reconciliation', id] as const,
};

export function useReconciliationAccounts() {
  return useQuery({
    queryKey: reconKeys.accounts(),
    queryFn: ({ signal }) => api.get<{ data: ReconciliationAccount[] }>(`${BASE}/accounts`, {}, signal),
    select: (r) => r.data,
  });
}

export type LinesQuery = { search: string; matched: boolean; page: number };
export function useMatchingLines(accountId: string, q: LinesQuery) {
  return useQuery({
    queryKey: reconKeys.lines(accountId, q),
    queryFn: ({ signal }) =>
      api.get<{
        data: {
          statementLines: StatementLine[];
          statementTotal: number;
          bookLines: BookLine[];
          bookTotal: number;
        };
      }>(
        `${BASE}/accounts/${accountId}/lines`,
        { search: q.search, matched: q.matched, page: q.page, per_page: 50 },
        signal,
      ),
    select: (r) => r.data,
    placeholderData: (previous) => previous,
    // A recorded entry is approved by someone else: coming back to the window shows its new state.
    refetchOnWindowFocus: true,
  });
}

export function useSuggestions(accountId: string, days: number, enabled: boolean) {
  return useQuery({
    queryKey: reconKeys.suggestions(accountId, days),
    queryFn: ({ signal }) =>
      api.get<{ data: MatchSuggestion[] }>(`${BASE}/accounts/${accountId}/suggestions`, { days }, signal),
    select: (r) => r.data,
    enabled,
  });
}

export function useReconciliations(accountId: string) {
  return useQuery({
    queryKey: reconKeys.reconciliations(accountId),
    queryFn: ({ signal }) =>
      api.get<{ data: Omit<Reconciliation, 'items'>[] }>(
        `${BASE}/reconciliations`,
        { account_id: accountId },
        signal,
      ),
    select: (r) => r.data,
  });
}

export function useReconciliation(id: string | null) {
  return useQuery({
    queryKey: reconKeys.reconciliation(id ?? ''),
    queryFn: ({ signal }) => api.get<{ data: Reconciliation }>(`${BASE}/reconciliations/${id}`, {}, signal),
    select: (r) => r.data,
    enabled: Boolean(id),
  });
}

/** Every change refreshes the account's lists, the reconciliations, the accounts' counts and history. */
function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: reconKeys.all });
    void client.invalidateQueries({ queryKey: auditKeys.all });
  };
}

export function useCsvPreview() {
  return useMutation({
    mutationFn: (content: string) =>
      api.post<{ data: { headers: string[]; rows: string[][] } }>(`${BASE}/preview`, { content }),
  });
}

export function useImportStatement() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ImportStatementBody) =>
      api.post<ImportStatementReply>(`${BASE}/statements`, body, {
        silent: true,
      }),
    onSuccess: refresh,
  });
}

export function useAcceptMatches(accountId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (matches: MatchProposalInput[]) =>
      api.post<{ message: string; data: { matched: number } }>(`${BASE}/accounts/${accountId}/matches`, {
        matches,
      }),
    onSuccess: refresh,
  });
}

export function useUnmatch() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (matchId: string) => api.delete<{ message: string }>(`${BASE}/matches/${matchId}`),
    onSuccess: refresh,
  });
}

export function useStatementEntry() {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { statementLineId: string; counterAccountId: string; narration?: string }) =>
      api.post<{ message: string; data: JournalEntry }>(`${BASE}/entries`, body, { silent: true }),
    onSuccess: () => {
      refresh();
      invalidateBooks(client);
    },
  });
}

export function useOpenReconciliation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { accountId: string; statementDate: string; statementBalance: string }) =>
      api.post<{ message: string; data: Reconciliation }>(`${BASE}/reconciliations`, body, { silent: true }),
    onSuccess: refresh,
  });
}

export function useCloseReconciliation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      api.patch<{ message: string; data: Reconciliation }>(`${BASE}/reconciliations/${id}/close`),
    onSuccess: refresh,
  });
}

export const downloadReconciliation = (
  r: Pick<Reconciliation, 'id' | 'accountCode' | 'statementDate'>,
  format: 'pdf' | 'xlsx',
) =>
  downloadFile(
    `${BASE}/reconciliations/${r.id}`,
    { format },
    `bank-reconciliation-${r.accountCode}-${r.statementDate}.${format}`,
  );
