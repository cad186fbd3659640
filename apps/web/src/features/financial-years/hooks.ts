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
