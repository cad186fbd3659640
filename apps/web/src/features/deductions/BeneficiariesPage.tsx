import { Anchor, Badge, Select, Switch, TextInput } from '@mantine/core';
import { type Beneficiary, beneficiaryKinds, createBeneficiaryBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilter } from '../../components/ListFilter.tsx';
import { RecordFormModal } from '../../components/RecordFormModal.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../components/ResourceListPage.tsx';
import { useForm } from '../../lib/form.ts';
import { BankAccountFields } from '../cooperative/BankAccountFields.tsx';
import { councils } from '../cooperative/hooks.ts';
import { beneficiaries } from './hooks.ts';

export default function BeneficiariesRoute() {
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <BeneficiariesPage />
    </RequirePermission>
  );
}

function BeneficiariesPage() {
  const { t } = useTranslation();
  const kinds = useKinds();
  return (
    <ResourceListPage
      header={{
        title: t('beneficiariesMd.title'),
        description: t('beneficiariesMd.description'),
        breadcrumbs: [{ label: t('menu.settings') }, { label: t('beneficiariesMd.title') }],
      }}
      label={t('beneficiariesMd.title')}
      resource={beneficiaries}
      testId="beneficiaries-table"
      emptyTitle={t('beneficiariesMd.empty')}
      filterNames={['kind']}
      filters={(list) => (
        <ListFilter list={list} name="kind" label={t('beneficiariesMd.kind')} data={kinds} width={170} />
      )}
      form={BeneficiaryForm}
      editable
      createLabel={t('beneficiariesMd.create')}
      columns={[
        {
          key: 'name',
          header: t('fields.name'),
          sortField: 'name',
          render: (b) => (
            <Anchor component={Link} to={`/settings/collection/beneficiaries/${b.id}/detils`}>
              {b.name}
            </Anchor>
          ),
        },
        {
          key: 'kind',
          header: t('beneficiariesMd.kind'),
          sortField: 'kind',
          render: (b) => t(`beneficiariesMd.kinds.${b.kind}`),
        },
        { key: 'council', header: t('fields.council'), render: (b) => b.councilName ?? '—' },
        {
          key: 'bank',
          header: t('fields.bank'),
          render: (b) => (b.bankName ? `${b.bankName} ${b.accountNo ?? ''}` : '—'),
        },
        {
          key: 'unionIncome',
          header: t('twoBooks.unionIncome'),
          render: (b) =>
            b.unionIncome ? (
              <Badge variant="light" color="teal">
                {t('twoBooks.unionIncomeYes')}
              </Badge>
            ) : (
              '—'
            ),
        },
        { key: 'rules', header: t('seasonCropsMd.rules'), align: 'right', render: (b) => b.ruleCount },
      ]}
    />
  );
}

function useKinds() {
  const { t } = useTranslation();
  return beneficiaryKinds.map((k) => ({ value: k, label: t(`beneficiariesMd.kinds.${k}`) }));
}

function BeneficiaryForm({ record, onClose }: RecordFormProps<Beneficiary>) {
  const { t } = useTranslation();
  const kinds = useKinds();
  const councilOptions = councils.useOptions();
  const form = useForm({
    name: record?.name ?? '',
    kind: (record?.kind ?? null) as string | null,
    councilId: record?.councilId ?? null,
    bankId: record?.bankId ?? null,
    accountNo: record?.accountNo ?? '',
    unionIncome: record?.unionIncome ?? false,
  });
  const save = beneficiaries.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={record ? record.name : t('beneficiariesMd.create')}
      form={form}
      save={save}
      body={() => form.validate(createBeneficiaryBody)}
      onClose={onClose}
      testId="beneficiary-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <Select
        label={t('beneficiariesMd.kind')}
        required
        data={kinds}
        {...form.control('kind')}
        onChange={(kind) => {
          form.setValue('kind', kind);
          // The union as its own beneficiary: its rules' amounts are its income, as the switch says.
          if (kind === 'union' && !record) form.setValue('unionIncome', true);
        }}
      />
      <Select
        label={t('fields.council')}
        searchable
        clearable
        data={(councilOptions.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        {...form.control('councilId')}
      />
      <BankAccountFields bank={form.control('bankId')} accountNo={form.text('accountNo')} />
      <Switch
        label={t('twoBooks.unionIncome')}
        description={t('twoBooks.unionIncomeHint')}
        checked={form.values.unionIncome}
        onChange={(event) => form.setValue('unionIncome', event.currentTarget.checked)}
        data-testid="beneficiary-union-income"
      />
    </RecordFormModal>
  );
}
