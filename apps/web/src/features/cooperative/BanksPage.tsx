import { ActionIcon, Switch, TextInput } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type Bank, createBankBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../components/FormModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
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
  const [editing, setEditing] = useState<{ bank: Bank | null } | null>(null);
  return (
    <>
      <PageHeader
        title={t('banks.title')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('banks.title') }]}
      />
      <ResourceList
        label={t('banks.title')}
        resource={banks}
        testId="banks-table"
        emptyTitle={t('banks.empty')}
        createLabel={t('banks.create')}
        onCreate={() => setEditing({ bank: null })}
        columns={[
          { key: 'name', header: t('fields.name'), render: (b) => b.name, sortField: 'name' },
          { key: 'code', header: t('banks.shortCode'), render: (b) => b.shortCode, sortField: 'short_code' },
          { key: 'swift', header: 'SWIFT', render: (b) => b.swift ?? '—' },
          {
            key: 'status',
            header: t('fields.status'),
            render: (b) => <StatusBadge status={b.active ? 'active' : 'inactive'} />,
          },
          {
            key: 'edit',
            header: '',
            render: (b) => (
              <ActionIcon
                variant="subtle"
                aria-label={t('common.edit')}
                onClick={() => setEditing({ bank: b })}
              >
                <IconPencil size={16} />
              </ActionIcon>
            ),
          },
        ]}
      />
      {editing && <BankForm bank={editing.bank} onClose={() => setEditing(null)} />}
    </>
  );
}

function BankForm({ bank, onClose }: { bank: Bank | null; onClose: () => void }) {
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
