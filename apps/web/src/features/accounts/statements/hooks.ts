import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CashFlows,
  ChangesInFunds,
  FinancialPosition,
  IncomeAndExpenditure,
  SaveStatementMappingBody,
  StatementBook,
  StatementMapping,
} from '@ushirika/contracts';
import { api, apiRequest } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { bookKeys } from '../../../lib/books.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useYearsNewestFirst } from '../../financial-years/hooks.ts';

/** The statements' keys sit under the financial reports' key: every posting refreshes them. */
export const statementKeys = {
  all: [...bookKeys.reports, 'statements'] as const,
  statement: (path: string, query: StatementQuery) => [...statementKeys.all, path, query] as const,
  mapping: ['statement-lines'] as const,
};

export type StatementQuery = {
  book: StatementBook;
  as_at?: string;
  from?: string;
  to?: string;
  compare: 'previous-year' | 'none';
};

/** The four statements by their API path, with the reply each answers. */
export type StatementPaths = {
  'reports/financial-position': FinancialPosition;
  'reports/income-and-expenditure': IncomeAndExpenditure;
  'reports/cash-flows': CashFlows;
  'reports/changes-in-funds': ChangesInFunds;
};

export function useStatement<P extends keyof StatementPaths>(path: P, query: StatementQuery) {
  return useQuery({
    queryKey: statementKeys.statement(path, query),
    queryFn: ({ signal }) => api.get<{ data: StatementPaths[P] }>(path, query, signal),
    select: (reply) => reply.data,
  });
}

/** A statement as the file asked for (xlsx or an A4 PDF under the union's letterhead). */
export const downloadStatement = (
  path: keyof StatementPaths,
  query: StatementQuery,
  format: 'xlsx' | 'pdf',
) =>
  downloadFile(path, { ...query, format }, `${path.split('/')[1]?.toUpperCase() ?? 'STATEMENT'}.${format}`);

/** The auditors' pack of a year: one zip. */
export const downloadAuditPack = (financialYearId: string, threshold: string) =>
  downloadFile('reports/audit-pack', { financial_year_id: financialYearId, threshold }, 'AUDIT_PACK.zip');

export function useStatementMapping() {
  return useQuery({
    queryKey: statementKeys.mapping,
    queryFn: ({ signal }) =>
      api.get<{ data: StatementMapping }>('accounts/statement-lines', undefined, signal),
    select: (reply) => reply.data,
  });
}

/** PUT the whole mapping; the statements are laid out anew. */
export function useSaveStatementMapping() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveStatementMappingBody) =>
      apiRequest<{ message: string; data: StatementMapping }>('accounts/statement-lines', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: (reply) => {
      client.setQueryData(statementKeys.mapping, { data: reply.data });
      void client.invalidateQueries({ queryKey: statementKeys.all });
      void client.invalidateQueries({ queryKey: auditKeys.all });
    },
  });
}

/** The financial years to choose the pack's from, newest first. */
export function useFinancialYearChoices() {
  return useYearsNewestFirst((years) => years);
}
