import { Select, Text, TextInput } from '@mantine/core';
import { type Member, recordMemberPaymentBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatMoney } from '../../../lib/format.ts';
import { useMemberBankAccounts, useRecordMemberPayment } from './hooks.ts';

/**
 * A member pays for shares or the entrance fee. The union's member names the bank or cash account
 * that received it (the payment is posted there, after a confirmation); an AMCOS records its own.
 */
export function PaymentForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const union = member.society === 'union';
  const form = useForm({
    kind: 'shares' as string | null,
    amount: '',
    paidOn: todayInTanzania(),
    bankAccountId: null as string | null,
    reference: '',
  });
  const accounts = useMemberBankAccounts(union);
  const save = useRecordMemberPayment(member.id);
  const submit = form.onSubmit(() => {
    const body = form.validate(recordMemberPaymentBody, {
      ...form.values,
      ...(union ? { bankAccountId: form.values.bankAccountId ?? '' } : { bankAccountId: undefined }),
    });
    if (!body) return;
    confirmAction({
      title: t('members.recordPayment'),
      message: t('members.confirmPayment', {
        amount: formatMoney(body.amount),
        kind: t(`members.kinds.${body.kind}`),
        member: `${member.memberNo} ${member.name}`,
      }),
      amount: formatMoney(body.amount),
      confirmLabel: t('members.recordPayment'),
      danger: false,
      onConfirm: () => save.mutate(body, form.saved(onClose)),
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('members.recordPayment')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('members.recordPayment')}
      submitting={save.isPending}
      testId="member-payment-form"
    >
      <Select
        label={t('members.paymentKind')}
        required
        data-autofocus
        data-testid="member-payment-kind"
        data={(['shares', 'entrance_fee'] as const).map((k) => ({
          value: k,
          label: t(`members.kinds.${k}`),
        }))}
        {...form.control('kind')}
      />
      <TextInput
        label={t('members.amount')}
        description={`${t('members.sharesUnpaid')}: ${formatMoney(member.sharesUnpaid)}`}
        required
        inputMode="decimal"
        {...form.text('amount')}
      />
      <DateField label={t('members.paidOn')} required {...form.text('paidOn')} />
      {union ? (
        <Select
          label={t('members.receivedInto')}
          description={t('members.receivedIntoHint')}
          required
          searchable
          data-testid="member-payment-account"
          placeholder={accounts.isLoading ? t('common.loading') : undefined}
          data={(accounts.data ?? []).map((a) => ({
            value: a.id,
            label: `${t(`twoBooks.book.${a.book}`)} · ${a.code} ${a.name}`,
          }))}
          {...form.control('bankAccountId')}
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t('members.societyPaymentHint')}
        </Text>
      )}
      <TextInput label={t('members.reference')} {...form.text('reference')} />
    </FormModal>
  );
}
