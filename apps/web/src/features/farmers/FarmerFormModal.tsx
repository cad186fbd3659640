import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { createFarmerBody, type FarmerDetail, updateFarmerBody } from '@ushirika/contracts';
import { todayInTanzania } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateField } from '../../components/DateField.tsx';
import { FormModal } from '../../components/FormModal.tsx';
import { StatusSelect } from '../../components/StatusSelect.tsx';
import { useForm } from '../../lib/form.ts';
import { useSession } from '../../lib/session.ts';
import { useAmcosOptions } from '../amcos/hooks.ts';
import { BankAccountFields } from '../cooperative/BankAccountFields.tsx';
import { farmers } from './hooks.ts';

/**
 * Registers a farmer, or (with `farmer`) edits one. The AMCOS is chosen only when registering, by
 * union staff: a farmer's number comes from their AMCOS, so a farmer never moves to another.
 */
export function FarmerFormModal({ farmer, onClose }: { farmer?: FarmerDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const navigate = useNavigate();
  const amcosOptions = useAmcosOptions(!user?.amcosId && !farmer);
  const form = useForm({
    amcosId: farmer?.amcosId ?? user?.amcosId ?? null,
    firstName: farmer?.firstName ?? '',
    middleName: farmer?.middleName ?? '',
    lastName: farmer?.lastName ?? '',
    gender: (farmer?.gender ?? null) as string | null,
    dateOfBirth: farmer?.dateOfBirth ?? '',
    nationalId: farmer?.nationalId ?? '',
    phone: farmer?.phone ?? '',
    bankId: farmer?.bankId ?? null,
    accountNo: farmer?.accountNo ?? '',
    village: farmer?.village ?? '',
    status: (farmer?.status ?? 'active') as string | null,
  });
  const save = farmers.useSave({
    id: farmer?.id,
    onSaved: (saved) => {
      onClose();
      if (!farmer) navigate(`/amcos/amcos-farmers/${saved.id}/details`);
    },
    onError: form.showApiError,
  });
  const submit = form.onSubmit(() => {
    const { amcosId, status, ...fields } = form.values;
    const values = { ...fields, dateOfBirth: fields.dateOfBirth || null };
    if (farmer) {
      const body = form.validate(updateFarmerBody, { ...values, status });
      if (body) save.update(body);
      return;
    }
    const body = form.validate(createFarmerBody, { ...values, amcosId });
    if (body) save.create(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={farmer ? t('farmersMd.edit') : t('farmersMd.create')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="farmer-form"
      size="xl"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {!user?.amcosId && !farmer && (
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
          allowDeselect={false}
          data={[
            { value: 'Male', label: t('fields.male') },
            { value: 'Female', label: t('fields.female') },
          ]}
          {...form.control('gender')}
        />
        <DateField label={t('farmersMd.dateOfBirth')} max={todayInTanzania()} {...form.text('dateOfBirth')} />
        <TextInput label={t('farmersMd.nationalId')} {...form.text('nationalId')} />
        <TextInput label={t('fields.phone')} {...form.text('phone')} />
        <BankAccountFields bank={form.control('bankId')} accountNo={form.text('accountNo')} />
        <TextInput label={t('fields.village')} {...form.text('village')} />
        {farmer && <StatusSelect statuses={['active', 'inactive']} required {...form.control('status')} />}
      </SimpleGrid>
    </FormModal>
  );
}
