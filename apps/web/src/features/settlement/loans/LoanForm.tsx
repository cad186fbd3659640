import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { createLoanBody, type FarmerOption } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { FarmerPicker } from '../../farmers/FarmerPicker.tsx';
import { loans } from '../hooks.ts';
import { useLoanBankAccounts } from './hooks.ts';

/** A cash advance: the farmer, the day, the amount, the reason and the account that paid it. */
export function LoanForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [farmer, setFarmer] = useState<FarmerOption | null>(null);
  const form = useForm({
    issuedOn: todayInTanzania(),
    amount: '',
    reason: '',
    bankAccountId: null as string | null,
  });
  const accounts = useLoanBankAccounts();
  const save = loans.useSave({ onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const body = form.validate(createLoanBody, {
      ...form.values,
      farmerId: farmer?.id ?? '',
      bankAccountId: form.values.bankAccountId ?? '',
    });
    if (body) save.create(body);
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
      <FarmerPicker
        label={t('pay.farmer')}
        required
        autoFocus
        value={farmer}
        onChange={setFarmer}
        error={(form.errors as Record<string, string | undefined>).farmerId}
        testId="loan-farmer"
      />
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
