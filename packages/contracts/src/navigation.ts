/**
 * Navigation metadata of the route table (issue #20): which section of the app a screen belongs
 * to, who may open it and whether it is a screen of its own (shown in its section's navigation)
 * or a details page / create form (reached from its list). The web app builds the section tabs,
 * the breadcrumb, the sidebar highlight and the document title from this, so a route added to
 * routes.ts appears in the navigation of everyone allowed to open it without editing the web app.
 */

export type Audience = 'union' | 'amcos';
export type RouteKind = 'screen' | 'details' | 'create';

/** A section: the screens shown together as tabs in the page header. */
export interface NavSection {
  key: string;
  /** The sidebar group the section sits in (a key under `menu`), first crumb of the breadcrumb. */
  area?: string;
  /** The section's own crumb (a key under `menu` or `nav.sections`); none when the area says it. */
  label?: string;
  /** Default permission needed to open its screens (routes may override). */
  permission?: string;
  /** Default audience (union staff or AMCOS users); none means both. */
  audience?: Audience;
  /** Sub-groups of a long section, in order (keys under `nav.groups`). */
  groups?: readonly string[];
}

export interface RouteNav {
  section: string | null;
  group: string | null;
  kind: RouteKind;
  permission: string | null;
  audience: Audience | null;
}

export const NAV_SECTIONS: readonly NavSection[] = [
  { key: 'home' },
  { key: 'account' },
  // "Waiting for me" (#27): everyone's, opened from the header.
  { key: 'inbox' },
  { key: 'accounts-books', area: 'accounts', permission: 'accounts.ledger.read', audience: 'union' },
  { key: 'budget', area: 'accounts', permission: 'accounts.ledger.read', audience: 'union' },
  { key: 'purchase', label: 'menu.purchase', permission: 'purchase.order.read', audience: 'union' },
  {
    key: 'sales',
    area: 'collections',
    label: 'menu.sales',
    permission: 'sales.invoice.read',
    audience: 'union',
  },
  {
    key: 'payments',
    area: 'collections',
    label: 'menu.payments',
    permission: 'payments.settlement.read',
    groups: ['batches', 'lines', 'auctionResults'],
  },
  { key: 'crop', area: 'collections', label: 'nav.sections.crop' },
  { key: 'inventory', area: 'inventory', permission: 'inventory.store.read', groups: ['stores', 'ledgers'] },
  { key: 'amcos', label: 'menu.amcos' },
  // Members (#32): registers, shares, entrance fees and statements.
  { key: 'members', label: 'menu.members', permission: 'amcos.farmer.read' },
  {
    key: 'collection-settings',
    area: 'settings',
    label: 'menu.settingsCollections',
    permission: 'settings.collection.read',
    audience: 'union',
  },
  { key: 'cooperative', area: 'settings', label: 'menu.union', audience: 'union' },
  {
    key: 'account-settings',
    area: 'settings',
    label: 'menu.settingsAccounts',
    permission: 'accounts.ledger.read',
    audience: 'union',
  },
  { key: 'users', area: 'settings', label: 'menu.users', permission: 'users.user.read', audience: 'union' },
  // Circulars (#18): union staff publish and follow readers; AMCOS users read theirs.
  { key: 'circulars', label: 'menu.circulars', permission: 'circulars.circular.read' },
  {
    key: 'reports',
    label: 'menu.reports',
    permission: 'reports.report.read',
    groups: ['financial', 'inventory', 'distributions', 'buyers', 'auction'],
  },
];

/** Where a path belongs: the first rule whose prefix matches (more specific rules first). */
const SECTION_BY_PREFIX: readonly (readonly [prefix: string, section: string, group?: string])[] = [
  ['/home', 'home'],
  ['/inbox', 'inbox'],
  ['/profile', 'account'],
  ['/change-password', 'account'],
  ['/account/operation/', 'accounts-books'],
  ['/account/budget/', 'budget'],
  ['/account/settings/', 'account-settings'],
  ['/purchase/', 'purchase'],
  ['/collections/sales/', 'sales'],
  ['/collections/payments/', 'payments', 'batches'],
  ['/collections/farmer_payments', 'payments', 'batches'],
  ['/collections/loans', 'payments', 'lines'],
  ['/payments/', 'payments', 'lines'],
  ['/auction/', 'payments', 'auctionResults'],
  ['/collections/deductions', 'collection-settings'],
  ['/collections/season-and-crops', 'collection-settings'],
  ['/collections/', 'crop'],
  ['/settings/collection/', 'collection-settings'],
  ['/collection/setting/', 'collection-settings'],
  ['/inventory/store-items', 'inventory', 'stores'],
  ['/inventory/stores', 'inventory', 'stores'],
  ['/inventory/item-services', 'inventory', 'stores'],
  ['/inventory/categories', 'inventory', 'stores'],
  ['/inventory/', 'inventory', 'ledgers'],
  ['/amcos/', 'amcos'],
  ['/members/', 'members'],
  ['/cooperative/', 'cooperative'],
  ['/users/', 'users'],
  ['/circulars/', 'circulars'],
  ['/reports/financial/', 'reports', 'financial'],
  ['/reports/inventory/', 'reports', 'inventory'],
  ['/reports/distributions', 'reports', 'distributions'],
  ['/reports/buyer/', 'reports', 'buyers'],
  ['/reports/auction/', 'reports', 'auction'],
];

/**
 * Who may open a screen when it differs from its section's default. Mirrors the check the screen
 * itself makes (RequirePermission); the link-walking browser test fails when the two disagree.
 */
const ACCESS_BY_ROUTE: Readonly<Record<string, { permission?: string | null; audience?: Audience | null }>> =
  {
    // Bank reconciliation (#17): its own permission, union staff only.
    bank_reconciliation: { permission: 'accounts.reconciliation.read' },
    // Payments: AMCOS users read their society's lines; batches are union business.
    whr_payments: { audience: null },
    whr_payment_details: { audience: null },
    amcos_payments: { audience: 'union' },
    amcos_payment_details: { audience: 'union' },
    beneficiary_payments: { audience: 'union' },
    beneficiary_payment_details: { audience: 'union' },
    transporter_payments: { audience: 'union' },
    transporter_payment_create: { permission: 'payments.settlement.create', audience: 'union' },
    transporter_payment_details: { audience: 'union' },
    farmer_payments: { audience: 'union' },
    auction_amcos: { permission: 'reports.report.read' },
    auction_farmers: { permission: 'reports.report.read' },
    auction_deduction: { permission: 'reports.report.read' },
    // Sales: AMCOS users follow their lots at auction.
    auctions: { permission: 'sales.auction.read', audience: null },
    auction_details: { permission: 'sales.auction.read', audience: null },
    // Crop collection.
    receips: { permission: 'collections.collection.read' },
    receip_details: { permission: 'collections.collection.read' },
    crop_collections: { permission: 'collections.collection.read' },
    offline_weighing: { permission: 'collections.collection.create', audience: 'amcos' },
    weighing_devices: { permission: 'collections.collection.read' },
    offline_receipts: { permission: 'collections.collection.read' },
    weighing_limits: { permission: 'collections.collection.read', audience: 'amcos' },
    'crop-DNs': { permission: 'collections.delivery.read' },
    crop_dn_create: { permission: 'collections.delivery.create' },
    crop_dn_details: { permission: 'collections.delivery.read' },
    auction_warehouse: { permission: 'collections.delivery.read' },
    farmer_requests: { permission: 'collections.collection.read' },
    farmer_request_create: { permission: 'collections.collection.create' },
    farmer_request_details: { permission: 'collections.collection.read' },
    distributions: { permission: 'collections.collection.read' },
    distribution_create: { permission: 'collections.collection.create' },
    distribution_details: { permission: 'collections.collection.read' },
    // AMCOS and farmers: the union's list of societies; every user their own society and farmers.
    amcos: { permission: 'amcos.society.read', audience: 'union' },
    amcos_detils: { permission: 'amcos.society.read' },
    farmers: { permission: 'amcos.farmer.read' },
    farmer_details: { permission: 'amcos.farmer.read' },
    farmer_coordinates: { permission: 'amcos.farmer.read' },
    collection_farmers: { permission: 'amcos.farmer.read' },
    collection_farmer_details: { permission: 'amcos.farmer.read' },
    collection_amcos: { permission: 'amcos.society.read' },
    boq_create: { permission: 'settings.collection.update' },
    // Members (#32): the union's register is union business; an AMCOS's, its own society's.
    members_union: { permission: 'amcos.society.read', audience: 'union' },
    // The appropriation of the union's surplus (#32): union business, read with the ledgers.
    appropriations: { permission: 'accounts.ledger.read', audience: 'union' },
    appropriation_details: { permission: 'accounts.ledger.read', audience: 'union' },
    // A second payment to farmers (#32): union business, read with the ledgers.
    second_payments: { permission: 'accounts.ledger.read', audience: 'union' },
    second_payment_details: { permission: 'accounts.ledger.read', audience: 'union' },
    // Cooperative settings.
    union: { permission: 'cooperative.union.read' },
    banks: { permission: 'cooperative.union.read' },
    financial_years: { permission: 'accounts.ledger.read' },
    document_terms: { permission: 'cooperative.union.read' },
    // Reports: the books are union business and need the ledger; buyers' debts are union business.
    trial_balance: { permission: 'accounts.ledger.read', audience: 'union' },
    general_ledger: { permission: 'accounts.ledger.read', audience: 'union' },
    control_accounts: { permission: 'accounts.ledger.read', audience: 'union' },
    financial_position: { permission: 'accounts.ledger.read', audience: 'union' },
    income_and_expenditure: { permission: 'accounts.ledger.read', audience: 'union' },
    cash_flows: { permission: 'accounts.ledger.read', audience: 'union' },
    changes_in_funds: { permission: 'accounts.ledger.read', audience: 'union' },
    audit_pack: { permission: 'accounts.ledger.read', audience: 'union' },
    buyer_aged_details: { audience: 'union' },
    buyer_aged_summary: { audience: 'union' },
    // Stores (issue 13): the catalogue is union business; documents need the store update right;
    // inventory reports read under the stores' read permission, like the API.
    store_items: { audience: 'union' },
    item_services: { audience: 'union' },
    categories: { audience: 'union' },
    grn_create: { permission: 'inventory.store.update', audience: 'union' },
    grn2_create: { permission: 'inventory.store.update' },
    issue_create: { permission: 'inventory.store.update' },
    transfer_to_amcos: { permission: 'inventory.store.update', audience: 'union' },
    transfer_from_amcos: { permission: 'inventory.store.update' },
    transfer_to_store: { permission: 'inventory.store.update' },
    quantity_by_store: { permission: 'inventory.store.read' },
    quantity_by_store_amcos: { permission: 'inventory.store.read' },
    store_ledger: { permission: 'inventory.store.read' },
    amcos_store_ledger: { permission: 'inventory.store.read' },
    union_store_ledger: { permission: 'inventory.store.read', audience: 'union' },
    // Circulars (#18): publishing is union business.
    circular_create: { permission: 'circulars.circular.publish', audience: 'union' },
    // Purchasing: writing needs more than the section's read permission.
    purchase_order_create: { permission: 'purchase.order.create' },
    purchase_invoice_create: { permission: 'purchase.order.create' },
    purchase_payment_create: { permission: 'purchase.payment.create' },
  };

function kindOf(path: string): RouteKind {
  if (path.includes(':')) return 'details';
  if (/\/(create|add|grn2?-create)(\/|$)/.test(path)) return 'create';
  return 'screen';
}

/** The navigation metadata of one route of the app layout. */
export function navigationOf(name: string, path: string): RouteNav {
  const rule = SECTION_BY_PREFIX.find(([prefix]) => path === prefix || path.startsWith(prefix));
  const section = NAV_SECTIONS.find((s) => s.key === rule?.[1]);
  const override = ACCESS_BY_ROUTE[name] ?? {};
  return {
    section: section?.key ?? null,
    group: rule?.[2] ?? null,
    kind: kindOf(path),
    permission: override.permission !== undefined ? override.permission : (section?.permission ?? null),
    audience: override.audience !== undefined ? override.audience : (section?.audience ?? null),
  };
}

/** A user as far as navigation cares: their permissions and whether they belong to an AMCOS. */
export interface NavViewer {
  amcosId: string | null;
  permissions: readonly string[];
}

/** Whether the user may open a route (its permission and audience). */
export function mayOpen(nav: RouteNav, viewer: NavViewer): boolean {
  const audience: Audience = viewer.amcosId ? 'amcos' : 'union';
  if (nav.audience && nav.audience !== audience) return false;
  return nav.permission === null || viewer.permissions.includes(nav.permission);
}

export function sectionByKey(key: string | null): NavSection | undefined {
  return NAV_SECTIONS.find((s) => s.key === key);
}
