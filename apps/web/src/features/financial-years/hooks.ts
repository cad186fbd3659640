import type { CreateFinancialYearBody, FinancialYear, UpdateFinancialYearBody } from '@ushirika/contracts';
import { resource } from '../../lib/resource.ts';

export const financialYears = resource<FinancialYear, CreateFinancialYearBody, UpdateFinancialYearBody>(
  'financial-years',
  {
    key: 'financial-years',
    audit: 'financial_year',
    exportName: 'financial-years',
  },
);
