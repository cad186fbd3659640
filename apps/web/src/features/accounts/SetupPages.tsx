import { Paper, Select, Switch, Table, TextInput } from '@mantine/core';
import {
  type AccountGroup,
  type Currency,
  createAccountGroupBody,
  createCurrencyBody,
  createExchangeRateBody,
} from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { formatDate, formatDecimal } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { accountGroups, currencies, exchangeRates, useClasses } from './hooks.ts';
import { EditButton, useCanEdit } from './parts.tsx';

const read = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const ClassesRoute = () => read(<ClassesPage />);
export const GroupsRoute = () => read(<GroupsPage />);
export const CurrenciesRoute = () => read(<CurrenciesPage />);
export const RatesRoute = () => read(<RatesPage />);

function ClassesPage() {
  const { t } = useTranslation();
  const classes = useClasses();
  return (
    <>
      <PageHeader
        title={t('acc.classes')}
        breadcrumbs={[{ label: t('menu.settingsAccounts') }, { label: t('acc.classes') }]}
      />
      <Paper withBorder radius="md">
        <Table aria-label={t('acc.classes')} data-testid="classes-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('fields.code')}</Table.Th>
              <Table.Th>{t('fields.name')}</Table.Th>
              <Table.Th>{t('acc.type')}</Table.Th>
              <Table.Th>{t('acc.normalBalance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {classes.data?.map((c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{c.code}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>{t(`acc.types.${c.type}`)}</Table.Td>
                <Table.Td>{t(`acc.${c.normalBalance}`)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </>
  );
}

function GroupsPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ group: AccountGroup | null } | null>(null);
  const canEdit = useCanEdit();
  return (
    <>
      <PageHeader
        title={t('acc.groups')}
        breadcrumbs={[{ label: t('menu.accounts') }, { label: t('acc.groups') }]}
      />
      <ResourceList
        label={t('acc.groups')}
        resource={accountGroups}
        testId="groups-table"
        emptyTitle={t('acc.groupsEmpty')}
        createLabel={t('acc.groupCreate')}
        {...(canEdit ? { onCreate: () => setEditing({ group: null }) } : {})}
        columns={[
          { key: 'code', header: t('fields.code'), render: (g) => g.code, sortField: 'code' },
          { key: 'name', header: t('fields.name'), render: (g) => g.name, sortField: 'name' },
          { key: 'class', header: t('acc.class'), render: (g) => g.className },
          {
            key: 'status',
            header: t('fields.status'),
            render: (g) => <StatusBadge status={g.active ? 'active' : 'inactive'} />,
          },
          {
            key: 'edit',
            header: '',
            render: (g) => canEdit && <EditButton onClick={() => setEditing({ group: g })} />,
          },
        ]}
      />
      {editing && <GroupForm group={editing.group} onClose={() => setEditing(null)} />}
    </>
  );
}

function GroupForm({ group, onClose }: { group: AccountGroup | null; onClose: () => void }) {
  const { t } = useTranslation();
  const classes = useClasses();
  const form = useForm({
    code: group?.code ?? '',
    name: group?.name ?? '',
    classId: group?.classId ?? '',
    active: group?.active ?? true,
  });
  const create = accountGroups.useCreate();
  const update = accountGroups.useUpdate();
  const submit = form.onSubmit(() => {
    const body = form.validate(createAccountGroupBody);
    if (!body) return;
    const done = {
      onSuccess: (r: { message: string }) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    };
    if (group) update.mutate({ id: group.id, body: { ...body, active: form.values.active } }, done);
    else create.mutate(body, done);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={group ? t('acc.groupEdit') : t('acc.groupCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending || update.isPending}
      testId="group-form"
    >
      <TextInput data-autofocus label={t('fields.code')} required {...form.text('code')} />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <Select
        label={t('acc.class')}
        required
        data={(classes.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={form.values.classId || null}
        onChange={(v) => form.setValue('classId', v ?? '')}
        error={form.errors.classId}
      />
      {group && (
        <Switch
          label={t('fields.active')}
          checked={form.values.active}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}

function CurrenciesPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ currency: Currency | null } | null>(null);
  const canEdit = useCanEdit();
  return (
    <>
      <PageHeader
        title={t('acc.currencies')}
        breadcrumbs={[{ label: t('menu.settingsAccounts') }, { label: t('acc.currencies') }]}
      />
      <ResourceList
        label={t('acc.currencies')}
        resource={currencies}
        testId="currencies-table"
        emptyTitle={t('acc.currenciesEmpty')}
        createLabel={t('acc.currencyCreate')}
        {...(canEdit ? { onCreate: () => setEditing({ currency: null }) } : {})}
        columns={[
          { key: 'code', header: t('fields.code'), render: (c) => c.code, sortField: 'code' },
          { key: 'name', header: t('fields.name'), render: (c) => c.name, sortField: 'name' },
          { key: 'symbol', header: t('acc.symbol'), render: (c) => c.symbol ?? '—' },
          {
            key: 'base',
            header: t('acc.base'),
            render: (c) => (c.isBase ? t('common.yes') : t('common.no')),
          },
          {
            key: 'status',
            header: t('fields.status'),
            render: (c) => <StatusBadge status={c.active ? 'active' : 'inactive'} />,
          },
          {
            key: 'edit',
            header: '',
            render: (c) => canEdit && <EditButton onClick={() => setEditing({ currency: c })} />,
          },
        ]}
      />
      {editing && <CurrencyForm currency={editing.currency} onClose={() => setEditing(null)} />}
    </>
  );
}

function CurrencyForm({ currency, onClose }: { currency: Currency | null; onClose: () => void }) {
  const { t } = useTranslation();
  const form = useForm({
    code: currency?.code ?? '',
    name: currency?.name ?? '',
    symbol: currency?.symbol ?? '',
    active: currency?.active ?? true,
  });
  const create = currencies.useCreate();
  const update = currencies.useUpdate();
  const submit = form.onSubmit(() => {
    const body = form.validate(createCurrencyBody, { ...form.values, symbol: form.values.symbol || null });
    if (!body) return;
    const done = {
      onSuccess: (r: { message: string }) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    };
    if (currency)
      update.mutate(
        {
          id: currency.id,
          body: { name: body.name, symbol: body.symbol, active: form.values.active } as never,
        },
        done,
      );
    else create.mutate(body, done);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={currency ? t('acc.currencyEdit') : t('acc.currencyCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending || update.isPending}
      testId="currency-form"
    >
      <TextInput
        data-autofocus
        label={t('fields.code')}
        required
        disabled={Boolean(currency)}
        maxLength={3}
        {...form.text('code')}
      />
      <TextInput label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('acc.symbol')} {...form.text('symbol')} />
      {currency && !currency.isBase && (
        <Switch
          label={t('fields.active')}
          checked={form.values.active}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}

function RatesPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const canEdit = useCanEdit();
  return (
    <>
      <PageHeader
        title={t('acc.rates')}
        breadcrumbs={[{ label: t('menu.settingsAccounts') }, { label: t('acc.rates') }]}
      />
      <ResourceList
        label={t('acc.rates')}
        resource={exchangeRates}
        testId="rates-table"
        emptyTitle={t('acc.ratesEmpty')}
        createLabel={t('acc.rateCreate')}
        {...(canEdit ? { onCreate: () => setAdding(true) } : {})}
        columns={[
          { key: 'currency', header: t('acc.currency'), render: (r) => r.currency, sortField: 'currency' },
          {
            key: 'date',
            header: t('acc.date'),
            render: (r) => formatDate(r.rateDate),
            sortField: 'rate_date',
          },
          { key: 'rate', header: t('acc.rate'), render: (r) => formatDecimal(r.rate, 6), align: 'right' },
        ]}
      />
      {adding && <RateForm onClose={() => setAdding(false)} />}
    </>
  );
}

function RateForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const list = currencies.useOptions();
  const form = useForm({ currency: '', rateDate: new Date().toISOString().slice(0, 10), rate: '' });
  const create = exchangeRates.useCreate();
  const submit = form.onSubmit(() => {
    const body = form.validate(createExchangeRateBody);
    if (!body) return;
    create.mutate(body, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        onClose();
      },
      onError: form.showApiError,
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('acc.rateCreate')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="rate-form"
    >
      <Select
        data-autofocus
        label={t('acc.currency')}
        required
        data={(list.data ?? [])
          .filter((c) => !c.isBase)
          .map((c) => ({ value: c.code, label: `${c.code} — ${c.name}` }))}
        value={form.values.currency || null}
        onChange={(v) => form.setValue('currency', v ?? '')}
        error={form.errors.currency}
      />
      <TextInput type="date" label={t('acc.date')} required {...form.text('rateDate')} />
      <TextInput label={t('acc.rate')} required inputMode="decimal" {...form.text('rate')} />
    </FormModal>
  );
}
