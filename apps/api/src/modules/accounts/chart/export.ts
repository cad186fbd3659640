import type { Account } from '@ushirika/contracts';
import type { ExportColumn } from '../../../platform/exports.ts';

export const accountExportColumns: ExportColumn<Account>[] = [
  { header: 'Code', value: (a) => a.code, width: 10 },
  { header: 'Name', value: (a) => a.name, width: 34 },
  { header: 'Book', value: (a) => a.book },
  { header: 'Class', value: (a) => a.className },
  { header: 'Group', value: (a) => a.groupName, width: 28 },
  { header: 'Currency', value: (a) => a.currency, width: 10 },
  { header: 'Bank or cash', value: (a) => (a.isBankOrCash ? 'Yes' : 'No') },
  { header: 'Bank', value: (a) => a.bankName },
  { header: 'Bank account no', value: (a) => a.bankAccountNumber },
  { header: 'Active', value: (a) => (a.active ? 'Yes' : 'No') },
];
