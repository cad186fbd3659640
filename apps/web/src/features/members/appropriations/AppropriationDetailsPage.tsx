import { Button } from '@mantine/core';
import { approveAppropriationBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDateTime, todayIso } from '../../../lib/format.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AppropriationFiguresView } from './AppropriationFiguresView.tsx';
import { appropriations } from './hooks.ts';

type Action = ReturnType<typeof useRecordAction>;

/** The AGM's date, then a confirmation, then the approval (posted on that date). */
function ApproveForm({
  id,
  no,
  action,
  onClose,
}: {
  id: string;
  no: string;
  action: Action;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const form = useForm({ date: todayIso() });
  const submit = form.onSubmit(() => {
    const body = form.validate(approveAppropriationBody, form.values);
    if (!body) return;
    confirmAction({
      title: t('appropriations.confirmApproveTitle'),
      message: t('appropriations.confirmApprove', { no, date: formatDate(form.values.date) }),
      confirmLabel: t('appropriations.approve'),
      danger: false,
      onConfirm: () => action.mutate({ id, action: 'approve', body }, form.saved(onClose)),
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('appropriations.approveTitle')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('appropriations.approve')}
      submitting={action.isPending}
      size="md"
      testId="appropriation-approve-form"
    >
      <DateField
        label={t('appropriations.agmDate')}
        description={t('appropriations.agmDateHint')}
        required
        {...form.text('date')}
      />
    </FormModal>
  );
}

/** /members/appropriations/:id/details: the figures, each AMCOS's line, approve or reject (#32). */
export default function AppropriationDetailsRoute() {
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <AppropriationDetailsPage />
    </RequirePermission>
  );
}

function AppropriationDetailsPage() {
  const { t } = useTranslation();
  const id = useParams().id ?? '';
  const found = appropriations.useOne(id);
  const { user } = useSession();
  const canDecide = useCan('accounts.journal.approve', 'union');
  const action = useRecordAction('members/appropriations', 'appropriations', 'appropriation');
  const [deciding, setDeciding] = useState<'approve' | 'reject' | null>(null);
  const a = found.data;
  if (!a) return <RecordUnavailable error={found.error} />;
  const mayDecide = a.status === 'proposed' && canDecide && a.proposedById !== user?.id;
  return (
    <DetailsLayout
      title={`${a.appropriationNo} · ${a.yearName}`}
      breadcrumbs={[
        { label: t('appropriations.title'), to: '/members/appropriations' },
        { label: a.appropriationNo },
      ]}
      status={a.status}
      history={{ entity: 'appropriation', id: a.id }}
      actions={
        mayDecide && (
          <>
            <Button onClick={() => setDeciding('approve')} data-testid="approve-appropriation">
              {t('appropriations.approve')}
            </Button>
            <Button
              color="red"
              variant="light"
              onClick={() => setDeciding('reject')}
              data-testid="reject-appropriation"
            >
              {t('appropriations.reject')}
            </Button>
          </>
        )
      }
    >
      <Section>
        <InfoGrid
          cols={{ base: 1, sm: 3, md: 4 }}
          items={[
            [t('appropriations.proposedBy'), a.proposedBy],
            [t('appropriations.proposedAt'), formatDateTime(a.proposedAt)],
            ...(a.approvedBy
              ? ([
                  [t('appropriations.approvedBy'), a.approvedBy],
                  [t('appropriations.approvedAt'), formatDateTime(a.approvedAt)],
                  [t('appropriations.paymentBatch'), a.paymentBatchNo],
                ] as [string, string | null][])
              : []),
            ...(a.rejectedBy
              ? ([
                  [t('appropriations.rejectedBy'), a.rejectedBy],
                  [t('appropriations.rejectReason'), a.rejectReason],
                ] as [string, string | null][])
              : []),
          ]}
        />
      </Section>
      <AppropriationFiguresView figures={a} />
      {deciding === 'approve' && (
        <ApproveForm id={a.id} no={a.appropriationNo} action={action} onClose={() => setDeciding(null)} />
      )}
      {deciding === 'reject' && (
        <ReasonModal
          title={t('appropriations.rejectTitle')}
          reasonLabel={t('appropriations.rejectReason')}
          reasonRequired={t('appropriations.rejectRequired')}
          submitLabel={t('appropriations.reject')}
          confirmTitle={t('appropriations.confirmRejectTitle')}
          confirmMessage={t('appropriations.confirmReject', { no: a.appropriationNo })}
          mutation={{
            mutate: (reason, callbacks) =>
              action.mutate({ id: a.id, action: 'reject', body: { reason } }, callbacks),
            isPending: action.isPending,
          }}
          onClose={() => setDeciding(null)}
          testId="appropriation-reject-form"
        />
      )}
    </DetailsLayout>
  );
}
