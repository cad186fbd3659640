import { Text, Textarea, TextInput } from '@mantine/core';
import { createLoanBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, moneyOrDash, todayIso } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useFarmerLookup } from '../../crop-flow/collections/hooks.ts';
import { loans } from '../hooks.ts';

/** Farmers' loans (cash advances), recovered from their settlements oldest first. */
export default function LoansRoute() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('payments.settlement.create', 'union');
  return (
    <RequirePermission permission="payments.settlement.read">
      <PageHeader
        title={t('pay.loans')}
        description={t('pay.loansHint')}
        breadcrumbs={[{ label: t('pay.payments') }, { label: t('pay.loans') }]}
      />
      <ResourceList
        label={t('pay.loans')}
        resource={loans}
        testId="loans-table"
        emptyTitle={t('pay.noLoans')}
        onCreate={canCreate ? () => setCreating(true) : undefined}
        createLabel={t('pay.newLoan')}
        columns={[
          { key: 'no', header: t('pay.loanNo'), render: (l) => l.loanNo, sortField: 'loan_no' },
          {
            key: 'date',
            header: t('pay.date'),
            render: (l) => formatDate(l.issuedOn),
            sortField: 'issued_on',
          },
          { key: 'farmer', header: t('pay.farmer'), render: (l) => `${l.farmerNo} · ${l.farmerName}` },
          { key: 'amcos', header: t('fields.amcos'), render: (l) => l.amcosName },
          { key: 'reason', header: t('pay.reason'), render: (l) => l.reason },
          {
            key: 'amount',
            header: t('pay.amount'),
            align: 'right',
            render: (l) => moneyOrDash(l.amount),
            sortField: 'amount',
          },
          {
            key: 'recovered',
            header: t('pay.recovered'),
            align: 'right',
            render: (l) => moneyOrDash(l.recovered),
          },
          {
            key: 'outstanding',
            header: t('pay.outstanding'),
            align: 'right',
            render: (l) => moneyOrDash(l.outstanding),
          },
        ]}
      />
      {creating && <LoanForm onClose={() => setCreating(false)} />}
    </RequirePermission>
  );
}

function LoanForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    farmerNo: '',
    farmerId: '',
    issuedOn: todayIso(),
    amount: '',
    reason: '',
  });
  const lookup = useFarmerLookup(form.values.farmerNo);
  const found = lookup.data?.state === 'found' ? lookup.data.farmer : null;
  const save = loans.useSave({ onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const body = form.validate(createLoanBody, { ...form.values, farmerId: found?.id ?? '' });
    if (!body) {
      if (!found) form.setErrors({ farmerNo: t('pay.farmerNotFound') });
      return;
    }
    save.create(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('pay.newLoan')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="loan-form"
    >
      <TextInput data-autofocus label={t('pay.farmerNo')} required {...form.text('farmerNo')} />
      {found && (
        <Text size="sm" data-testid="loan-farmer">
          {found.firstName} {found.lastName} · {found.amcosName}
        </Text>
      )}
      {lookup.data && lookup.data.state !== 'found' && form.values.farmerNo.length >= 3 && (
        <Text size="sm" c="red">
          {t('pay.farmerNotFound')}
        </Text>
      )}
      <TextInput type="date" label={t('pay.date')} required {...form.text('issuedOn')} />
      <TextInput label={t('pay.amount')} required inputMode="decimal" {...form.text('amount')} />
      <Textarea label={t('pay.reason')} required {...form.text('reason')} />
    </FormModal>
  );
}
