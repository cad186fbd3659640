import { inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { budgets } from '../accounts/budgets/schema.ts';
import { journalEntries } from '../accounts/journal/schema.ts';
import { accounts } from '../accounts/schema.ts';
import { bankTransfers, paymentVouchers } from '../accounts/vouchers/schema.ts';
import { amcos } from '../amcos/schema.ts';
import { boqs } from '../boqs/schema.ts';
import { circulars } from '../circulars/schema.ts';
import { collections, deliveryNotes, lots } from '../crop-flow/schema.ts';
import { beneficiaries } from '../deductions/schema.ts';
import { farmers } from '../farmers/schema.ts';
import { financialYears } from '../financial-years/schema.ts';
import { inputDistributions } from '../inputs/distributions/schema.ts';
import { inputRequests } from '../inputs/requests/schema.ts';
import { grns } from '../inventory/grns/schema.ts';
import { stockIssues } from '../inventory/issues/schema.ts';
import { items } from '../inventory/items/schema.ts';
import { stores } from '../inventory/stores/schema.ts';
import { stockTransfers } from '../inventory/transfers/schema.ts';
import { purchaseInvoices } from '../purchase/invoices/schema.ts';
import { purchaseOrders } from '../purchase/orders/schema.ts';
import { supplierPayments } from '../purchase/payments/schema.ts';
import { suppliers } from '../purchase/suppliers/schema.ts';
import { roles } from '../roles/schema.ts';
import { auctions } from '../sales/auctions/schema.ts';
import { buyers } from '../sales/buyers/schema.ts';
import { groupInvoices, salesInvoices } from '../sales/invoices/schema.ts';
import { buyerReceipts } from '../sales/receipts/schema.ts';
import { releaseNotes } from '../sales/release-notes/schema.ts';
import { crops, grades, seasons } from '../seasons/schema.ts';
import { farmerLoans, paymentBatches, settlements } from '../settlement/schema.ts';
import { transporters, vehicles } from '../transporters/schema.ts';
import { users } from '../users/schema.ts';
import { warehouses } from '../warehouses/schema.ts';

type Labelled = { table: PgTable; id: PgColumn; label: SQL | PgColumn };

/**
 * How a record an audit trail names by id reads to a person: a user by name, a document by its
 * number, master data by its name (UUIDs are unique across tables, so the id alone finds it).
 */
const LABELLED: Labelled[] = [
  { table: users, id: users.id, label: sql`${users.firstName} || ' ' || ${users.lastName}` },
  { table: journalEntries, id: journalEntries.id, label: journalEntries.number },
  { table: paymentVouchers, id: paymentVouchers.id, label: paymentVouchers.number },
  { table: bankTransfers, id: bankTransfers.id, label: bankTransfers.number },
  { table: budgets, id: budgets.id, label: budgets.number },
  { table: accounts, id: accounts.id, label: sql`${accounts.code} || ' ' || ${accounts.name}` },
  { table: financialYears, id: financialYears.id, label: financialYears.name },
  { table: amcos, id: amcos.id, label: amcos.name },
  {
    table: farmers,
    id: farmers.id,
    label: sql`${farmers.farmerNo} || ' ' || ${farmers.firstName} || ' ' || ${farmers.lastName}`,
  },
  { table: collections, id: collections.id, label: collections.receiptNo },
  { table: deliveryNotes, id: deliveryNotes.id, label: deliveryNotes.dnNo },
  { table: lots, id: lots.id, label: lots.lotNo },
  { table: auctions, id: auctions.id, label: auctions.auctionNo },
  { table: buyers, id: buyers.id, label: buyers.name },
  { table: salesInvoices, id: salesInvoices.id, label: salesInvoices.invoiceNo },
  { table: groupInvoices, id: groupInvoices.id, label: groupInvoices.groupNo },
  { table: buyerReceipts, id: buyerReceipts.id, label: buyerReceipts.receiptNo },
  { table: releaseNotes, id: releaseNotes.id, label: releaseNotes.releaseNo },
  { table: settlements, id: settlements.id, label: settlements.settlementNo },
  { table: paymentBatches, id: paymentBatches.id, label: paymentBatches.batchNo },
  { table: farmerLoans, id: farmerLoans.id, label: farmerLoans.loanNo },
  { table: suppliers, id: suppliers.id, label: suppliers.name },
  { table: purchaseOrders, id: purchaseOrders.id, label: purchaseOrders.orderNo },
  { table: purchaseInvoices, id: purchaseInvoices.id, label: purchaseInvoices.invoiceNo },
  { table: supplierPayments, id: supplierPayments.id, label: supplierPayments.paymentNo },
  { table: stores, id: stores.id, label: stores.name },
  { table: items, id: items.id, label: sql`${items.code} || ' ' || ${items.name}` },
  { table: grns, id: grns.id, label: grns.grnNo },
  { table: stockIssues, id: stockIssues.id, label: stockIssues.issueNo },
  { table: stockTransfers, id: stockTransfers.id, label: stockTransfers.transferNo },
  { table: inputRequests, id: inputRequests.id, label: inputRequests.requestNo },
  { table: inputDistributions, id: inputDistributions.id, label: inputDistributions.distributionNo },
  { table: beneficiaries, id: beneficiaries.id, label: beneficiaries.name },
  { table: transporters, id: transporters.id, label: transporters.name },
  { table: vehicles, id: vehicles.id, label: vehicles.plateNo },
  { table: warehouses, id: warehouses.id, label: warehouses.name },
  { table: seasons, id: seasons.id, label: seasons.name },
  { table: crops, id: crops.id, label: crops.name },
  { table: grades, id: grades.id, label: sql`${grades.code} || ' ' || ${grades.name}` },
  { table: boqs, id: boqs.id, label: boqs.name },
  { table: circulars, id: circulars.id, label: circulars.title },
  { table: roles, id: roles.id, label: roles.name },
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id-shaped string in a JSON value (an audit row's before and after), at any depth. */
export function idsIn(value: unknown, into = new Set<string>()): Set<string> {
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value) idsIn(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) idsIn(v, into);
  }
  return into;
}

/** The labels of the records these ids name, in one statement; an id of no known record is left out. */
export async function labelsOfRecords(db: DbOrTx, ids: Set<string>): Promise<Map<string, string>> {
  if (ids.size === 0) return new Map();
  const wanted = [...ids];
  const [first, second, ...rest] = LABELLED.map(({ table, id, label }) =>
    db
      .select({ id: sql<string>`${id}::text`.as('id'), label: sql<string>`${label}`.as('label') })
      .from(table)
      .where(inArray(id, wanted)),
  );
  if (!first || !second) return new Map();
  const rows = await unionAll(first, second, ...rest);
  return new Map(rows.map((r) => [r.id, r.label]));
}
