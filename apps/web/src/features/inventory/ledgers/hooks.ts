import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QuantityByStoreReply, StockMovement, StoreLedgerReply } from '@ushirika/contracts';
import { api, type Query } from '../../../lib/api.ts';
import { resource } from '../../../lib/resource.ts';

/** The stock ledger: `/api/inventory/ledgers` (movements newest first). */
export const stockLedger = resource<StockMovement>('inventory/ledgers', {
  key: 'inventory-ledger',
  exportName: 'stock-ledger',
});

export const inventoryReportKeys = {
  all: ['inventory-reports'] as const,
  report: (name: string, query: Query) => ['inventory-reports', name, query] as const,
};

/** The inventory reports under `/api/reports/inventory/<name>` and the replies they give. */
export type InventoryReports = {
  'quantity-by-store': QuantityByStoreReply;
  'store-ledger': StoreLedgerReply;
};

export function useInventoryReport<N extends keyof InventoryReports>(name: N, query: Query) {
  return useQuery({
    queryKey: inventoryReportKeys.report(name, query),
    queryFn: ({ signal }) => api.get<InventoryReports[N]>(`reports/inventory/${name}`, query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * After any stock movement: the stores' stock, the ledger, the reports and the item totals change
 * with it. Every document mutation calls this.
 */
export function useInvalidateStock() {
  const client = useQueryClient();
  return () => {
    for (const key of [
      ['inventory-stock'],
      ['inventory-ledger'],
      ['inventory-reports'],
      ['inventory-items'],
      ['inventory-stores'],
      ['inventory-grns'],
      ['inventory-issues'],
      ['inventory-transfers'],
      // A GRN against an order changes the order's received quantities and status.
      ['purchase-orders'],
    ]) {
      void client.invalidateQueries({ queryKey: key });
    }
  };
}
