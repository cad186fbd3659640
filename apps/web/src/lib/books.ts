import type { QueryClient } from '@tanstack/react-query';

/**
 * What every posting changes on screen: the journal (entries, their details), the financial
 * reports (trial balance, general ledger, budget vs actual, control accounts) and the bank
 * reconciliation (its book lines, the state of an entry recorded from a statement line). The
 * accounts hooks key their queries under these.
 */
export const bookKeys = {
  journal: ['journal-entries'] as const,
  reports: ['financial-reports'] as const,
  reconciliation: ['bank-reconciliation'] as const,
};

/**
 * Refreshes the journal and every financial report. Call it after any action that posts to the
 * books (approving a voucher or a settlement, issuing an invoice, a receipt, paying a batch...).
 */
export function invalidateBooks(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: bookKeys.journal });
  void client.invalidateQueries({ queryKey: bookKeys.reports });
  void client.invalidateQueries({ queryKey: bookKeys.reconciliation });
}
