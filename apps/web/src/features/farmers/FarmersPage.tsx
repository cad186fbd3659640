import { Button, Select, SimpleGrid, TextInput } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { createFarmerBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormModal } from '../../components/FormModal.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useForm } from '../../lib/form.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { hasPermission, useSession } from '../../lib/session.ts';
import { useAmcosOptions } from '../amcos/hooks.ts';
import { banks } from '../cooperative/hooks.ts';
import { FarmerImportModal } from './FarmerImportModal.tsx';
import { FarmersTable } from './FarmersTable.tsx';
import { farmers } from './hooks.ts';

/** /amcos/amcos-farmers and /collection/setting/farmers. */
export default function FarmersRoute() {
  return (
    <RequirePermission permission="amcos.farmer.read">
      <FarmersPage />
    </RequirePermission>
  );
}

function FarmersPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const canCreate = hasPermission(user, 'amcos.farmer.create');
  return (
    <>
      <PageHeader
        title={t('farmersMd.title')}
        description={t('farmersMd.description')}
        breadcrumbs={[{ label: t('menu.amcos') }, { label: t('farmersMd.title') }]}
        actions={
          canCreate && (
            <Button
              variant="default"
              leftSection={<IconFileImport size={16} aria-hidden />}
              onClick={() => setImporting(true)}
              data-testid="farmers-import"
            >
              {t('farmersMd.import.open')}
            </Button>
          )
        }
      />
      <FarmersTable
        onCreate={canCreate ? () => setCreating(true) : undefined}
        createLabel={t('farmersMd.create')}
      />
      {creating && <FarmerFormModal onClose={() => setCreating(false)} />}
      {importing && <FarmerImportModal onClose={() => setImporting(false)} />}
    </>
  );
}

function FarmerFormModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const amcosOptions = useAmcosOptions(!user?.amcosId);
  const bankOptions = banks.useOptions();
  const create = farmers.useCreate();
  const form = useForm({
    amcosId: user?.amcosId ?? null,
    firstName: '',
    middleName: '',
    lastName: '',
    gender: null as string | null,
    dateOfBirth: '',
    nationalId: '',
    phone: '',
    bankId: null as string | null,
    accountNo: '',
    village: '',
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(createFarmerBody, {
      ...form.values,
      dateOfBirth: form.values.dateOfBirth || null,
    });
    if (!body) return;
    create.mutate(body as never, {
      onSuccess: (r) => {
        toastSuccess(r.message);
        onClose();
        navigate(`/amcos/amcos-farmers/${r.data.id}/details`);
      },
      onError: form.showApiError,
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('farmersMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={create.isPending}
      testId="farmer-form"
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {!user?.amcosId && (
          <Select
            label={t('fields.amcos')}
            required
            searchable
            data={(amcosOptions.data ?? []).map((a) => ({ value: a.id, label: `${a.code} ${a.name}` }))}
            {...form.control('amcosId')}
          />
        )}
        <TextInput data-autofocus label={t('farmersMd.firstName')} required {...form.text('firstName')} />
        <TextInput label={t('farmersMd.middleName')} {...form.text('middleName')} />
        <TextInput label={t('farmersMd.lastName')} required {...form.text('lastName')} />
        <Select
          label={t('fields.gender')}
          required
          data={[
            { value: 'Male', label: t('fields.male') },
            { value: 'Female', label: t('fields.female') },
          ]}
          {...form.control('gender')}
        />
        <TextInput
          label={t('farmersMd.dateOfBirth')}
          placeholder="1985-04-12"
          {...form.text('dateOfBirth')}
        />
        <TextInput label={t('farmersMd.nationalId')} {...form.text('nationalId')} />
        <TextInput label={t('fields.phone')} {...form.text('phone')} />
        <Select
          label={t('fields.bank')}
          clearable
          data={(bankOptions.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
          {...form.control('bankId')}
        />
        <TextInput label={t('fields.accountNo')} {...form.text('accountNo')} />
        <TextInput label={t('fields.village')} {...form.text('village')} />
      </SimpleGrid>
    </FormModal>
  );
}
