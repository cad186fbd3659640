import { Group, NumberInput, SegmentedControl, Select, Switch, TextInput } from '@mantine/core';
import { createSupplierBody, type Supplier, updateSupplierBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { banks } from '../../cooperative/hooks.ts';
import { suppliers } from '../hooks.ts';

/** Create or edit a supplier: who it is (TIN, VRN, contacts), how it is paid, its payment terms. */
export function SupplierForm({ supplier, onClose }: { supplier?: Supplier; onClose: () => void }) {
  const { t } = useTranslation();
  const bankOptions = banks.useOptions();
  const form = useForm({
    name: supplier?.name ?? '',
    tin: supplier?.tin ?? '',
    vrn: supplier?.vrn ?? '',
    contactPerson: supplier?.contactPerson ?? '',
    phone: supplier?.phone ?? '',
    email: supplier?.email ?? '',
    address: supplier?.address ?? '',
    paymentMethod: (supplier?.paymentMethod ?? 'bank') as 'bank' | 'mobile_money',
    bankId: supplier?.bankId ?? (null as string | null),
    accountName: supplier?.accountName ?? '',
    accountNo: supplier?.accountNo ?? '',
    mobileMoneyNo: supplier?.mobileMoneyNo ?? '',
    paymentTermsDays: supplier?.paymentTermsDays ?? 30,
    active: supplier?.active ?? true,
  });
  const save = suppliers.useSave({ id: supplier?.id, onSaved: onClose, onError: form.showApiError });
  const submit = form.onSubmit(() => {
    const { active, ...rest } = form.values;
    if (supplier) {
      const body = form.validate(updateSupplierBody, { ...rest, active });
      if (body) save.update(body);
    } else {
      const body = form.validate(createSupplierBody, rest);
      if (body) save.create(body);
    }
  });
  const byBank = form.values.paymentMethod === 'bank';
  return (
    <FormModal
      opened
      onClose={onClose}
      title={supplier ? t('purchaseMd.editSupplier') : t('purchaseMd.createSupplier')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="supplier-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <Group grow>
        <TextInput label={t('purchaseMd.tin')} {...form.text('tin')} />
        <TextInput label={t('purchaseMd.vrn')} {...form.text('vrn')} />
      </Group>
      <TextInput label={t('purchaseMd.contactPerson')} {...form.text('contactPerson')} />
      <Group grow>
        <TextInput label={t('fields.phone')} {...form.text('phone')} />
        <TextInput label={t('fields.email')} {...form.text('email')} />
      </Group>
      <TextInput label={t('purchaseMd.address')} {...form.text('address')} />
      <SegmentedControl
        aria-label={t('purchaseMd.paidBy')}
        data={[
          { value: 'bank', label: t('purchaseMd.method.bank') },
          { value: 'mobile_money', label: t('purchaseMd.method.mobile_money') },
        ]}
        value={form.values.paymentMethod}
        onChange={(v) => form.setValue('paymentMethod', v as 'bank' | 'mobile_money')}
      />
      {byBank ? (
        <>
          <Select
            label={t('purchaseMd.bank')}
            required
            searchable
            data={(bankOptions.data ?? []).map((b) => ({ value: b.id, label: b.name }))}
            {...form.control('bankId')}
          />
          <Group grow>
            <TextInput label={t('purchaseMd.accountName')} {...form.text('accountName')} />
            <TextInput label={t('purchaseMd.accountNo')} required {...form.text('accountNo')} />
          </Group>
        </>
      ) : (
        <TextInput label={t('purchaseMd.mobileMoneyNo')} required {...form.text('mobileMoneyNo')} />
      )}
      <NumberInput
        label={t('purchaseMd.paymentTermsDays')}
        min={0}
        max={365}
        allowDecimal={false}
        value={form.values.paymentTermsDays}
        onChange={(v) => form.setValue('paymentTermsDays', typeof v === 'number' ? v : 0)}
        error={form.errors.paymentTermsDays}
      />
      {supplier && (
        <Switch
          label={t('status.active')}
          checked={form.values.active}
          onChange={(e) => form.setValue('active', e.currentTarget.checked)}
        />
      )}
    </FormModal>
  );
}
