import { ActionIcon, Tooltip } from '@mantine/core';
import { IconUserMinus } from '@tabler/icons-react';
import type { Role, User } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { type Column, DataTable } from '../../components/DataTable.tsx';
import { pagedRows } from '../../components/paged-rows.ts';
import { useListState } from '../../components/use-list-state.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { fullName } from '../../lib/session.ts';
import { useUpdateUser, useUsers } from '../users/hooks.ts';
import { userColumns } from '../users/user-columns.tsx';

/** The users holding a role, with a confirmed "remove from role" action. */
export function RoleHoldersTable({ role, onView }: { role: Role; onView: (user: User) => void }) {
  const { t } = useTranslation();
  const list = useListState([], 'h_');
  const holders = useUsers({ ...list.query, role_id: role.id });
  const update = useUpdateUser();

  const remove = (user: User) =>
    confirmAction({
      title: t('roles.remove.title'),
      message: t('roles.remove.message', { name: fullName(user), role: role.name }),
      confirmLabel: t('roles.remove.confirm'),
      onConfirm: () =>
        update.mutate(
          {
            id: user.id,
            body: { roleIds: user.roles.filter((held) => held.id !== role.id).map((held) => held.id) },
          },
          { onSuccess: () => toastSuccess(t('users.updated')) },
        ),
    });

  const removeColumn: Column<User> = {
    key: 'remove',
    header: t('common.actions'),
    align: 'right',
    render: (user) => {
      const lastRole = user.roles.length <= 1;
      const label = lastRole
        ? t('roles.remove.lastRole')
        : t('roles.remove.action', { name: fullName(user) });
      return (
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={label}
            disabled={lastRole}
            onClick={() => remove(user)}
          >
            <IconUserMinus size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      );
    },
  };
  const columns = [
    ...userColumns(t, { onView }).filter((c) => !['actions', 'createdAt', 'mobile'].includes(c.key)),
    removeColumn,
  ];

  return (
    <DataTable
      label={t('roles.holders', { role: role.name })}
      columns={columns}
      {...pagedRows(holders)}
      rowKey={(user) => user.id}
      list={list}
      empty={{ title: t('roles.noHolders') }}
      minWidth={560}
      testId="role-holders"
    />
  );
}
