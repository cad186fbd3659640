import type { User } from '@ushirika/contracts';
import { dateInTanzania } from '@ushirika/domain';
import type { ExportColumn } from '../../platform/exports.ts';

export const userExportColumns: ExportColumn<User>[] = [
  { header: 'First name', value: (u) => u.firstName },
  { header: 'Last name', value: (u) => u.lastName },
  { header: 'Email', value: (u) => u.email, width: 28 },
  { header: 'Mobile', value: (u) => u.mobile },
  { header: 'Gender', value: (u) => u.gender, label: 'users.gender' },
  { header: 'AMCOS', value: (u) => u.amcosName ?? 'Union' },
  { header: 'Roles', value: (u) => u.roles.map((r) => r.name).join(', '), width: 30 },
  { header: 'Active', value: (u) => (u.active ? 'Yes' : 'No') },
  { header: 'Created', value: (u) => dateInTanzania(u.createdAt) },
];
