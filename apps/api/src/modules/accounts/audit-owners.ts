import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { financialYears } from '../financial-years/schema.ts';
import { budgetAdjustments, budgets } from './budgets/schema.ts';
import { journalEntries } from './journal/schema.ts';
import { openingImports } from './opening/schema.ts';
import { accountGroups, accounts, currencies, exchangeRates } from './schema.ts';
import { STATEMENT_MAPPING_ENTITY_ID } from './statements/save-statement-mapping.ts';
import { bankTransfers, paymentVouchers } from './vouchers/schema.ts';

type Owner = (db: DbOrTx, id: string) => Promise<'union' | undefined>;

const unionOwned =
  (table: PgTable, idColumn: PgColumn): Owner =>
  async (db, id) =>
    (await db.select({ id: idColumn }).from(table).where(eq(idColumn, id)))[0] ? 'union' : undefined;

/** Accounting records are union records: their history is for union staff only. */
export const accountingAuditOwners: Record<string, Owner> = {
  financial_year: unionOwned(financialYears, financialYears.id),
  account: unionOwned(accounts, accounts.id),
  account_group: unionOwned(accountGroups, accountGroups.id),
  currency: unionOwned(currencies, currencies.id),
  exchange_rate: unionOwned(exchangeRates, exchangeRates.id),
  journal_entry: unionOwned(journalEntries, journalEntries.id),
  payment_or_receipt: unionOwned(paymentVouchers, paymentVouchers.id),
  bank_transfer: unionOwned(bankTransfers, bankTransfers.id),
  budget: unionOwned(budgets, budgets.id),
  budget_adjustment: unionOwned(budgetAdjustments, budgetAdjustments.id),
  // Going live (#36): each book's go-live (by the book's name) and its opening imports.
  book_opening: async (_db, id) => (id === 'collection' || id === 'operation' ? 'union' : undefined),
  opening_import: unionOwned(openingImports, openingImports.id),
  // One mapping for the whole union (#28): its history under one fixed id.
  statement_mapping: async (_db, id) => (id === STATEMENT_MAPPING_ENTITY_ID ? 'union' : undefined),
};
