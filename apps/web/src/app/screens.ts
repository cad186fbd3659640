import type { RouteLayout, RouteName } from '@ushirika/contracts';
import type { ComponentType } from 'react';

type ScreenModule = { default: ComponentType };
export type ScreenLoader = () => Promise<ScreenModule>;

/** The two shells a screen is drawn in (the route table's `layout`), each fetched on demand. */
export const LAYOUTS: Record<RouteLayout, ScreenLoader> = {
  app: () => import('./layouts/AppLayout.tsx'),
  auth: () => import('./layouts/AuthLayout.tsx'),
};

const errorScreen: ScreenLoader = () => import('../features/errors/ErrorScreen.tsx');
const dashboard: ScreenLoader = () => import('../features/dashboard/DashboardPage.tsx');

/**
 * Screens that exist, each fetched on demand. Every other route in the table shows the shared
 * "not available yet" page until its module is built.
 */
export const SCREENS: Partial<Record<RouteName, ScreenLoader>> = {
  // Farmer inputs (#14)
  input_prices: () => import('../features/inputs/prices/InputPricesPage.tsx'),
  farmer_requests: () => import('../features/inputs/requests/RequestsPage.tsx'),
  farmer_request_create: () => import('../features/inputs/requests/RequestCreatePage.tsx'),
  farmer_request_details: () => import('../features/inputs/requests/RequestDetailsPage.tsx'),
  distributions: () => import('../features/inputs/distributions/DistributionsPage.tsx'),
  distribution_create: () => import('../features/inputs/distributions/DistributionCreatePage.tsx'),
  distribution_details: () => import('../features/inputs/distributions/DistributionDetailsPage.tsx'),
  distributions_report: () => import('../features/inputs/distributions/DistributionsReportPage.tsx'),
  document_terms: () => import('../features/document-texts/DocumentTermsPage.tsx'),
  // Members and their money (#32)
  members_union: () => import('../features/members/register/UnionMembersPage.tsx'),
  members_society: () => import('../features/members/register/SocietyMembersPage.tsx'),
  member_details: () => import('../features/members/register/MemberDetailsPage.tsx'),
  appropriations: () => import('../features/members/appropriations/AppropriationsPage.tsx'),
  appropriation_details: () => import('../features/members/appropriations/AppropriationDetailsPage.tsx'),
  second_payments: () => import('../features/members/second-payments/SecondPaymentsPage.tsx'),
  second_payment_details: () => import('../features/members/second-payments/SecondPaymentDetailsPage.tsx'),
  // What waits for the user (#27)
  inbox: () => import('../features/inbox/InboxPage.tsx'),
  // Circulars (#18)
  circulars: () => import('../features/circulars/CircularsPage.tsx'),
  circular_create: () => import('../features/circulars/CircularCreatePage.tsx'),
  circular_details: () => import('../features/circulars/CircularDetailsPage.tsx'),
  technical_issue: errorScreen,
  not_found: errorScreen,
  no_internet: errorScreen,
  server_not_available: errorScreen,
  login: () => import('../features/auth/LoginPage.tsx'),
  verify_otp: () => import('../features/auth/VerifyOtpPage.tsx'),
  forgot_password: () => import('../features/auth/ForgotPasswordPage.tsx'),
  recover_password: () => import('../features/auth/RecoverPasswordPage.tsx'),
  change_password: () => import('../features/auth/ChangePasswordPage.tsx'),
  lock_screen: () => import('../features/auth/LockScreenPage.tsx'),
  profile: () => import('../features/auth/ProfilePage.tsx'),
  dashboard,
  home: dashboard,
  users: () => import('../features/users/UsersPage.tsx'),
  user_assignments: () => import('../features/roles/RoleAssignmentsPage.tsx'),
  union: () => import('../features/cooperative/UnionPage.tsx'),
  banks: () => import('../features/cooperative/BanksPage.tsx'),
  amcos: () => import('../features/amcos/AmcosListPage.tsx'),
  collection_amcos: () => import('../features/amcos/AmcosListPage.tsx'),
  amcos_detils: () => import('./amcos-details-screen.tsx'),
  farmers: () => import('../features/farmers/FarmersPage.tsx'),
  collection_farmers: () => import('../features/farmers/FarmersPage.tsx'),
  farmer_details: () => import('../features/farmers/FarmerDetailsPage.tsx'),
  collection_farmer_details: () => import('../features/farmers/FarmerDetailsPage.tsx'),
  farmer_coordinates: () => import('../features/farmers/FarmerCoordinatesPage.tsx'),
  receips: () => import('../features/crop-flow/collections/ReceiptsPage.tsx'),
  receip_details: () => import('../features/crop-flow/collections/ReceiptDetailsPage.tsx'),
  crop_collections: () => import('../features/crop-flow/collections/CropCollectionsPage.tsx'),
  offline_weighing: () => import('../features/crop-flow/devices/OfflineWeighingPage.tsx'),
  weighing_devices: () => import('../features/crop-flow/devices/DevicesPage.tsx'),
  offline_receipts: () => import('../features/crop-flow/devices/OfflineReceiptsPage.tsx'),
  weighing_limits: () => import('../features/crop-flow/devices/WeighingLimitsPage.tsx'),
  'crop-DNs': () => import('../features/crop-flow/delivery-notes/DeliveryNotesPage.tsx'),
  crop_dn_create: () => import('../features/crop-flow/delivery-notes/DeliveryNoteCreatePage.tsx'),
  crop_dn_details: () => import('../features/crop-flow/delivery-notes/DeliveryNoteDetailsPage.tsx'),
  auction_warehouse: () => import('../features/crop-flow/lots/AuctionWarehousePage.tsx'),
  season_and_crops: () => import('../features/seasons/SeasonsPage.tsx'),
  season_and_crop_details: () => import('../features/seasons/SeasonDetailsPage.tsx'),
  season_crops: () => import('../features/seasons/SeasonCropsPage.tsx'),
  beneficiaries: () => import('../features/deductions/BeneficiariesPage.tsx'),
  beneficiary_detils: () => import('../features/deductions/BeneficiaryDetailsPage.tsx'),
  deductions: () => import('../features/deductions/DeductionsPage.tsx'),
  transporters: () => import('../features/transporters/TransportersPage.tsx'),
  boqs: () => import('../features/boqs/BoqsPage.tsx'),
  boq_create: () => import('../features/boqs/BoqCreatePage.tsx'),
  boq_details: () => import('../features/boqs/BoqDetailsPage.tsx'),
  financial_years: () => import('../features/financial-years/FinancialYearsPage.tsx'),
  classes: () =>
    import('../features/accounts/chart/SetupPages.tsx').then((m) => ({ default: m.ClassesRoute })),
  currencies: () =>
    import('../features/accounts/currencies/CurrenciesPages.tsx').then((m) => ({
      default: m.CurrenciesRoute,
    })),
  exchange_rates: () =>
    import('../features/accounts/currencies/CurrenciesPages.tsx').then((m) => ({ default: m.RatesRoute })),
  account_groups: () =>
    import('../features/accounts/chart/SetupPages.tsx').then((m) => ({ default: m.GroupsRoute })),
  accounts: () =>
    import('../features/accounts/chart/AccountsPage.tsx').then((m) => ({ default: m.AccountsRoute })),
  collection: () =>
    import('../features/accounts/chart/AccountsPage.tsx').then((m) => ({
      default: m.CollectionAccountsRoute,
    })),
  operation: () =>
    import('../features/accounts/chart/AccountsPage.tsx').then((m) => ({
      default: m.OperationAccountsRoute,
    })),
  journal_entries: () => import('../features/accounts/journal/JournalEntriesPage.tsx'),
  payments_and_receipts: () =>
    import('../features/accounts/vouchers/VouchersPage.tsx').then((m) => ({ default: m.VouchersRoute })),
  bank_reconciliation: () =>
    import('../features/accounts/reconciliations/ReconciliationPage.tsx').then((m) => ({
      default: m.ReconciliationRoute,
    })),
  bank_transfers: () =>
    import('../features/accounts/vouchers/TransfersPage.tsx').then((m) => ({ default: m.TransfersRoute })),
  budget: () =>
    import('../features/accounts/budgets/BudgetsPages.tsx').then((m) => ({ default: m.BudgetsRoute })),
  budget_add: () =>
    import('../features/accounts/budgets/BudgetsPages.tsx').then((m) => ({ default: m.BudgetAddRoute })),
  budget_details: () =>
    import('../features/accounts/budgets/BudgetDetailsPage.tsx').then((m) => ({
      default: m.BudgetDetailsRoute,
    })),
  trial_balance: () =>
    import('../features/accounts/reports/ReportsPages.tsx').then((m) => ({ default: m.TrialBalanceRoute })),
  general_ledger: () =>
    import('../features/accounts/reports/ReportsPages.tsx').then((m) => ({ default: m.GeneralLedgerRoute })),
  control_accounts: () => import('../features/accounts/reports/ControlAccountsPage.tsx'),
  go_live: () => import('../features/accounts/opening/GoLivePage.tsx'),
  financial_position: () =>
    import('../features/accounts/statements/StatementPages.tsx').then((m) => ({
      default: m.FinancialPositionRoute,
    })),
  income_and_expenditure: () =>
    import('../features/accounts/statements/StatementPages.tsx').then((m) => ({
      default: m.IncomeAndExpenditureRoute,
    })),
  cash_flows: () =>
    import('../features/accounts/statements/StatementPages.tsx').then((m) => ({ default: m.CashFlowsRoute })),
  changes_in_funds: () => import('../features/accounts/statements/ChangesInFundsPage.tsx'),
  audit_pack: () => import('../features/accounts/statements/AuditPackPage.tsx'),
  statement_lines: () => import('../features/accounts/statements/StatementLinesPage.tsx'),
  auctions: () => import('../features/sales/auctions/AuctionsPage.tsx'),
  auction_details: () => import('../features/sales/auctions/AuctionDetailsPage.tsx'),
  auction_price: () =>
    import('../features/sales/auctions/AuctionReportsPages.tsx').then((m) => ({
      default: m.AuctionPriceRoute,
    })),
  auction_details_report: () =>
    import('../features/sales/auctions/AuctionReportsPages.tsx').then((m) => ({
      default: m.AuctionDetailsReportRoute,
    })),
  buyer_auction_details: () =>
    import('../features/sales/auctions/AuctionReportsPages.tsx').then((m) => ({
      default: m.BuyerAuctionRoute,
    })),
  warehouse_auction_details: () =>
    import('../features/sales/auctions/AuctionReportsPages.tsx').then((m) => ({
      default: m.WarehouseAuctionRoute,
    })),
  // Settlement and payments (issue 7)
  whr_payments: () => import('../features/settlement/runs/SettlementsPage.tsx'),
  whr_payment_details: () => import('../features/settlement/runs/SettlementDetailsPage.tsx'),
  farmer_payments: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({
      default: m.FarmerPaymentsRoute,
    })),
  amcos_payments: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({
      default: m.AmcosPaymentsRoute,
    })),
  amcos_payment_details: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({ default: m.BatchDetailsRoute })),
  beneficiary_payments: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({
      default: m.BeneficiaryPaymentsRoute,
    })),
  beneficiary_payment_details: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({ default: m.BatchDetailsRoute })),
  transporter_payments: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({
      default: m.TransporterPaymentsRoute,
    })),
  transporter_payment_create: () =>
    import('../features/settlement/payments/NewPaymentBatchPage.tsx').then((m) => ({
      default: m.NewTransporterPaymentRoute,
    })),
  transporter_payment_details: () =>
    import('../features/settlement/payments/BatchesPage.tsx').then((m) => ({ default: m.BatchDetailsRoute })),
  loans: () => import('../features/settlement/loans/LoansPage.tsx'),
  payments_amcos: () =>
    import('../features/settlement/payments/PaymentLinesPage.tsx').then((m) => ({
      default: m.PaymentsAmcosRoute,
    })),
  payments_farmers: () =>
    import('../features/settlement/payments/PaymentLinesPage.tsx').then((m) => ({
      default: m.PaymentsFarmersRoute,
    })),
  farmer_payments_summary: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.FarmerPaymentsSummaryRoute,
    })),
  amcos_auction_details: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.AmcosAuctionDetailsRoute,
    })),
  beneficiaries_auction_details: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.BeneficiariesAuctionDetailsRoute,
    })),
  district_auction_details: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.DistrictAuctionDetailsRoute,
    })),
  council_auction_details: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.CouncilAuctionDetailsRoute,
    })),
  auction_amcos: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.AmcosAuctionDetailsRoute,
    })),
  auction_deduction: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.BeneficiariesAuctionDetailsRoute,
    })),
  auction_farmers: () =>
    import('../features/settlement/reports/ReportsPages.tsx').then((m) => ({
      default: m.FarmerPaymentsSummaryRoute,
    })),
  // Sales, the buyer half (issue 6).
  buyers: () => import('../features/sales/buyers/BuyersPage.tsx'),
  buyer_details: () => import('../features/sales/buyers/BuyerDetailsPage.tsx'),
  sales_invoices: () =>
    import('../features/sales/invoices/InvoicesPages.tsx').then((m) => ({ default: m.InvoicesRoute })),
  sales_invoice_create: () =>
    import('../features/sales/invoices/InvoicesPages.tsx').then((m) => ({ default: m.InvoiceCreateRoute })),
  sales_invoice_details: () =>
    import('../features/sales/invoices/InvoicesPages.tsx').then((m) => ({ default: m.InvoiceDetailsRoute })),
  group_invoices: () =>
    import('../features/sales/invoices/GroupInvoicesPages.tsx').then((m) => ({
      default: m.GroupInvoicesRoute,
    })),
  group_invoice_create: () =>
    import('../features/sales/invoices/GroupInvoicesPages.tsx').then((m) => ({
      default: m.GroupInvoiceCreateRoute,
    })),
  group_invoice_details: () =>
    import('../features/sales/invoices/GroupInvoicesPages.tsx').then((m) => ({
      default: m.GroupInvoiceDetailsRoute,
    })),
  sales_receipts: () =>
    import('../features/sales/receipts/ReceiptsPages.tsx').then((m) => ({ default: m.ReceiptsRoute })),
  sales_receipt_details: () =>
    import('../features/sales/receipts/ReceiptsPages.tsx').then((m) => ({ default: m.ReceiptDetailsRoute })),
  release_notes: () => import('../features/sales/release-notes/ReleaseNotesPage.tsx'),
  buyer_aged_summary: () => import('../features/sales/reports/BuyerAgedPage.tsx'),
  buyer_aged_details: () => import('../features/sales/reports/BuyerAgedPage.tsx'),
  // Purchasing (issue 13).
  suppliers: () => import('../features/purchase/suppliers/SuppliersPage.tsx'),
  purchase_orders: () => import('../features/purchase/orders/OrdersPage.tsx'),
  purchase_order_create: () => import('../features/purchase/orders/OrderCreatePage.tsx'),
  purchase_order_details: () => import('../features/purchase/orders/OrderDetailsPage.tsx'),
  purchase_invoices: () => import('../features/purchase/invoices/InvoicesPage.tsx'),
  purchase_invoice_create: () => import('../features/purchase/invoices/InvoiceCreatePage.tsx'),
  purchase_invoice_details: () => import('../features/purchase/invoices/InvoiceDetailsPage.tsx'),
  purchase_payments: () => import('../features/purchase/payments/PaymentsPage.tsx'),
  purchase_payment_create: () => import('../features/purchase/payments/PaymentCreatePage.tsx'),
  purchase_payment_details: () => import('../features/purchase/payments/PaymentDetailsPage.tsx'),
  supplier_aged: () => import('../features/purchase/payments/SupplierAgedPage.tsx'),
  // Stores (issue 13).
  store_items: () => import('../features/inventory/items/StoreItemsPage.tsx'),
  item_services: () => import('../features/inventory/items/ItemServicesPage.tsx'),
  categories: () => import('../features/inventory/items/CategoriesPage.tsx'),
  stores: () => import('../features/inventory/stores/StoresPage.tsx'),
  grns: () => import('../features/inventory/grns/GrnsPage.tsx'),
  grn_create: () => import('../features/inventory/grns/GrnCreatePage.tsx'),
  grn2_create: () => import('../features/inventory/grns/DirectGrnCreatePage.tsx'),
  grn_details: () => import('../features/inventory/grns/GrnDetailsPage.tsx'),
  issues: () => import('../features/inventory/issues/IssuesPage.tsx'),
  issue_create: () => import('../features/inventory/issues/IssueCreatePage.tsx'),
  issue_details: () => import('../features/inventory/issues/IssueDetailsPage.tsx'),
  transfers: () => import('../features/inventory/transfers/TransfersPage.tsx'),
  transfer_details: () => import('../features/inventory/transfers/TransferDetailsPage.tsx'),
  transfer_to_amcos: () =>
    import('../features/inventory/transfers/TransferCreatePage.tsx').then((m) => ({
      default: m.ToAmcosRoute,
    })),
  transfer_from_amcos: () =>
    import('../features/inventory/transfers/TransferCreatePage.tsx').then((m) => ({
      default: m.FromAmcosRoute,
    })),
  transfer_to_store: () =>
    import('../features/inventory/transfers/TransferCreatePage.tsx').then((m) => ({
      default: m.ToStoreRoute,
    })),
  ledgers: () => import('../features/inventory/ledgers/StockLedgerPage.tsx'),
  quantity_by_store: () =>
    import('../features/inventory/ledgers/QuantityByStorePage.tsx').then((m) => ({
      default: m.QuantityByStoreRoute,
    })),
  quantity_by_store_amcos: () =>
    import('../features/inventory/ledgers/QuantityByStorePage.tsx').then((m) => ({
      default: m.QuantityByStoreAmcosRoute,
    })),
  store_ledger: () =>
    import('../features/inventory/ledgers/StoreLedgerReportPage.tsx').then((m) => ({
      default: m.StoreLedgersRoute,
    })),
  amcos_store_ledger: () =>
    import('../features/inventory/ledgers/StoreLedgerReportPage.tsx').then((m) => ({
      default: m.AmcosStoreLedgerRoute,
    })),
  union_store_ledger: () =>
    import('../features/inventory/ledgers/StoreLedgerReportPage.tsx').then((m) => ({
      default: m.UnionStoreLedgerRoute,
    })),
};

export const notAvailableScreen: ScreenLoader = () => import('../components/NotAvailablePage.tsx');
