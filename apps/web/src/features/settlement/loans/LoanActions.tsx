import { Button, Group, Stack } from '@mantine/core';
import type { FarmerLoan } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { BankCoverNote } from '../../accounts/journal/BankCoverNote.tsx';
import { useApproveLoan, useCancelLoan } from './hooks.ts';

/** Approve (another person than who entered it, after a confirmation) or cancel a draft advance. */
export function LoanActions({ loan }: { loan: FarmerLoan }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canApprove = useCan('payments.settlement.approve', 'union');
  const canCancel = useCan('payments.settlement.create', 'union');
  const approve = useApproveLoan(loan.id);
  const cancel = useCancelLoan(loan.id);
  const [cancelling, setCancelling] = useState(false);
  if (loan.status !== 'draft') return null;
  const mine = loan.createdBy === user?.id;
  return (
    <Group gap="xs" wrap="nowrap">
      {canApprove && !mine && (
        <Button
          size="compact-sm"
          loading={approve.isPending}
          data-testid={`loan-approve-${loan.loanNo}`}
          onClick={() =>
            confirmAction({
              title: t('twoBooks.approveLoan'),
              message: (
                <Stack gap="xs">
                  <div>
                    {t('twoBooks.approveLoanHint', {
                      amount: formatMoney(loan.amount),
                      farmer: loan.farmerName,
                      account: loan.bankAccountName ?? '',
                    })}
                  </div>
                  {loan.bankAccountId && <BankCoverNote path={`payments/loans/${loan.id}/bank-cover`} />}
                </Stack>
              ),
              confirmLabel: t('pay.approve'),
              danger: false,
              onConfirm: () => approve.mutate(undefined),
            })
          }
        >
          {t('pay.approve')}
        </Button>
      )}
      {canCancel && (
        <Button
          size="compact-sm"
          variant="default"
          color="red"
          onClick={() => setCancelling(true)}
          data-testid={`loan-cancel-${loan.loanNo}`}
        >
          {t('common.cancel')}
        </Button>
      )}
      {cancelling && (
        <ReasonModal
          title={t('twoBooks.cancelLoan')}
          reasonLabel={t('pay.reason')}
          reasonRequired={t('twoBooks.reasonRequired')}
          submitLabel={t('twoBooks.cancelLoan')}
          confirmTitle={t('twoBooks.cancelLoan')}
          confirmMessage={t('twoBooks.cancelLoanHint', { loanNo: loan.loanNo })}
          mutation={cancel}
          onClose={() => setCancelling(false)}
          testId="loan-cancel-form"
        />
      )}
    </Group>
  );
}
