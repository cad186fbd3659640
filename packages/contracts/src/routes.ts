/**
 * Web route table (SPEC section 2): every screen's name, path, who may open it and which layout
 * shows it. The web router is built from this list; E2E tests can use it to visit every screen.
 */
import { navigationOf, type RouteNav } from './navigation.ts';

export * from './navigation.ts';

export type RouteAccess = 'signed-in' | 'signed-out' | 'public';
export type RouteLayout = 'app' | 'auth';

export const WEB_MODULES = [
  'auth',
  'errors',
  'dashboard',
  'users',
  'cooperative',
  'purchase',
  'inventory',
  'amcos',
  'collections',
  'sales',
  'payments',
  'collection-settings',
  'accounts',
  'auction',
  'reports',
  'circulars',
  'inbox',
  'members',
] as const;
export type WebModule = (typeof WEB_MODULES)[number];

type Entry = readonly [name: string, path: string];

const authScreens = [
  ['login', '/login'],
  ['verify_otp', '/verify-otp'],
  ['forgot_password', '/forgot-password'],
  ['recover_password', '/recover-password'],
] as const satisfies readonly Entry[];

const errorScreens = [
  ['technical_issue', '/technical-issue'],
  ['not_found', '/not-found'],
  ['no_internet', '/no-internet'],
  ['server_not_available', '/server-not-available'],
] as const satisfies readonly Entry[];

/** Login-required screens in the app layout, grouped by business module. */
const appScreens = {
  dashboard: [
    ['dashboard', '/'],
    ['home', '/home'],
  ],
  auth: [
    ['change_password', '/change-password'],
    ['profile', '/profile'],
  ],
  users: [
    ['users', '/users/all'],
    ['user_assignments', '/users/assigments'],
  ],
  cooperative: [
    ['union', '/cooperative/union'],
    ['banks', '/cooperative/banks'],
    ['financial_years', '/cooperative/financial-years'],
    // The union's standard terms on purchase orders and sales invoices (#18).
    ['document_terms', '/cooperative/document-terms'],
  ],
  purchase: [
    ['suppliers', '/purchase/suppliers'],
    ['purchase_orders', '/purchase/orders/list'],
    ['purchase_order_create', '/purchase/orders/create'],
    ['purchase_order_details', '/purchase/orders/:id/details'],
    ['purchase_invoices', '/purchase/invoices/list'],
    ['purchase_invoice_create', '/purchase/invoices/create'],
    ['purchase_invoice_details', '/purchase/invoices/:id/details'],
    ['purchase_payments', '/purchase/payments/list'],
    ['purchase_payment_create', '/purchase/payments/create'],
    ['purchase_payment_details', '/purchase/payments/:id/details'],
    ['supplier_aged', '/purchase/reports/aged-payables'],
  ],
  inventory: [
    ['store_items', '/inventory/store-items'],
    ['stores', '/inventory/stores'],
    ['item_services', '/inventory/item-services'],
    ['categories', '/inventory/categories'],
    ['grns', '/inventory/grns/list'],
    ['grn_create', '/inventory/grns/grn-create'],
    ['grn2_create', '/inventory/grns/grn2-create'],
    ['grn_details', '/inventory/grns/grn/:id/details'],
    ['issues', '/inventory/issues/list'],
    ['issue_create', '/inventory/issues/create'],
    ['issue_details', '/inventory/issues/:id/details'],
    ['transfers', '/inventory/transfers/list'],
    ['transfer_details', '/inventory/transfers/:id/details'],
    ['transfer_to_amcos', '/inventory/transfers/create/to-amcos'],
    ['transfer_from_amcos', '/inventory/transfers/create/from-amcos'],
    ['transfer_to_store', '/inventory/transfers/create/to-store'],
    ['ledgers', '/inventory/ledgers'],
  ],
  amcos: [
    ['amcos', '/amcos/list'],
    ['amcos_detils', '/amcos/:id'],
    ['farmers', '/amcos/amcos-farmers'],
    ['farmer_details', '/amcos/amcos-farmers/:id/details'],
    ['farmer_coordinates', '/amcos/amcos-farmers/:id/details/coordinates'],
    ['collection_farmers', '/collection/setting/farmers'],
    ['collection_farmer_details', '/collection/setting/farmers/:id/details'],
    ['collection_amcos', '/collection/setting/Amcos'],
  ],
  collections: [
    ['auction_warehouse', '/collections/auction-warehouse'],
    ['crop-DNs', '/collections/crop-DNs/list'],
    ['crop_dn_create', '/collections/crop-DNs/create'],
    ['crop_dn_details', '/collections/crop-DNs/:id/details'],
    ['farmer_requests', '/collections/farmer-requests/list'],
    ['farmer_request_create', '/collections/farmer-requests/create'],
    ['farmer_request_details', '/collections/farmer-requests/:id/details'],
    ['distributions', '/collections/distributions/list'],
    ['distribution_create', '/collections/distributions/create'],
    ['distribution_details', '/collections/distributions/:id/details'],
    ['loans', '/collections/loans'],
    ['crop_collections', '/collections/crop_collections'],
    ['farmer_payments', '/collections/farmer_payments'],
    ['deductions', '/collections/deductions'],
    ['season_and_crops', '/collections/season-and-crops'],
    ['season_and_crop_details', '/collections/season-and-crops/:id/details'],
    ['receips', '/collections/receips/list'],
    ['receip_details', '/collections/receips/:id/receips'],
    // Weighing without a network (#29): the clerk's device, the society's devices, the receipts sent.
    ['offline_weighing', '/collections/offline-weighing'],
    ['weighing_devices', '/collections/devices'],
    ['offline_receipts', '/collections/offline-receipts'],
    ['weighing_limits', '/collections/weighing-limits'],
  ],
  sales: [
    ['sales_invoices', '/collections/sales/invoices/list'],
    ['sales_invoice_create', '/collections/sales/invoices/create'],
    ['sales_invoice_details', '/collections/sales/invoices/:id/details'],
    ['sales_receipts', '/collections/sales/receipts/list'],
    ['sales_receipt_details', '/collections/sales/receipts/:id/details'],
    ['buyers', '/collections/sales/buyers/list'],
    ['buyer_details', '/collections/sales/buyers/:id/details'],
    ['release_notes', '/collections/sales/release-notes'],
    ['auctions', '/collections/sales/auctions'],
    ['auction_details', '/collections/sales/auctions/:id/details'],
    ['group_invoices', '/collections/sales/group-invoices/list'],
    ['group_invoice_create', '/collections/sales/group-invoices/create'],
    ['group_invoice_details', '/collections/sales/group-invoices/:id/details'],
  ],
  payments: [
    ['whr_payments', '/collections/payments/whr'],
    ['whr_payment_details', '/collections/payments/whr/:id/details'],
    ['amcos_payments', '/collections/payments/amcos'],
    ['amcos_payment_details', '/collections/payments/amcos/:id/details'],
    ['beneficiary_payments', '/collections/payments/beneficiaries'],
    ['beneficiary_payment_details', '/collections/payments/beneficiaries/:id/details'],
    ['transporter_payments', '/collections/payments/transporter/list'],
    ['transporter_payment_create', '/collections/payments/transporter/create'],
    ['transporter_payment_details', '/collections/payments/transporter/:id/details'],
    ['payments_amcos', '/payments/amcos'],
    ['payments_farmers', '/payments/farmers'],
  ],
  'collection-settings': [
    ['season_crops', '/settings/collection/season-crops'],
    ['beneficiaries', '/settings/collection/beneficiaries'],
    ['beneficiary_detils', '/settings/collection/beneficiaries/:id/detils'],
    ['input_prices', '/settings/collection/input-prices'],
    ['boqs', '/settings/collection/boqs/list'],
    ['boq_create', '/settings/collection/boqs/create'],
    ['boq_details', '/settings/collection/boqs/:id/details'],
    ['transporters', '/settings/collection/transporter'],
  ],
  accounts: [
    ['classes', '/account/settings/classes'],
    ['currencies', '/account/settings/currecies'],
    ['exchange_rates', '/account/settings/exchange-rates'],
    // The financial statements' lines and what is mapped to them (#28).
    ['statement_lines', '/account/settings/statement-lines'],
    // Going live mid-life (#36): each book's go-live, its opening imports and their check.
    ['go_live', '/account/settings/go-live'],
    ['account_groups', '/account/operation/groups'],
    ['accounts', '/account/operation/accounts'],
    ['collection', '/account/operation/accounts/collection'],
    ['operation', '/account/operation/accounts/operation'],
    ['journal_entries', '/account/operation/journal-entry'],
    ['payments_and_receipts', '/account/operation/payments-and-receipts'],
    ['bank_transfers', '/account/operation/bank-transfer'],
    ['bank_reconciliation', '/account/operation/bank-reconciliation'],
    ['budget', '/account/budget/list'],
    ['budget_add', '/account/budget/add'],
    ['budget_details', '/account/budget/:id/details'],
  ],
  auction: [
    ['auction_amcos', '/auction/amcos'],
    ['auction_farmers', '/auction/farmers'],
    ['auction_deduction', '/auction/deduction'],
  ],
  // What waits for the signed-in user to approve or act on (#27), from the header.
  inbox: [['inbox', '/inbox']],
  // Members and their money (#32): the union's register (its AMCOS) and each AMCOS's (its farmers).
  members: [
    ['members_union', '/members/union'],
    ['members_society', '/members/societies'],
    ['member_details', '/members/:id/details'],
    ['appropriations', '/members/appropriations'],
    ['appropriation_details', '/members/appropriations/:id/details'],
    ['second_payments', '/members/second-payments'],
    ['second_payment_details', '/members/second-payments/:id/details'],
  ],
  // Circulars from the union to its AMCOS (#18).
  circulars: [
    ['circulars', '/circulars/list'],
    ['circular_create', '/circulars/create'],
    ['circular_details', '/circulars/:id/details'],
  ],
  reports: [
    ['trial_balance', '/reports/financial/trial-balance'],
    ['general_ledger', '/reports/financial/general-ledgers'],
    ['control_accounts', '/reports/financial/control-accounts'],
    // The year's accounts (#28): the four statements and the auditors' pack.
    ['financial_position', '/reports/financial/financial-position'],
    ['income_and_expenditure', '/reports/financial/income-and-expenditure'],
    ['cash_flows', '/reports/financial/cash-flows'],
    ['changes_in_funds', '/reports/financial/changes-in-funds'],
    ['audit_pack', '/reports/financial/audit-pack'],
    ['quantity_by_store', '/reports/inventory/quantity-by-store'],
    ['quantity_by_store_amcos', '/reports/inventory/quantity-by-store-amcos'],
    ['store_ledger', '/reports/inventory/store-ledgers'],
    ['amcos_store_ledger', '/reports/inventory/amcos-store-ledger'],
    ['union_store_ledger', '/reports/inventory/union-store-ledger'],
    ['distributions_report', '/reports/distributions'],
    ['buyer_aged_details', '/reports/buyer/buyer-aged-details'],
    ['buyer_aged_summary', '/reports/buyer/buyer-aged-summary'],
    ['auction_price', '/reports/auction/auction-price'],
    ['farmer_payments_summary', '/reports/auction/farmer-payments-summary'],
    ['auction_details_report', '/reports/auction/auction-details'],
    ['buyer_auction_details', '/reports/auction/buyer-auction-details'],
    ['amcos_auction_details', '/reports/auction/amcos-auction-details'],
    ['beneficiaries_auction_details', '/reports/auction/beneficiaries-auction-details'],
    ['warehouse_auction_details', '/reports/auction/warehouse-auction-details'],
    ['district_auction_details', '/reports/auction/district-auction-details'],
    ['council_auction_details', '/reports/auction/council-auction-details'],
  ],
} as const satisfies Partial<Record<WebModule, readonly Entry[]>>;

type AppScreens = typeof appScreens;
type AppRouteName = { [M in keyof AppScreens]: AppScreens[M][number][0] }[keyof AppScreens];
export type RouteName =
  | (typeof authScreens)[number][0]
  | (typeof errorScreens)[number][0]
  | AppRouteName
  | 'lock_screen';

export interface WebRoute {
  name: RouteName;
  path: string;
  access: RouteAccess;
  layout: RouteLayout;
  module: WebModule;
  /** Section, kind and who may open it (navigation.ts): drives tabs, breadcrumb and sidebar. */
  nav: RouteNav;
}

export const WEB_ROUTES: readonly WebRoute[] = [
  ...errorScreens.map(([name, path]) => route(name, path, 'public', 'auth', 'errors')),
  ...authScreens.map(([name, path]) => route(name, path, 'signed-out', 'auth', 'auth')),
  route('lock_screen', '/lock-screen', 'signed-in', 'auth', 'auth'),
  ...Object.entries(appScreens).flatMap(([module, entries]) =>
    entries.map(([name, path]) => route(name, path, 'signed-in', 'app', module as WebModule)),
  ),
];

function route(
  name: RouteName,
  path: string,
  access: RouteAccess,
  layout: RouteLayout,
  module: WebModule,
): WebRoute {
  return { name, path, access, layout, module, nav: navigationOf(name, path) };
}

/**
 * The installed buying-post app's own page (#29): the manifest's start page, served as a page of
 * its own (apps/web/device.html: the weighing device with no office router or menus), so the app
 * opens quickly on a phone with no network. The office's weighing screen stays at
 * `routePath('offline_weighing')`.
 */
export const BUYING_POST_PATH = '/buying-post';

const pathsByName = new Map<string, string>(WEB_ROUTES.map((r) => [r.name, r.path]));

/** The path of a named route with its `:params` filled in: `routePath('amcos_detils', {id})`. */
export function routePath(name: RouteName, params: Record<string, string> = {}): string {
  const pattern = pathsByName.get(name) ?? '/not-found';
  return pattern.replace(/:([a-zA-Z]+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
}
