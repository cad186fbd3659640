import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Account,
  AccountClass,
  AccountGroup,
  AccountMapping,
  AccountOption,
  BankTransfer,
  Book,
  Budget,
  BudgetAdjustment,
  BudgetVsActualRow,
  CreateAccountBody,
  CreateBudgetAdjustmentBody,
  Currency,
  ExchangeRate,
  GeneralLedger,
  JournalEntry,
  JournalEntrySummary,
  PaymentOrReceipt,
  TrialBalance,
  UpdateAccountBody,
  UpdateMappingsBody,
} from '@ushirika/contracts';
import { api, apiRequest, type Query } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import { bookKeys } from '../../lib/books.ts';
import { downloadFile } from '../../lib/download.ts';
import { resource } from '../../lib/resource.ts';

/** Accounting resources (SPEC §7) and the reports that depend on them. */
export const accounts = resource<Account, CreateAccountBody, UpdateAccountBody>('accounts', {
  key: 'accounts',
  audit: 'account',
  exportName: 'accounts',
});
export const accountGroups = resource<AccountGroup>('accounts/groups', {
  key: 'account-groups',
  audit: 'account_group',
});
export const currencies = resource<Currency>('accounts/multi-currencies', {
  key: 'currencies',
  audit: 'currency',
});
export const exchangeRates = resource<ExchangeRate>('accounts/exchange-rates', {
  key: 'exchange-rates',
  audit: 'exchange_rate',
});
export const journalEntries = resource<JournalEntrySummary>('accounts/journal-entries', {
  key: bookKeys.journal[0],
  audit: 'journal_entry',
  exportName: 'journal-entries',
});
export const vouchers = resource<PaymentOrReceipt>('accounts/payments-and-receipts', {
  key: 'payments-and-receipts',
  audit: 'payment_or_receipt',
  exportName: 'payments-and-receipts',
});
export const bankTransfers = resource<BankTransfer>('accounts/bank-transfers', {
  key: 'bank-transfers',
  audit: 'bank_transfer',
  exportName: 'bank-transfers',
});
export const budgets = resource<Budget>('accounts/budgets', {
  key: 'budgets',
  audit: 'budget',
  exportName: 'budgets',
  loadError: 'notify.budgetLoadError',
});

/** The financial reports' keys, under the books' shared key (lib/books.ts refreshes them all). */
export const reportKeys = {
  all: bookKeys.reports,
  trialBalance: (query: Query) => [...bookKeys.reports, 'trial-balance', query] as const,
  generalLedger: (query: Query) => [...bookKeys.reports, 'general-ledger', query] as const,
  budgetVsActual: (id: string) => [...bookKeys.reports, 'budget-vs-actual', id] as const,
};

export function useClasses() {
  return useQuery({
    queryKey: ['account-classes'],
    queryFn: ({ signal }) => api.get<{ data: AccountClass[] }>('accounts/classes', undefined, signal),
    select: (reply) => reply.data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Active accounts of a book for pickers, e.g. journal lines. */
export const useAccountOptions = (book: Book | undefined) =>
  accounts.useOptions({ book, active: true }, Boolean(book));

export function useJournalEntry(id: string | null) {
  return useQuery({
    queryKey: journalEntries.keys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<{ data: JournalEntry }>(`accounts/journal-entries/${id}`, undefined, signal),
    select: (reply) => reply.data,
    enabled: id !== null,
  });
}

export function useTrialBalance(query: { book: Book; as_at: string; from?: string | undefined }) {
  return useQuery({
    queryKey: reportKeys.trialBalance(query),
    queryFn: ({ signal }) => api.get<{ data: TrialBalance }>('reports/trial-balance', query, signal),
    select: (reply) => reply.data,
  });
}

export function useGeneralLedger(
  query: { account_id: string; from: string; to: string; after?: string | undefined },
  enabled: boolean,
) {
  return useQuery({
    queryKey: reportKeys.generalLedger(query),
    queryFn: ({ signal }) =>
      api.get<{ data: GeneralLedger }>('reports/general-ledger', { ...query, limit: 50 }, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useBudgetAdjustments(budgetId: string) {
  return useQuery({
    queryKey: ['budgets', 'adjustments', budgetId],
    queryFn: ({ signal }) =>
      api.get<{ data: BudgetAdjustment[] }>(`accounts/budget/${budgetId}/adjustments`, undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useBudgetVsActual(budgetId: string) {
  return useQuery({
    queryKey: reportKeys.budgetVsActual(budgetId),
    queryFn: ({ signal }) =>
      api.get<{ data: { rows: BudgetVsActualRow[] } }>(
        'reports/budget-vs-actual',
        { budget_id: budgetId },
        signal,
      ),
    select: (reply) => reply.data.rows,
  });
}

export function useMappings() {
  return useQuery({
    queryKey: ['account-mappings'],
    queryFn: ({ signal }) => api.get<{ data: AccountMapping[] }>('accounts/mappings', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** PUT /api/accounts/mappings: field errors come back keyed by mapping key. */
export function useSaveMappings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateMappingsBody) =>
      apiRequest<{ message: string; data: AccountMapping[] }>('accounts/mappings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: (reply) => {
      client.setQueryData(['account-mappings'], { data: reply.data });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

/** A report or list as a file (xlsx or pdf), named by the server. */
export const downloadReport = (path: string, query: Query, format: 'xlsx' | 'pdf', fallback: string) =>
  downloadFile(path, { ...query, format }, `${fallback}.${format}`);

/** Bank and cash accounts of a book (GET /api/bank-or-cash/accounts). */
export function useBankOptions(book: Book) {
  return useQuery({
    queryKey: ['accounts', 'bank-or-cash', book],
    queryFn: ({ signal }) => api.get<{ data: AccountOption[] }>('bank-or-cash/accounts', { book }, signal),
    select: (reply) => reply.data,
  });
}

export function useCreateBudgetAdjustment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateBudgetAdjustmentBody) =>
      api.post<{ message: string; data: BudgetAdjustment }>('accounts/budget-adjustments', body, {
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['budgets'] }),
  });
}
