import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconEye, IconPencil } from '@tabler/icons-react';
import type { User } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/DataTable.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatDate } from '../../lib/format.ts';
import { roleLabel } from '../../lib/roles.ts';
import { fullName } from '../../lib/session.ts';

interface UserColumnActions {
  onView: (user: User) => void;
  onEdit?: (user: User) => void;
}

export function userColumns(t: TFunction, { onView, onEdit }: UserColumnActions): Column<User>[] {
  return [
    {
      key: 'name',
      header: t('users.columns.name'),
      sortField: 'name',
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          <UserAvatar user={user} size={32} radius="xl" />
          <div>
            <Text size="sm" fw={500}>
              {fullName(user)}
            </Text>
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          </div>
        </Group>
      ),
    },
    { key: 'mobile', header: t('users.fields.mobile'), sortField: 'mobile', render: (user) => user.mobile },
    {
      key: 'scope',
      header: t('users.fields.scope'),
      render: (user) => (user.amcosId ? (user.amcosName ?? t('app.amcos')) : t('app.union')),
    },
    {
      key: 'roles',
      header: t('users.fields.roles'),
      render: (user) => (
        <Group gap={4}>
          {user.roles.map((role) => (
            <Badge key={role.id} variant="light" size="sm" miw="max-content">
              {roleLabel(t, role.name)}
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'status',
      header: t('users.fields.status'),
      render: (user) => <StatusBadge status={user.active ? 'active' : 'inactive'} />,
    },
    {
      key: 'createdAt',
      header: t('users.fields.createdAt'),
      sortField: 'created_at',
      render: (user) => formatDate(user.createdAt),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (user) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('users.view', { name: fullName(user) })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('users.view', { name: fullName(user) })}
              onClick={() => onView(user)}
            >
              <IconEye size={16} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {onEdit && (
            <Tooltip label={t('users.edit', { name: fullName(user) })}>
              <ActionIcon
                variant="subtle"
                aria-label={t('users.edit', { name: fullName(user) })}
                onClick={() => onEdit(user)}
              >
                <IconPencil size={16} aria-hidden />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    },
  ];
}
