import type { AccountType, MappingKey, StatementLineDefinition } from '@ushirika/contracts';

type Line = Omit<StatementLineDefinition, 'sortOrder'>;
const line = (
  code: string,
  section: Line['section'],
  name: string,
  nameSw: string,
  cashFlow: Line['cashFlow'] = 'operating',
): Line => ({ code, section, name, nameSw, cashFlow });

/**
 * The statement lines of the default chart (IFRS for SMEs layout, a cooperative's words), in
 * English and Swahili. Each section's lines print in this order.
 */
export const DEFAULT_STATEMENT_LINES: StatementLineDefinition[] = [
  line('property_equipment', 'non_current_assets', 'Property and equipment', 'Mali na vifaa', 'investing'),
  line('inventories', 'current_assets', 'Inventories', 'Hifadhi ya bidhaa'),
  line('member_loans', 'current_assets', 'Loans to members', 'Mikopo kwa wanachama'),
  line('receivables', 'current_assets', 'Receivables', 'Madai'),
  line('cash_bank', 'current_assets', 'Cash and bank', 'Fedha taslimu na benki'),
  line('other_current_assets', 'current_assets', 'Other current assets', 'Mali nyingine za muda mfupi'),
  line('borrowings', 'non_current_liabilities', 'Borrowings', 'Mikopo iliyochukuliwa', 'financing'),
  line('payables', 'current_liabilities', 'Payables', 'Malipo yanayodaiwa'),
  line(
    'crop_proceeds_held',
    'current_liabilities',
    'Crop proceeds held for members',
    'Mapato ya mazao yanayoshikiliwa kwa ajili ya wanachama',
  ),
  line(
    'taxes_payable',
    'current_liabilities',
    'Taxes and statutory payables',
    'Kodi na makato ya kisheria yanayodaiwa',
  ),
  line(
    'other_current_liabilities',
    'current_liabilities',
    'Other current liabilities',
    'Madeni mengine ya muda mfupi',
  ),
  line('share_capital', 'share_capital', "Members' share capital", 'Hisa za wanachama', 'financing'),
  line('reserves', 'reserves', 'Reserves', 'Akiba za chama', 'financing'),
  line(
    'accumulated_surplus',
    'accumulated_surplus',
    'Accumulated surplus',
    'Ziada iliyolimbikizwa',
    'financing',
  ),
  line('levies_commissions', 'income', 'Levies and commissions', 'Ushuru na kamisheni'),
  line('other_income', 'income', 'Other income', 'Mapato mengineyo'),
  line('administration', 'expenditure', 'Administration expenses', 'Matumizi ya utawala'),
  line('staff_costs', 'expenditure', 'Staff costs', 'Matumizi ya watumishi'),
  line('finance_costs', 'expenditure', 'Finance costs', 'Matumizi ya kifedha'),
  line('member_services', 'expenditure', 'Member services', 'Huduma kwa wanachama'),
  line('other_expenditure', 'expenditure', 'Other expenditure', 'Matumizi mengine'),
].map((l, i) => ({ ...l, sortOrder: (i + 1) * 10 }));

/** Every account of a class with no closer rule: the class's catch-all line. */
export const DEFAULT_CLASS_LINES: Record<AccountType, string> = {
  asset: 'other_current_assets',
  liability: 'other_current_liabilities',
  equity: 'reserves',
  income: 'other_income',
  expense: 'other_expenditure',
};

/** The default chart's groups (by code) and their lines. */
export const DEFAULT_GROUP_LINES: Record<string, string> = {
  '11': 'cash_bank',
  '12': 'receivables',
  '13': 'inventories',
  '14': 'member_loans',
  '15': 'property_equipment',
  '21': 'payables',
  '22': 'crop_proceeds_held',
  '23': 'taxes_payable',
  '24': 'borrowings',
  '31': 'reserves',
  '41': 'levies_commissions',
  '42': 'other_income',
  '51': 'administration',
  '52': 'staff_costs',
  '53': 'finance_costs',
  '54': 'member_services',
};

/**
 * Accounts with a line of their own: the books' retained earnings (by their mapping), the share
 * capital, and the collection account's interest (its code puts it in the levies' group).
 */
export const DEFAULT_MAPPED_ACCOUNT_LINES: Partial<Record<MappingKey, string>> = {
  collection_retained_earnings: 'accumulated_surplus',
  operation_retained_earnings: 'accumulated_surplus',
};
export const DEFAULT_ACCOUNT_LINES: { book: 'collection' | 'operation'; code: string; line: string }[] = [
  { book: 'operation', code: '3101', line: 'share_capital' },
  { book: 'collection', code: '4101', line: 'other_income' },
];
