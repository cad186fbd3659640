import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { ProposalDetails } from '../../../components/ProposalDetails.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { secondPayments } from './hooks.ts';
import { SecondPaymentFiguresView } from './SecondPaymentFiguresView.tsx';

/** /members/second-payments/:id/details: the figures, each farmer's line, approve or reject (#32). */
export default function SecondPaymentDetailsRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <SecondPaymentDetailsPage />
    </RequirePermission>
  );
}

function SecondPaymentDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const found = secondPayments.useOne(id);
  const action = useRecordAction('members/second-payments', 'second-payments', 'second_payment');
  const p = found.data;
  if (!p) return <RecordUnavailable error={found.error} />;
  const approve = () =>
    confirmAction({
      title: t('secondPayments.confirmApproveTitle'),
      message: t('secondPayments.confirmApprove', {
        no: p.paymentNo,
        total: formatMoney(p.total),
        farmers: p.lineCount,
      }),
      confirmLabel: t('secondPayments.approve'),
      danger: false,
      onConfirm: () =>
        action.mutate(
          { id: p.id, action: 'approve' },
          {
            onSuccess: (r) => toastSuccess(r.message),
            onError: (err: Error) => toastError(err.message),
          },
        ),
    });
  return (
    <ProposalDetails
      proposal={p}
      no={p.paymentNo}
      title={`${p.paymentNo} · ${p.seasonName} · ${p.cropName}`}
      texts="secondPayments"
      listPath="/members/second-payments"
      entity="second_payment"
      testName="second-payment"
      action={action}
      onApprove={approve}
      approving={action.isPending}
    >
      <SecondPaymentFiguresView figures={p} />
    </ProposalDetails>
  );
}
