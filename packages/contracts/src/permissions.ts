/**
 * Permission strings are `module.resource.action`. Roles are data holding these strings;
 * the built-in roles below are seeded on first start and can be edited later.
 */
export const PERMISSIONS = [
  'users.user.read',
  'users.user.create',
  'users.user.update',
  'users.role.read',
  'audit.history.read',
  'cooperative.union.read',
  'cooperative.union.update',
  /** Reference lists every form needs (banks, councils, crops, seasons): AMCOS users too. */
  'cooperative.reference.read',
  'cooperative.year.update',
  'amcos.society.read',
  'amcos.society.create',
  'amcos.society.update',
  'amcos.farmer.read',
  'amcos.farmer.create',
  'amcos.farmer.update',
  'settings.collection.read',
  'settings.collection.update',
  'accounts.ledger.read',
  'accounts.ledger.update',
  'accounts.journal.create',
  'accounts.journal.approve',
  /** Going live (#36): set the go-live date, import and reverse openings, confirm at zero. */
  'accounts.opening.manage',
  'accounts.budget.create',
  'accounts.budget.approve',
  /** Bank reconciliation (#17): read statements and reconciliations; import, match and close. */
  'accounts.reconciliation.read',
  'accounts.reconciliation.manage',
  'collections.collection.read',
  'collections.collection.create',
  'collections.delivery.read',
  'collections.delivery.create',
  'collections.warehouse.update',
  /** Farmer inputs (#14): approve requests (AMCOS manager, then union) and cancel distributions. */
  'collections.input.approve',
  /** Weighing devices (#29): retire a lost device, approve or void the receipts kept for review. */
  'collections.device.manage',
  'sales.auction.read',
  'sales.auction.update',
  'sales.invoice.read',
  'sales.invoice.create',
  'sales.receipt.create',
  'payments.settlement.read',
  'payments.settlement.create',
  'payments.settlement.approve',
  'payments.batch.approve',
  'inventory.store.read',
  'inventory.store.update',
  'purchase.order.read',
  'purchase.order.create',
  'purchase.order.approve',
  'purchase.payment.create',
  'purchase.payment.approve',
  'reports.report.read',
  /** Circulars to AMCOS (#18): read (union staff and AMCOS users) and publish (union). */
  'circulars.circular.read',
  'circulars.circular.publish',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const reads = PERMISSIONS.filter((p) => p.endsWith('.read'));
const pick = (...prefixes: string[]) => PERMISSIONS.filter((p) => prefixes.some((x) => p.startsWith(x)));

/**
 * What both AMCOS roles do at their society's desk: read the society and the union's references,
 * register farmers (and correct their typos), record collections and put them on delivery notes.
 */
const amcosDesk: Permission[] = [
  'amcos.society.read',
  'cooperative.reference.read',
  'amcos.farmer.read',
  'amcos.farmer.create',
  'amcos.farmer.update',
  'collections.collection.read',
  'collections.collection.create',
  'collections.delivery.read',
  'collections.delivery.create',
];

export type BuiltInRole = { name: string; audience: 'union' | 'amcos'; permissions: readonly Permission[] };

export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  { name: 'Administrator', audience: 'union', permissions: PERMISSIONS },
  {
    name: 'Accountant',
    audience: 'union',
    permissions: [
      ...reads,
      'accounts.ledger.update',
      'accounts.journal.create',
      'accounts.opening.manage',
      'accounts.budget.create',
      'accounts.reconciliation.manage',
      'purchase.payment.create',
    ],
  },
  {
    name: 'Finance Manager',
    audience: 'union',
    permissions: [
      ...reads,
      'accounts.journal.approve',
      'accounts.opening.manage',
      'accounts.budget.approve',
      'accounts.reconciliation.manage',
      'cooperative.year.update',
      'payments.settlement.approve',
      'payments.batch.approve',
      'purchase.order.approve',
      'purchase.payment.approve',
    ],
  },
  {
    name: 'Crop Officer',
    audience: 'union',
    permissions: [
      ...reads,
      ...pick('collections.', 'sales.auction.', 'amcos.farmer.', 'settings.collection.', 'circulars.'),
    ],
  },
  {
    name: 'Settlement Officer',
    audience: 'union',
    permissions: [...reads, 'sales.invoice.create', 'sales.receipt.create', 'payments.settlement.create'],
  },
  { name: 'Store Keeper', audience: 'union', permissions: [...reads, 'inventory.store.update'] },
  { name: 'Procurement Officer', audience: 'union', permissions: [...reads, 'purchase.order.create'] },
  { name: 'Auditor', audience: 'union', permissions: reads },
  {
    name: 'AMCOS Manager',
    audience: 'amcos',
    permissions: [
      ...amcosDesk,
      'collections.input.approve',
      'collections.device.manage',
      'sales.auction.read',
      'sales.auction.update',
      'payments.settlement.read',
      'inventory.store.read',
      'inventory.store.update',
      'reports.report.read',
      'audit.history.read',
      'circulars.circular.read',
    ],
  },
  {
    name: 'AMCOS Clerk',
    audience: 'amcos',
    permissions: [
      ...amcosDesk,
      'inventory.store.read',
      'reports.report.read',
      // A clerk who corrects a receipt sees who changed it before; histories stay their society's.
      'audit.history.read',
      // The AMCOS sidebar's Auction item: their own society's lots at auction, read-only.
      'sales.auction.read',
      // Its Payments item: what their society's farmers were paid, read-only, when a farmer asks.
      'payments.settlement.read',
      // Circulars from the union (#18): read and confirm reading.
      'circulars.circular.read',
    ],
  },
];
