import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FarmerLoan, LoanBankAccount } from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { invalidateBooks } from '../../../lib/books.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';

/** Query keys of what a loan's approval changes besides the books: the loans and their history. */
const AFFECTED = ['farmer-loans', 'history'];

/** Bank and cash accounts of both books an advance can be paid from. */
export function useLoanBankAccounts(enabled = true) {
  return useQuery({
    queryKey: ['farmer-loans', 'bank-accounts'],
    queryFn: ({ signal }) =>
      api.get<{ data: LoanBankAccount[] }>('payments/loans/bank-accounts', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

type LoanReply = { message: string; data: FarmerLoan; warning?: string };

function useLoanAction<In>(call: (input: In) => Promise<LoanReply>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (reply) => {
      toastSuccess(reply.message);
      // Approved although the paying account's book balance did not cover it (#37).
      if (reply.warning) toastError(i18n.t('bankCover.approvedBelowZero'));
      for (const key of AFFECTED) void client.invalidateQueries({ queryKey: [key] });
      invalidateBooks(client);
    },
  });
}

export const useApproveLoan = (id: string) =>
  useLoanAction(() => api.patch<LoanReply>(`payments/loans/${id}/approve`));
export const useCancelLoan = (id: string) =>
  useLoanAction((reason: string) =>
    api.patch<{ message: string; data: FarmerLoan }>(`payments/loans/${id}/cancel`, { reason }),
  );
