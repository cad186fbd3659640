import { Select, TextInput } from '@mantine/core';
import { type Book, createBankTransferBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsButton } from '../../attachments/AttachmentsButton.tsx';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { bankTransfers, useBankOptions } from '../hooks.ts';
import { EntryDrawer, useApproveColumn } from './VouchersPage.tsx';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const TransfersRoute = () => guard(<TransfersPage />);

/** Bank transfers between bank or cash accounts of one book, or to the other book's (in TZS). */
function TransfersPage() {
  const { t } = useTranslation();
  const [book, setBook] = useBook();
  const [creating, setCreating] = useState(false);
  const [entryId, setEntryId] = useState<string | null>(null);
  const approve = useApproveColumn('accounts/bank-transfers', 'bank-transfers', 'bank_transfer', setEntryId);
  return (
    <>
      <PageHeader
        title={t('acc.transfers')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.transfers') }]}
        actions={<BookSwitch value={book} onChange={setBook} />}
      />
      <ResourceList
        key={book}
        label={t('acc.transfers')}
        resource={bankTransfers}
        scope={{ book }}
        testId="transfers-table"
        emptyTitle={t('acc.transfersEmpty')}
        createLabel={t('acc.transferCreate')}
        {...(useCan('accounts.journal.create') ? { onCreate: () => setCreating(true) } : {})}
        columns={[
          { key: 'number', header: t('acc.number'), render: (b) => b.number, sortField: 'number' },
          {
            key: 'date',
            header: t('acc.date'),
            render: (b) => formatDate(b.transferDate),
            sortField: 'transfer_date',
          },
          { key: 'from', header: t('acc.from'), render: (b) => b.fromAccountName },
          { key: 'to', header: t('acc.to'), render: (b) => b.toAccountName },
          {
            key: 'amount',
            header: t('acc.amount'),
            render: (b) => `${b.currency} ${formatDecimal(b.amount)}`,
            align: 'right',
            sortField: 'amount',
          },
          { key: 'status', header: t('fields.status'), render: (b) => <StatusBadge status={b.status} /> },
          {
            key: 'attachments',
            header: t('attachments.title'),
            render: (b) => <AttachmentsButton recordType="bank-transfer" recordId={b.id} title={b.number} />,
          },
          approve,
        ]}
      />
      {creating && <TransferForm book={book} onClose={() => setCreating(false)} />}
      <EntryDrawer id={entryId} onClose={() => setEntryId(null)} />
    </>
  );
}

function TransferForm({ book, onClose }: { book: Book; onClose: () => void }) {
  const { t } = useTranslation();
  const options = useBankOptions(book);
  // The other book's TZS bank and cash accounts can receive too: a transfer between the books,
  // either way (the collection bank paying the union's income, the operation bank funding a batch).
  const other = useBankOptions(book === 'collection' ? 'operation' : 'collection');
  const form = useForm({
    transferDate: todayInTanzania(),
    fromAccountId: '',
    toAccountId: '',
    amount: '',
    narration: '',
    reference: '',
  });
  const create = bankTransfers.useCreate();
  const submit = form.onSubmit(() => {
    const body = form.validate(createBankTransferBody, {
      ...form.values,
      reference: form.values.reference || undefined,
    });
    if (!body) return;
    create.mutate(body, form.saved(onClose));
  });
  const data = (options.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }));
  const toData = [
    ...data,
    ...(other.data ?? [])
      .filter((a) => a.currency === 'TZS')
      .map((a) => ({ value: a.id, label: `${a.code} ${a.name} · ${t(`acc.books.${a.book}`)}` })),
  ];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('acc.transferCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="transfer-form"
    >
      <DateField data-autofocus label={t('acc.date')} required {...form.text('transferDate')} />
      <Select
        label={t('acc.from')}
        required
        searchable
        data={data}
        value={form.values.fromAccountId || null}
        onChange={(v) => form.setValue('fromAccountId', v ?? '')}
        error={form.errors.fromAccountId}
      />
      <Select
        label={t('acc.to')}
        description={t('acc.transferToHint')}
        required
        searchable
        data={toData}
        value={form.values.toAccountId || null}
        onChange={(v) => form.setValue('toAccountId', v ?? '')}
        error={form.errors.toAccountId}
      />
      <TextInput label={t('acc.amount')} required inputMode="decimal" {...form.text('amount')} />
      <TextInput label={t('acc.narration')} required {...form.text('narration')} />
    </FormModal>
  );
}
