import { Button } from '@mantine/core';
import { IconShieldLock, IconUserPlus } from '@tabler/icons-react';
import type { User } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DataTable } from '../../components/DataTable.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { pagedRows } from '../../components/paged-rows.ts';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useListState } from '../../components/use-list-state.ts';
import { useSearchParamsPatch } from '../../components/use-search-params-patch.ts';
import { useCan } from '../../lib/use-can.ts';
import { exportUsers, useUsers } from './hooks.ts';
import { UserDetailsDrawer } from './UserDetailsDrawer.tsx';
import { USER_FILTERS, UserFilters } from './UserFilters.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { userColumns } from './user-columns.tsx';

type Editing = { user: User | null } | null;

/** Users are managed by the union only (the API refuses AMCOS users). */
export default function UsersPageRoute() {
  return (
    <RequirePermission permission="users.user.read" unionOnly>
      <UsersPage />
    </RequirePermission>
  );
}

function UsersPage() {
  const { t } = useTranslation();
  const list = useListState(USER_FILTERS);
  const users = useUsers(list.query);
  const [editing, setEditing] = useState<Editing>(null);
  const [exporting, setExporting] = useState(false);
  const [params, patch] = useSearchParamsPatch();
  const viewedId = params.get('user');

  const canCreate = useCan('users.user.create');
  const canEdit = useCan('users.user.update');

  const view = (id: string | null) => patch({ user: id });

  const edit = (user: User) => {
    view(null);
    setEditing({ user });
  };

  const runExport = () => {
    setExporting(true);
    exportUsers(list.query)
      .catch(() => undefined)
      .finally(() => setExporting(false));
  };

  const columns = userColumns(t, { onView: (user) => view(user.id), onEdit: canEdit ? edit : undefined });

  return (
    <>
      <PageHeader
        title={t('users.title')}
        description={t('users.description')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('users.title') }]}
        actions={
          <>
            <Button
              component={Link}
              to="/users/assigments"
              variant="default"
              leftSection={<IconShieldLock size={16} aria-hidden />}
            >
              {t('roles.title')}
            </Button>
            {canCreate && (
              <Button
                leftSection={<IconUserPlus size={16} aria-hidden />}
                onClick={() => setEditing({ user: null })}
                data-testid="create-user"
              >
                {t('users.create')}
              </Button>
            )}
          </>
        }
      />
      <DataTable
        label={t('users.title')}
        columns={columns}
        {...pagedRows(users)}
        rowKey={(user) => user.id}
        list={list}
        filters={<UserFilters list={list} />}
        onExport={runExport}
        exporting={exporting}
        empty={{
          title:
            list.search || Object.keys(list.filters).length > 0 ? t('users.emptyFiltered') : t('users.empty'),
        }}
        testId="users-table"
      />
      <UserFormModal
        opened={editing !== null}
        user={editing?.user ?? null}
        onClose={() => setEditing(null)}
      />
      <UserDetailsDrawer userId={viewedId} onClose={() => view(null)} onEdit={canEdit ? edit : undefined} />
    </>
  );
}
