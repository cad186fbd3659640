import { approveAppropriationBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { ProposalDetails } from '../../../components/ProposalDetails.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate } from '../../../lib/format.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
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
  const form = useForm({ date: todayInTanzania() });
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
  const id = useParams().id ?? '';
  const found = appropriations.useOne(id);
  const action = useRecordAction('members/appropriations', 'appropriations', 'appropriation');
  const [approving, setApproving] = useState(false);
  const a = found.data;
  if (!a) return <RecordUnavailable error={found.error} />;
  return (
    <ProposalDetails
      proposal={a}
      no={a.appropriationNo}
      title={`${a.appropriationNo} · ${a.yearName}`}
      texts="appropriations"
      listPath="/members/appropriations"
      entity="appropriation"
      testName="appropriation"
      action={action}
      onApprove={() => setApproving(true)}
    >
      <AppropriationFiguresView figures={a} />
      {approving && (
        <ApproveForm id={a.id} no={a.appropriationNo} action={action} onClose={() => setApproving(false)} />
      )}
    </ProposalDetails>
  );
}
