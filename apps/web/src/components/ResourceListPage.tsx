import { ActionIcon } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type ComponentProps, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from './DataTable.tsx';
import { PageHeader } from './PageHeader.tsx';
import { ResourceList, type ResourceListProps } from './ResourceList.tsx';

/** What the page's form is given: the record to edit, or null to create one. */
export type RecordFormProps<T> = { record: T | null; onClose: () => void };

/**
 * The master-data list screen: an optional page header, a ResourceList bound to the resource,
 * and the create/edit modal it opens. `form` renders the modal for a new record (null) or the
 * record whose edit button was pressed; `editable` adds that button as the last column.
 */
export function ResourceListPage<T extends { id: string }>({
  header,
  form: Form,
  editable = false,
  columns,
  ...list
}: Omit<ResourceListProps<T>, 'onCreate'> & {
  header?: ComponentProps<typeof PageHeader>;
  form?: (props: RecordFormProps<T>) => ReactNode;
  editable?: boolean;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<{ record: T | null } | null>(null);
  const editColumn: Column<T> = {
    key: 'edit',
    header: '',
    render: (record) => (
      <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={() => setEditing({ record })}>
        <IconPencil size={16} />
      </ActionIcon>
    ),
  };
  return (
    <>
      {header && <PageHeader {...header} />}
      <ResourceList
        {...list}
        columns={editable && Form ? [...columns, editColumn] : columns}
        {...(Form ? { onCreate: () => setEditing({ record: null }) } : {})}
      />
      {editing && Form && <Form record={editing.record} onClose={() => setEditing(null)} />}
    </>
  );
}
