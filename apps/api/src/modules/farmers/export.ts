import type { Farmer } from '@ushirika/contracts';
import type { ExportColumn } from '../../platform/exports.ts';

export const farmerExportColumns: ExportColumn<Farmer>[] = [
  { header: 'Farmer no', value: (r) => r.farmerNo, width: 16 },
  { header: 'AMCOS', value: (r) => r.amcosName, width: 24 },
  { header: 'First name', value: (r) => r.firstName },
  { header: 'Middle name', value: (r) => r.middleName },
  { header: 'Last name', value: (r) => r.lastName },
  { header: 'Gender', value: (r) => r.gender, label: 'users.gender' },
  { header: 'Date of birth', value: (r) => r.dateOfBirth },
  { header: 'National ID', value: (r) => r.nationalId, width: 24 },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Bank', value: (r) => r.bankName },
  { header: 'Account no', value: (r) => r.accountNo },
  { header: 'Village', value: (r) => r.village },
  { header: 'Farms', value: (r) => r.farmCount },
  { header: 'Acres', value: (r) => r.totalAcres },
  { header: 'Status', value: (r) => r.status },
];
