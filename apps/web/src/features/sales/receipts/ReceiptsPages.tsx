import { Anchor, Button, Select, Table, Text, TextInput } from '@mantine/core';
import { type BuyerReceiptDetail, createBuyerReceiptBody } from '@ushirika/contracts';
import { sum, todayInTanzania } from '@ushirika/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordFormModal } from '../../../components/RecordFormModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { useBankOptions } from '../../accounts/hooks.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { BuyerSelect } from '../buyers/BuyerSelect.tsx';
import { useCreateSales, useOpenInvoices, useReceipt, useSalesAction } from '../hooks.ts';
import { ReceiptsList } from '../SalesLists.tsx';
import { AllocationsSection } from './AllocationsSection.tsx';

export const ReceiptsRoute = withPermission(ReceiptsPage, 'sales.invoice.read', { unionOnly: true });
export const ReceiptDetailsRoute = withPermission(ReceiptDetailsPage, 'sales.invoice.read', {
  unionOnly: true,
});

function ReceiptsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('sales.receipt.create', 'union');
  return (
    <>
      <PageHeader
        title={t('salesMd.receipts')}
        breadcrumbs={[{ label: t('salesMd.sales') }, { label: t('salesMd.receipts') }]}
      />
      <ReceiptsList {...(canCreate ? { onCreate: () => setCreating(true) } : {})} />
      {creating && (
        <ReceiptForm
          onClose={() => setCreating(false)}
          onSaved={(id) => navigate(`/collections/sales/receipts/${id}/details`)}
        />
      )}
    </>
  );
}

/** Cents arithmetic on decimal strings (2 dp), never through floats of the amounts. */
const cents = (v: string) => {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(v.trim());
  return m ? BigInt(m[1] ?? '0') * 100n + BigInt((m[2] ?? '').padEnd(2, '0') || '0') : null;
};
const fromCents = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;

/**
 * The buyer's open invoices with an amount each, filled oldest first from `available`;
 * the officer can change any amount. Answers the allocations (amounts above zero).
 */
function AllocationTable({
  buyerId,
  available,
  onChange,
}: {
  buyerId: string | null;
  available: string;
  onChange: (allocations: { invoiceId: string; amount: string }[]) => void;
}) {
  const { t } = useTranslation();
  const open = useOpenInvoices(buyerId);
  const [amounts, setAmounts] = useState<Record<string, string>>({});
  const invoices = open.data ?? [];
  // Oldest first whenever the buyer, the amount or the open invoices change.
  const key = `${buyerId}|${available}|${invoices.map((i) => i.id).join(',')}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill only when the key changes
  useEffect(() => {
    let left = cents(available) ?? 0n;
    const next: Record<string, string> = {};
    for (const inv of invoices) {
      const balance = cents(inv.balance) ?? 0n;
      const take = left < balance ? left : balance;
      next[inv.id] = take > 0n ? fromCents(take) : '';
      left -= take > 0n ? take : 0n;
    }
    setAmounts(next);
  }, [key]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: report when the amounts change
  useEffect(() => {
    onChange(
      Object.entries(amounts)
        .filter(([, a]) => (cents(a) ?? 0n) > 0n)
        .map(([invoiceId, amount]) => ({ invoiceId, amount: amount.trim() })),
    );
  }, [amounts]);
  const total = Object.values(amounts).reduce((s, a) => s + (cents(a) ?? 0n), 0n);
  const credit = (cents(available) ?? 0n) - total;
  if (!buyerId) return null;
  if (!open.isLoading && invoices.length === 0) return <Text c="dimmed">{t('salesMd.noOpenInvoices')}</Text>;
  return (
    <>
      <Text size="sm" c="dimmed">
        {t('salesMd.allocateHint')}
      </Text>
      <Table data-testid="allocation-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('salesMd.invoiceNo')}</Table.Th>
            <Table.Th>{t('salesMd.invoiceDate')}</Table.Th>
            <Table.Th ta="right">{t('salesMd.balance')}</Table.Th>
            <Table.Th w={160}>{t('salesMd.amount')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {invoices.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td>{inv.invoiceNo}</Table.Td>
              <Table.Td>{formatDate(inv.invoiceDate)}</Table.Td>
              <Table.Td ta="right">{moneyOrDash(inv.balance)}</Table.Td>
              <Table.Td>
                <TextInput
                  aria-label={`${t('salesMd.amount')} ${inv.invoiceNo}`}
                  inputMode="decimal"
                  value={amounts[inv.id] ?? ''}
                  error={
                    (cents(amounts[inv.id] ?? '') ?? 0n) > (cents(inv.balance) ?? 0n)
                      ? t('salesMd.aboveBalance')
                      : undefined
                  }
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setAmounts((a) => ({ ...a, [inv.id]: v }));
                  }}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" data-testid="allocation-summary" c={credit < 0n ? 'red' : undefined}>
        {t('salesMd.allocationSummary', {
          allocated: moneyOrDash(fromCents(total)),
          credit: moneyOrDash(credit < 0n ? `-${fromCents(-credit)}` : fromCents(credit)),
        })}
      </Text>
    </>
  );
}

function ReceiptForm({ onClose, onSaved }: { onClose: () => void; onSaved: (id: string) => void }) {
  const { t } = useTranslation();
  const banks = useBankOptions('collection');
  const form = useForm({
    buyerId: null as string | null,
    receiptDate: todayInTanzania(),
    bankAccountId: null as string | null,
    amount: '',
    reference: '',
  });
  const [allocations, setAllocations] = useState<{ invoiceId: string; amount: string }[]>([]);
  const create = useCreateSales<unknown, BuyerReceiptDetail>('sales/receipts');
  const bankData = useMemo(
    () => (banks.data ?? []).map((b) => ({ value: b.id, label: `${b.code} ${b.name}` })),
    [banks.data],
  );
  useEffect(() => {
    if (!form.values.bankAccountId && bankData.length === 1)
      form.setValue('bankAccountId', bankData[0]?.value ?? null);
  }, [bankData, form]);
  return (
    <RecordFormModal
      title={t('salesMd.createReceipt')}
      form={form}
      save={{
        submit: (body) =>
          confirmAction({
            title: t('salesMd.confirmReceiptTitle'),
            message: t('salesMd.confirmReceipt'),
            amount: formatMoney(body.amount),
            confirmLabel: t('common.save'),
            danger: false,
            onConfirm: () =>
              create.mutate(
                body,
                form.saved((r) => {
                  onClose();
                  onSaved(r.data.id);
                }),
              ),
          }),
        isPending: create.isPending,
      }}
      body={() => form.validate(createBuyerReceiptBody, { ...form.values, allocations })}
      onClose={onClose}
      size="xl"
      testId="receipt-form"
    >
      <BuyerSelect required autoFocus {...form.control('buyerId')} />
      <DateField required label={t('salesMd.receiptDate')} {...form.text('receiptDate')} />
      <Select
        label={t('salesMd.bankAccount')}
        required
        data={bankData}
        allowDeselect={false}
        {...form.control('bankAccountId')}
      />
      <TextInput label={t('salesMd.amount')} required inputMode="decimal" {...form.text('amount')} />
      <TextInput label={t('salesMd.reference')} {...form.text('reference')} />
      <AllocationTable
        buyerId={form.values.buyerId}
        available={form.values.amount}
        onChange={setAllocations}
      />
    </RecordFormModal>
  );
}

function ReceiptDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const receipt = useReceipt(id);
  const canAllocate = useCan('sales.receipt.create', 'union');
  const [allocating, setAllocating] = useState(false);
  const r = receipt.data;
  if (!r) return <RecordUnavailable error={receipt.error} />;
  const hasCredit = (cents(r.unallocated) ?? 0n) > 0n;
  return (
    <DetailsLayout
      title={`${t('salesMd.receipt')} ${r.receiptNo}`}
      breadcrumbs={[
        { label: t('salesMd.receipts'), to: '/collections/sales/receipts/list' },
        { label: r.receiptNo },
      ]}
      history={{ entity: 'buyer_receipt', id }}
      actions={
        canAllocate &&
        hasCredit && (
          <Button onClick={() => setAllocating(true)} data-testid="allocate-credit">
            {t('salesMd.allocate')}
          </Button>
        )
      }
    >
      <Section>
        <InfoGrid
          items={[
            [
              t('salesMd.buyer'),
              <Anchor key="v262" component={Link} to={`/collections/sales/buyers/${r.buyerId}/details`}>
                {r.buyerName}
              </Anchor>,
            ],
            [t('salesMd.receiptDate'), formatDate(r.receiptDate)],
            [t('salesMd.bankAccount'), r.bankAccountName],
            [t('salesMd.reference'), r.reference],
            [t('salesMd.amount'), moneyOrDash(r.amount)],
            [t('salesMd.allocated'), moneyOrDash(r.allocated)],
            [
              t('salesMd.unallocated'),
              <span key="v271" data-testid="receipt-credit">
                {moneyOrDash(r.unallocated)}
              </span>,
            ],
          ]}
        />
      </Section>
      <AllocationsSection
        documentLabel={t('salesMd.invoiceNo')}
        testId="receipt-allocations"
        rows={r.allocations.map((a) => ({
          key: `${a.invoiceId}-${a.amount}`,
          no: a.invoiceNo,
          to: `/collections/sales/invoices/${a.invoiceId}/details`,
          date: a.invoiceDate,
          amount: a.amount,
        }))}
      />
      {allocating && <AllocateForm receipt={r} onClose={() => setAllocating(false)} />}
      <AttachmentsSection recordType="buyer-receipt" recordId={id} />
    </DetailsLayout>
  );
}

function AllocateForm({ receipt, onClose }: { receipt: BuyerReceiptDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({});
  const [allocations, setAllocations] = useState<{ invoiceId: string; amount: string }[]>([]);
  const allocate = useSalesAction<
    { allocations: { invoiceId: string; amount: string }[] },
    BuyerReceiptDetail
  >('buyer_receipt', (id) => `sales/receipts/${id}/allocate`);
  const submit = form.onSubmit(() =>
    confirmAction({
      title: t('salesMd.allocate'),
      message: t('salesMd.confirmAllocate', { count: allocations.length }),
      amount: formatMoney(sum(allocations.map((a) => a.amount || '0')).toFixed(2)),
      confirmLabel: t('salesMd.allocate'),
      danger: false,
      onConfirm: () => allocate.mutate({ id: receipt.id, body: { allocations } }, form.saved(onClose)),
    }),
  );
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('salesMd.allocate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('salesMd.allocate')}
      submitting={allocate.isPending}
      size="xl"
      testId="allocate-form"
    >
      <AllocationTable buyerId={receipt.buyerId} available={receipt.unallocated} onChange={setAllocations} />
    </FormModal>
  );
}
