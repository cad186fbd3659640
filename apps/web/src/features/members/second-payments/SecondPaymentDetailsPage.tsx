import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDateTime, formatMoney } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
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
  const { user } = useSession();
  const canDecide = useCan('accounts.journal.approve', 'union');
  const action = useRecordAction('members/second-payments', 'second-payments', 'second_payment');
  const [rejecting, setRejecting] = useState(false);
  const p = found.data;
  if (!p) return <RecordUnavailable error={found.error} />;
  const mayDecide = p.status === 'proposed' && canDecide && p.proposedById !== user?.id;
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
    <DetailsLayout
      title={`${p.paymentNo} · ${p.seasonName} · ${p.cropName}`}
      breadcrumbs={[
        { label: t('secondPayments.title'), to: '/members/second-payments' },
        { label: p.paymentNo },
      ]}
      status={p.status}
      history={{ entity: 'second_payment', id: p.id }}
      actions={
        mayDecide && (
          <>
            <Button onClick={approve} loading={action.isPending} data-testid="approve-second-payment">
              {t('secondPayments.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setRejecting(true)}
              data-testid="reject-second-payment"
            >
              {t('secondPayments.reject')}
            </Button>
          </>
        )
      }
    >
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 4 }}
          items={[
            [t('secondPayments.proposedBy'), p.proposedBy],
            [t('secondPayments.proposedAt'), formatDateTime(p.proposedAt)],
            ...(p.approvedBy
              ? ([
                  [t('secondPayments.approvedBy'), p.approvedBy],
                  [t('secondPayments.approvedAt'), formatDateTime(p.approvedAt)],
                  [t('secondPayments.paymentBatch'), p.paymentBatchNo],
                ] as [string, string | null][])
              : []),
            ...(p.rejectedBy
              ? ([
                  [t('secondPayments.rejectedBy'), p.rejectedBy],
                  [t('secondPayments.rejectReason'), p.rejectReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
      </Section>
      <SecondPaymentFiguresView figures={p} />
      {rejecting && (
        <ReasonModal
          title={t('secondPayments.rejectTitle')}
          reasonLabel={t('secondPayments.rejectReason')}
          reasonRequired={t('secondPayments.rejectRequired')}
          submitLabel={t('secondPayments.reject')}
          confirmTitle={t('secondPayments.confirmRejectTitle')}
          confirmMessage={t('secondPayments.confirmReject', { no: p.paymentNo })}
          mutation={{
            mutate: (reason, callbacks) =>
              action.mutate({ id: p.id, action: 'reject', body: { reason } }, callbacks),
            isPending: action.isPending,
          }}
          onClose={() => setRejecting(false)}
          testId="second-payment-reject-form"
        />
      )}
    </DetailsLayout>
  );
}
