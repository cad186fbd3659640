import { Select, TextInput } from '@mantine/core';
import { type Currency, createCurrencyBody, createExchangeRateBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../../components/ActiveSwitch.tsx';
import { DateField } from '../../../components/DateField.tsx';
import { EditButton } from '../../../components/EditButton.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RecordFormModal } from '../../../components/RecordFormModal.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { currencies, exchangeRates } from '../hooks.ts';

const guard = (page: React.ReactNode) => (
  <RequirePermission permission="accounts.ledger.read" unionOnly>
    {page}
  </RequirePermission>
);
export const CurrenciesRoute = () => guard(<CurrenciesPage />);
export const RatesRoute = () => guard(<RatesPage />);

/** Currencies and their exchange rates. */
function CurrenciesPage() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ currency: Currency | null } | null>(null);
  const canEdit = useCan('accounts.ledger.update');
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
  const save = currencies.useSave({ id: currency?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={currency ? t('acc.currencyEdit') : t('acc.currencyCreate')}
      form={form}
      save={{
        submit: (body) =>
          currency
            ? save.update({ name: body.name, symbol: body.symbol, active: form.values.active })
            : save.create(body),
        isPending: save.isPending,
      }}
      body={() => form.validate(createCurrencyBody, { ...form.values, symbol: form.values.symbol || null })}
      onClose={onClose}
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
      {currency && !currency.isBase && <ActiveSwitch form={form} />}
    </RecordFormModal>
  );
}

function RatesPage() {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const canEdit = useCan('accounts.ledger.update');
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
  const form = useForm({ currency: '', rateDate: todayInTanzania(), rate: '' });
  const save = exchangeRates.useSave({ onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={t('acc.rateCreate')}
      form={form}
      save={save}
      body={() => form.validate(createExchangeRateBody)}
      onClose={onClose}
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
      <DateField label={t('acc.date')} required {...form.text('rateDate')} />
      <TextInput label={t('acc.rate')} required inputMode="decimal" {...form.text('rate')} />
    </RecordFormModal>
  );
}
