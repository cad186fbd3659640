import { Select, Switch, TextInput } from '@mantine/core';
import { type Account, type Book, createAccountBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../../components/ActiveSwitch.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { localName } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { BookSwitch, useBook } from '../BookSwitch.tsx';
import { accountGroups, accounts, currencies } from '../hooks.ts';

/** /account/operation/accounts (the sidebar's book), …/accounts/collection and …/accounts/operation. */
export function accountsRoute(fixed?: Book) {
  return function AccountsRoute() {
    return (
      <RequirePermission permission="accounts.ledger.read" unionOnly>
        <AccountsPage fixed={fixed} />
      </RequirePermission>
    );
  };
}

function AccountsPage({ fixed }: { fixed: Book | undefined }) {
  const { t } = useTranslation();
  const [book, setBook] = useBook(fixed);
  const [editing, setEditing] = useState<{ account: Account | null } | null>(null);
  const canEdit = useCan('accounts.ledger.update');
  const title = t('acc.accountsOf', { book: t(`acc.books.${book}`) });
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: title }]}
        // One export: the list's own (its filters and search), named <BOOK>_ACCOUNTS_<date> by the server.
        actions={!fixed && <BookSwitch value={book} onChange={setBook} />}
      />
      <ResourceList
        key={book}
        label={title}
        resource={accounts}
        scope={{ book }}
        testId="accounts-table"
        emptyTitle={t('acc.accountsEmpty')}
        createLabel={t('acc.accountCreate')}
        {...(canEdit ? { onCreate: () => setEditing({ account: null }) } : {})}
        columns={[
          { key: 'code', header: t('fields.code'), render: (a) => a.code, sortField: 'code' },
          { key: 'name', header: t('fields.name'), render: (a) => localName(a), sortField: 'name' },
          { key: 'type', header: t('acc.type'), render: (a) => t(`acc.types.${a.type}`), sortField: 'type' },
          { key: 'group', header: t('acc.group'), render: (a) => a.groupName },
          { key: 'currency', header: t('acc.currency'), render: (a) => a.currency },
          {
            key: 'bank',
            header: t('acc.bankOrCash'),
            render: (a) => (a.isBankOrCash ? t('common.yes') : ''),
          },
          {
            key: 'status',
            header: t('fields.status'),
            render: (a) => <StatusBadge status={a.active ? 'active' : 'inactive'} />,
          },
          {
            key: 'edit',
            header: '',
            render: (a) => canEdit && <EditButton onClick={() => setEditing({ account: a })} />,
          },
        ]}
      />
      {editing && <AccountForm book={book} account={editing.account} onClose={() => setEditing(null)} />}
    </>
  );
}

function AccountForm({
  book,
  account,
  onClose,
}: {
  book: Book;
  account: Account | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const groups = accountGroups.useOptions();
  const currencyList = currencies.useOptions();
  const form = useForm({
    code: account?.code ?? '',
    name: account?.name ?? '',
    groupId: account?.groupId ?? '',
    currency: account?.currency ?? 'TZS',
    isBankOrCash: account?.isBankOrCash ?? false,
    bankName: account?.bankName ?? '',
    bankAccountNumber: account?.bankAccountNumber ?? '',
    active: account?.active ?? true,
  });
  const create = accounts.useCreate();
  const update = accounts.useUpdate();
  const submit = form.onSubmit(() => {
    const v = form.values;
    const body = form.validate(createAccountBody, {
      ...v,
      book,
      bankName: v.bankName || null,
      bankAccountNumber: v.bankAccountNumber || null,
    });
    if (!body) return;
    const done = form.saved(onClose);
    if (account) {
      const { book: _book, ...changes } = body;
      update.mutate({ id: account.id, body: { ...changes, active: v.active } }, done);
    } else create.mutate(body, done);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={account ? t('acc.accountEdit') : t('acc.accountCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending || update.isPending}
      testId="account-form"
    >
      <TextInput data-autofocus label={t('fields.code')} required {...form.text('code')} />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <Select
        label={t('acc.group')}
        required
        searchable
        data={(groups.data ?? []).map((g) => ({ value: g.id, label: `${g.code} ${localName(g)}` }))}
        value={form.values.groupId || null}
        onChange={(v) => form.setValue('groupId', v ?? '')}
        error={form.errors.groupId}
      />
      <Select
        label={t('acc.currency')}
        required
        data={(currencyList.data ?? []).map((c) => c.code)}
        value={form.values.currency}
        onChange={(v) => form.setValue('currency', v ?? 'TZS')}
        error={form.errors.currency}
      />
      <Switch
        label={t('acc.bankOrCash')}
        checked={form.values.isBankOrCash}
        onChange={(e) => form.setValue('isBankOrCash', e.currentTarget.checked)}
      />
      {form.values.isBankOrCash && (
        <>
          <TextInput label={t('acc.bankName')} {...form.text('bankName')} />
          <TextInput label={t('acc.bankAccountNumber')} {...form.text('bankAccountNumber')} />
        </>
      )}
      {account && <ActiveSwitch form={form} />}
    </FormModal>
  );
}

export const AccountsRoute = accountsRoute();
export const CollectionAccountsRoute = accountsRoute('collection');
export const OperationAccountsRoute = accountsRoute('operation');
