import { Group, Select, Table, Text, TextInput } from '@mantine/core';
import { createSupplierPaymentBody, type SupplierPaymentDetail } from '@ushirika/contracts';
import { dec, sum, todayInTanzania } from '@ushirika/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { FormPage } from '../../../components/FormPage.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useBankOptions } from '../../accounts/hooks.ts';
import { useCreatePurchase, useOpenPurchaseInvoices } from '../hooks.ts';
import { SupplierSelect } from '../suppliers/SupplierSelect.tsx';

export default withPermission(PaymentCreatePage, 'purchase.payment.create', { unionOnly: true });

const amountOrZero = (v: string) => {
  try {
    return dec(v || '0');
  } catch {
    return dec(0);
  }
};

/** A payment to a supplier: which of its open invoices it pays, how much of each, from which bank. */
function PaymentCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const banks = useBankOptions('operation');
  const form = useForm({
    supplierId: null as string | null,
    paymentDate: todayInTanzania(),
    bankAccountId: null as string | null,
    reference: '',
  });
  const open = useOpenPurchaseInvoices(form.values.supplierId);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const create = useCreatePurchase<unknown, SupplierPaymentDetail>('purchase/payments');
  // A new supplier: offer to pay each open invoice in full.
  useEffect(() => {
    setAmounts(Object.fromEntries((open.data ?? []).map((i) => [i.id, i.balance])));
  }, [open.data]);
  const total = sum(Object.values(amounts).map(amountOrZero));
  const submit = form.onSubmit(() => {
    const allocations = Object.entries(amounts)
      .filter(([, a]) => amountOrZero(a).gt(0))
      .map(([invoiceId, amount]) => ({ invoiceId, amount }));
    const body = form.validate(createSupplierPaymentBody, { ...form.values, allocations });
    if (body)
      create.mutate(
        body,
        form.saved((r) => navigate(`/purchase/payments/${r.data.id}/details`)),
      );
  });
  return (
    <FormPage
      title={t('purchaseMd.createPayment')}
      description={t('purchaseMd.paymentNote')}
      padding="md"
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      onCancel={() => navigate('/purchase/payments/list')}
      testId="supplier-payment-form"
    >
      <SupplierSelect required autoFocus {...form.control('supplierId')} />
      <Group grow>
        <DateField required label={t('purchaseMd.paymentDate')} {...form.text('paymentDate')} />
        <Select
          label={t('purchaseMd.bankAccount')}
          required
          allowDeselect={false}
          data={(banks.data ?? []).map((b) => ({ value: b.id, label: `${b.code} ${b.name}` }))}
          data-testid="bank-select"
          {...form.control('bankAccountId')}
        />
        <TextInput label={t('purchaseMd.reference')} {...form.text('reference')} />
      </Group>
      {form.values.supplierId &&
        (open.data && open.data.length === 0 ? (
          <Text c="dimmed">{t('purchaseMd.nothingOwed')}</Text>
        ) : (
          <Table data-testid="payment-allocations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('purchaseMd.invoice')}</Table.Th>
                <Table.Th>{t('purchaseMd.dueDate')}</Table.Th>
                <Table.Th ta="right">{t('purchaseMd.balance')}</Table.Th>
                <Table.Th w={170}>{t('purchaseMd.payNow')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(open.data ?? []).map((i, n) => (
                <Table.Tr key={i.id}>
                  <Table.Td>
                    {i.invoiceNo} ({i.supplierInvoiceNo})
                  </Table.Td>
                  <Table.Td>{formatDate(i.dueDate)}</Table.Td>
                  <Table.Td ta="right">{moneyOrDash(i.balance)}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('purchaseMd.payNow')}
                      inputMode="decimal"
                      value={amounts[i.id] ?? ''}
                      onChange={(e) => {
                        const value = e.currentTarget.value;
                        setAmounts((a) => ({ ...a, [i.id]: value }));
                      }}
                      error={form.errors[`allocations.${n}.amount` as 'reference']}
                      data-testid={`pay-amount-${n}`}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ))}
      <Text fw={600} data-testid="payment-total">
        {t('purchaseMd.paymentTotal', { total: moneyOrDash(total.toFixed(2)) })}
      </Text>
    </FormPage>
  );
}
