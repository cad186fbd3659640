import { Button, Drawer, Group, Select, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type Book, createPaymentOrReceiptBody } from '@ushirika/contracts';
import { sum, todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RemoveLineButton } from '../../../components/RemoveLineButton.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';
import { toastError, toastSuccess } from '../../../lib/notify.ts';
import { useRecordAction } from '../../../lib/record-action.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsButton } from '../../attachments/AttachmentsButton.tsx';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { confirmApprove } from '../confirm-approve.ts';
import { useAccountOptions, useBankOptions, vouchers } from '../hooks.ts';
import { JournalEntryDetails } from '../journal/JournalEntriesPage.tsx';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const VouchersRoute = () => guard(<VouchersPage />);

type Approvable = {
  id: string;
  status: string;
  createdBy: string | null;
  journalEntryId: string | null;
  journalEntryNumber: string | null;
  number: string;
  amount: string;
  currency: string;
};

/** Approve button for a draft (not for its maker), or the posted entry's number once approved. */
export function useApproveColumn(path: string, key: string, audit: string, onOpen: (id: string) => void) {
  const { t } = useTranslation();
  const { user } = useSession();
  const canApprove = useCan('accounts.journal.approve');
  const action = useRecordAction(path, key, audit);
  return {
    key: 'approve',
    header: '',
    render: (row: Approvable) =>
      row.journalEntryId ? (
        <Button
          variant="subtle"
          size="compact-sm"
          onClick={() => row.journalEntryId && onOpen(row.journalEntryId)}
        >
          {row.journalEntryNumber}
        </Button>
      ) : (
        canApprove &&
        row.createdBy !== user?.id && (
          <Button
            size="compact-sm"
            loading={action.isPending}
            data-testid="approve-voucher"
            onClick={() =>
              confirmApprove(
                audit === 'bank_transfer' ? 'bankTransfer' : 'voucher',
                { number: row.number, amount: formatMoney(row.amount, row.currency) },
                () =>
                  action.mutate(
                    { id: row.id, action: 'approve' },
                    { onSuccess: (r) => toastSuccess(r.message), onError: (e) => toastError(e.message) },
                  ),
              )
            }
          >
            {t('acc.approve')}
          </Button>
        )
      ),
  };
}

export function EntryDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={id !== null} onClose={onClose} position="right" size="xl" title={t('acc.journalEntry')}>
      {id && <JournalEntryDetails id={id} />}
    </Drawer>
  );
}

function VouchersPage() {
  const { t } = useTranslation();
  const [book, setBook] = useBook();
  const [creating, setCreating] = useState(false);
  const [entryId, setEntryId] = useState<string | null>(null);
  const approve = useApproveColumn(
    'accounts/payments-and-receipts',
    'payments-and-receipts',
    'payment_or_receipt',
    setEntryId,
  );
  return (
    <>
      <PageHeader
        title={t('acc.vouchers')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.vouchers') }]}
        actions={<BookSwitch value={book} onChange={setBook} />}
      />
      <ResourceList
        key={book}
        label={t('acc.vouchers')}
        resource={vouchers}
        scope={{ book }}
        testId="vouchers-table"
        emptyTitle={t('acc.vouchersEmpty')}
        createLabel={t('acc.voucherCreate')}
        {...(useCan('accounts.journal.create') ? { onCreate: () => setCreating(true) } : {})}
        columns={[
          { key: 'number', header: t('acc.number'), render: (v) => v.number, sortField: 'number' },
          {
            key: 'type',
            header: t('acc.voucherType'),
            render: (v) => (v.type === 'Payment' ? t('acc.payment') : t('acc.receipt')),
          },
          {
            key: 'date',
            header: t('acc.date'),
            render: (v) => formatDate(v.voucherDate),
            sortField: 'voucher_date',
          },
          { key: 'party', header: t('acc.partyName'), render: (v) => v.partyName },
          { key: 'bank', header: t('acc.bankAccount'), render: (v) => v.bankAccountName },
          {
            key: 'amount',
            header: t('acc.amount'),
            render: (v) => `${v.currency} ${formatDecimal(v.amount)}`,
            align: 'right',
            sortField: 'amount',
          },
          { key: 'status', header: t('fields.status'), render: (v) => <StatusBadge status={v.status} /> },
          {
            key: 'attachments',
            header: t('attachments.title'),
            render: (v) => <AttachmentsButton recordType="voucher" recordId={v.id} title={v.number} />,
          },
          approve,
        ]}
      />
      {creating && <VoucherForm book={book} onClose={() => setCreating(false)} />}
      <EntryDrawer id={entryId} onClose={() => setEntryId(null)} />
    </>
  );
}

type VoucherLine = { key: number; accountId: string; amount: string };
let lineKey = 1;

function VoucherForm({ book, onClose }: { book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const banks = useBankOptions(book);
  const all = useAccountOptions(book);
  const form = useForm({
    type: 'Payment',
    voucherDate: todayInTanzania(),
    bankAccountId: '',
    partyName: '',
    narration: '',
    reference: '',
  });
  const [lines, setLines] = useState<VoucherLine[]>([{ key: lineKey++, accountId: '', amount: '' }]);
  const create = vouchers.useCreate();
  const total = sum(lines.map((l) => (/^\d+(\.\d{1,2})?$/.test(l.amount) ? l.amount : '0')));
  const submit = form.onSubmit(() => {
    const body = form.validate(createPaymentOrReceiptBody, {
      ...form.values,
      reference: form.values.reference || undefined,
      lines: lines.map((l) => ({ accountId: l.accountId, amount: l.amount })),
    });
    if (!body) return;
    create.mutate(body, form.saved(onClose));
  });
  const options = (all.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('acc.voucherCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="voucher-form"
      size="xl"
    >
      <Group grow>
        <Select
          data-autofocus
          label={t('acc.voucherType')}
          required
          data={[
            { value: 'Payment', label: t('acc.payment') },
            { value: 'Receipt', label: t('acc.receipt') },
          ]}
          value={form.values.type}
          onChange={(v) => form.setValue('type', v ?? 'Payment')}
        />
        <DateField label={t('acc.date')} required {...form.text('voucherDate')} />
      </Group>
      <Select
        label={t('acc.bankAccount')}
        required
        data={(banks.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
        value={form.values.bankAccountId || null}
        onChange={(v) => form.setValue('bankAccountId', v ?? '')}
        error={form.errors.bankAccountId}
      />
      <TextInput label={t('acc.partyName')} required {...form.text('partyName')} />
      <TextInput label={t('acc.narration')} required {...form.text('narration')} />
      {lines.map((line, i) => (
        <Group key={line.key} align="flex-end" wrap="nowrap">
          <Select
            style={{ flex: 2 }}
            label={i === 0 ? t('acc.account') : undefined}
            aria-label={t('acc.account')}
            searchable
            data={options}
            value={line.accountId || null}
            onChange={(v) =>
              setLines((c) => c.map((l) => (l.key === line.key ? { ...l, accountId: v ?? '' } : l)))
            }
          />
          <TextInput
            style={{ flex: 1 }}
            label={i === 0 ? t('acc.amount') : undefined}
            aria-label={t('acc.amount')}
            inputMode="decimal"
            value={line.amount}
            onChange={(e) => {
              const amount = e.currentTarget.value;
              setLines((c) => c.map((l) => (l.key === line.key ? { ...l, amount } : l)));
            }}
          />
          <RemoveLineButton
            mb={4}
            label={t('acc.removeLine')}
            disabled={lines.length <= 1}
            onClick={() => setLines((c) => c.filter((l) => l.key !== line.key))}
          />
        </Group>
      ))}
      <Group justify="space-between">
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setLines((c) => [...c, { key: lineKey++, accountId: '', amount: '' }])}
        >
          {t('acc.addLine')}
        </Button>
        <strong>{`${t('acc.total')}: ${formatDecimal(total.toFixed(2))}`}</strong>
      </Group>
    </FormModal>
  );
}
