import { useQuery } from '@tanstack/react-query';
import type {
  CreateFinancialYearBody,
  FinancialYear,
  UpdateFinancialYearBody,
  YearClosing,
} from '@ushirika/contracts';
import { api } from '../../lib/api.ts';
import { resource } from '../../lib/resource.ts';

export const financialYears = resource<FinancialYear, CreateFinancialYearBody, UpdateFinancialYearBody>(
  'financial-years',
  {
    key: 'financial-years',
    audit: 'financial_year',
    exportName: 'financial-years',
  },
);

/** What closing the year will post (GET /api/financial-years/{id}/closing), for the confirmation. */
export function useYearClosing(id: string) {
  return useQuery({
    queryKey: [...financialYears.keys.detail(id), 'closing'],
    queryFn: ({ signal }) =>
      api.get<{ data: YearClosing }>(`financial-years/${id}/closing`, undefined, signal),
    select: (reply) => reply.data,
  });
}

const NEWEST_FIRST = { per_page: 50, sort: 'start_date:desc' };

/** The financial years newest first (the latest 50), for a year picker; `select` keeps what it offers. */
export function useYearsNewestFirst<T>(select: (years: FinancialYear[]) => T) {
  return useQuery({
    queryKey: ['financial-years', 'list', NEWEST_FIRST],
    queryFn: ({ signal }) => api.get<{ data: FinancialYear[] }>('financial-years', NEWEST_FIRST, signal),
    select: (reply) => select(reply.data),
  });
}
