import { useMutation } from '@tanstack/react-query';
import type { CreateStockIssueBody, StockIssue, StockIssueDetail } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { resource } from '../../../lib/resource.ts';
import { useInvalidateStock } from '../ledgers/hooks.ts';

/** Stock issues: `/api/inventory/issues`. */
export const stockIssues = resource<StockIssue & Partial<StockIssueDetail>>('inventory/issues', {
  key: 'inventory-issues',
  audit: 'stock_issue',
  exportName: 'stock-issues',
});

type Saved = { message: string; data: StockIssueDetail };

export function useCreateIssue(onSaved: (issue: StockIssueDetail) => void, onError: (e: unknown) => void) {
  const invalidateStock = useInvalidateStock();
  return useMutation({
    mutationFn: (body: CreateStockIssueBody) => api.post<Saved>('inventory/issues', body, { silent: true }),
    onSuccess: (reply) => {
      invalidateStock();
      toastSuccess(reply.message);
      onSaved(reply.data);
    },
    onError,
  });
}
