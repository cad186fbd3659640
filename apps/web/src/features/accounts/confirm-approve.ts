import { confirmAction } from '../../components/ConfirmAction.ts';
import { i18n } from '../../lib/i18n.ts';

/** What is approved: each posts to the books or fixes a budget, and none can be undone by editing. */
export type ApproveKind = 'voucher' | 'bankTransfer' | 'budget' | 'budgetAdjustment';

const KEYS: Record<ApproveKind, { title: string; message: string }> = {
  voucher: { title: 'confirmations.approveVoucherTitle', message: 'confirmations.approveVoucher' },
  bankTransfer: { title: 'confirmations.approveTransferTitle', message: 'confirmations.approveTransfer' },
  budget: { title: 'confirmations.approveBudgetTitle', message: 'confirmations.approveBudget' },
  budgetAdjustment: {
    title: 'confirmations.approveAdjustmentTitle',
    message: 'confirmations.approveAdjustment',
  },
};

/** Keys built from the kind, so they are checked by the locale test rather than by type. */
const t = i18n.t.bind(i18n) as unknown as (key: string, options?: Record<string, string>) => string;

/**
 * Asks before approving (issue #20), as journal approval does: the shared confirm dialog with the
 * record's amount, Cancel focused first; `approve` runs only when the user confirms.
 */
export function confirmApprove(
  kind: ApproveKind,
  record: { number: string; amount: string },
  approve: () => void,
): void {
  const keys = KEYS[kind];
  confirmAction({
    title: t(keys.title),
    message: t(keys.message, { number: record.number }),
    amount: record.amount,
    confirmLabel: t('acc.approve'),
    danger: false,
    onConfirm: approve,
  });
}

export const APPROVE_KEYS = KEYS;
