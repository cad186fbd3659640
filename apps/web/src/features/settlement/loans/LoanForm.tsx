import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { createLoanBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { todayIso } from '../../../lib/format.ts';
import { useFarmerLookup } from '../../crop-flow/collections/hooks.ts';
import { loans } from '../hooks.ts';
import { useLoanBankAccounts } from './hooks.ts';

/** A cash advance: the farmer, the day, the amount, the reason and the account that paid it. */
export function LoanForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    farmerNo: '',
    farmerId: '',
    issuedOn: todayIso(),
    amount: '',
    reason: '',
    bankAccountId: null as string | null,
  });
  const lookup = useFarmerLookup(form.values.farmerNo);
  const accounts = useLoanBankAccounts();
  const found = lookup.data?.state === 'found' ? lookup.data.farmer : null;
  const save = loans.useSave({ onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const body = form.validate(createLoanBody, {
      ...form.values,
      farmerId: found?.id ?? '',
      bankAccountId: form.values.bankAccountId ?? '',
    });
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
      <DateField label={t('pay.date')} required {...form.text('issuedOn')} />
      <TextInput label={t('pay.amount')} required inputMode="decimal" {...form.text('amount')} />
      <Select
        label={t('twoBooks.paidFrom')}
        description={t('twoBooks.paidFromHint')}
        required
        searchable
        data-testid="loan-bank-account"
        placeholder={accounts.isLoading ? t('common.loading') : undefined}
        data={(accounts.data ?? []).map((a) => ({
          value: a.id,
          label: `${t(`twoBooks.book.${a.book}`)} · ${a.code} ${a.name}`,
        }))}
        {...form.control('bankAccountId')}
      />
      <Textarea label={t('pay.reason')} required {...form.text('reason')} />
      <Text size="xs" c="dimmed">
        {t('twoBooks.loanDraftHint')}
      </Text>
    </FormModal>
  );
}
