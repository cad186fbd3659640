import { Switch, TextInput } from '@mantine/core';
import { type Bank, createBankBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { useForm } from '../../lib/form.ts';
import { banks } from './hooks.ts';

export default function BanksPageRoute() {
  return (
    <RequirePermission permission="cooperative.union.read" unionOnly>
      <BanksPage />
    </RequirePermission>
  );
}

function BanksPage() {
  const { t } = useTranslation();
  return (
    <ResourceListPage
      header={{
        title: t('banks.title'),
        breadcrumbs: [{ label: t('menu.settings') }, { label: t('banks.title') }],
      }}
      label={t('banks.title')}
      resource={banks}
      testId="banks-table"
      emptyTitle={t('banks.empty')}
      createLabel={t('banks.create')}
      form={BankForm}
      editable
      columns={[
        { key: 'name', header: t('fields.name'), render: (b) => b.name, sortField: 'name' },
        { key: 'code', header: t('banks.shortCode'), render: (b) => b.shortCode, sortField: 'short_code' },
        { key: 'swift', header: 'SWIFT', render: (b) => b.swift ?? '—' },
        {
          key: 'status',
          header: t('fields.status'),
          render: (b) => <StatusBadge status={b.active ? 'active' : 'inactive'} />,
        },
      ]}
    />
  );
}

function BankForm({ record: bank, onClose }: RecordFormProps<Bank>) {
  const { t } = useTranslation();
  const form = useForm({
    name: bank?.name ?? '',
    shortCode: bank?.shortCode ?? '',
    swift: bank?.swift ?? '',
    active: bank?.active ?? true,
  });
  const save = banks.useSave({ id: bank?.id, onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const body = form.validate(createBankBody);
    if (!body) return;
    if (bank) save.update({ ...body, active: form.values.active });
    else save.create(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={bank ? t('banks.edit') : t('banks.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="bank-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <TextInput label={t('banks.shortCode')} required {...form.text('shortCode')} />
      <TextInput label="SWIFT" {...form.text('swift')} />
      {bank && (
        <Switch
          label={t('fields.active')}
          checked={form.values.active}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
