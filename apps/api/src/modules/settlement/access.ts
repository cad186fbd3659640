/** OpenAPI tag and permissions shared by the settlement and payment routes. */
export const tags = ['payments'];

export const access = {
  read: { permission: 'payments.settlement.read', audience: 'any' },
  unionRead: { permission: 'payments.settlement.read', audience: 'union' },
  write: { permission: 'payments.settlement.create', audience: 'union' },
  approve: { permission: 'payments.settlement.approve', audience: 'union' },
  approveBatch: { permission: 'payments.batch.approve', audience: 'union' },
  settingsWrite: { permission: 'settings.collection.update', audience: 'union' },
} as const;
