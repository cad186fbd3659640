import { Textarea, TextInput } from '@mantine/core';
import { type ItemCategory, itemCategoryBody } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { ActiveSwitch } from '../../../components/ActiveSwitch.tsx';
import { RecordFormModal } from '../../../components/RecordFormModal.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { type RecordFormProps, ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { useForm } from '../../../lib/form.ts';
import { useCan } from '../../../lib/use-can.ts';
import { itemCategories } from './hooks.ts';

/** /inventory/categories: how items are grouped in lists and reports. */
export default withPermission(CategoriesPage, 'inventory.store.read', { unionOnly: true });

function CategoriesPage() {
  const { t } = useTranslation();
  const canEdit = useCan('inventory.store.update', 'union');
  return (
    <ResourceListPage<ItemCategory>
      header={{ title: t('screens.categories'), description: t('inventoryMd.categoriesNote') }}
      label={t('screens.categories')}
      resource={itemCategories}
      testId="categories-table"
      emptyTitle={t('inventoryMd.noCategories')}
      createLabel={t('inventoryMd.newOf', { what: t('inventoryMd.category') })}
      form={canEdit ? CategoryForm : undefined}
      editable={canEdit}
      columns={[
        { key: 'name', header: t('fields.name'), sortField: 'name', render: (c) => c.name },
        { key: 'description', header: t('inventoryMd.description'), render: (c) => c.description ?? '—' },
        { key: 'items', header: t('inventoryMd.items'), align: 'right', render: (c) => c.itemCount },
        {
          key: 'status',
          header: t('fields.status'),
          render: (c) => <StatusBadge status={c.active ? 'active' : 'inactive'} />,
        },
      ]}
    />
  );
}

function CategoryForm({ record, onClose }: RecordFormProps<ItemCategory>) {
  const { t } = useTranslation();
  const form = useForm({
    name: record?.name ?? '',
    description: record?.description ?? '',
    active: record?.active ?? true,
  });
  const save = itemCategories.useSave({ id: record?.id, onSaved: onClose, onError: form.showApiError });
  return (
    <RecordFormModal
      title={t(record ? 'inventoryMd.editOf' : 'inventoryMd.newOf', { what: t('inventoryMd.category') })}
      form={form}
      save={save}
      body={() => form.validate(itemCategoryBody)}
      onClose={onClose}
      testId="category-form"
    >
      <TextInput data-autofocus label={t('fields.name')} required {...form.text('name')} />
      <Textarea label={t('inventoryMd.description')} autosize minRows={2} {...form.text('description')} />
      {record && <ActiveSwitch form={form} />}
    </RecordFormModal>
  );
}
