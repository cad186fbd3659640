import { Badge, Group, NavLink, Paper, Text, Title } from '@mantine/core';
import type { Role } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { formatNumber } from '../../lib/format.ts';
import { roleLabel } from '../../lib/roles.ts';

interface RolesListProps {
  roles: Role[] | undefined;
  loading: boolean;
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Every role with its audience, permission count and how many users hold it. */
export function RolesList({ roles, loading, selectedId, onSelect }: RolesListProps) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="xs">
      <Title order={2} size="h5" p="xs">
        {t('roles.listTitle')}
      </Title>
      {loading && <LoadingBlock />}
      <nav aria-label={t('roles.listTitle')}>
        {(roles ?? []).map((role) => (
          <NavLink
            key={role.id}
            component="button"
            type="button"
            active={role.id === selectedId}
            aria-current={role.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(role.id)}
            label={roleLabel(t, role.name)}
            description={
              <Group gap={6} mt={2}>
                <Text size="xs" c="dimmed">
                  {t('roles.permissionCount', { count: role.permissions.length })}
                </Text>
                <Text size="xs" c="dimmed">
                  ·
                </Text>
                <Text size="xs" c="dimmed">
                  {t('roles.userCount', { count: role.userCount, formatted: formatNumber(role.userCount) })}
                </Text>
              </Group>
            }
            rightSection={
              <Badge size="xs" variant="light" color={role.audience === 'amcos' ? 'grape' : 'teal'}>
                {role.audience === 'amcos' ? t('app.amcos') : t('app.union')}
              </Badge>
            }
            data-testid={`role-${role.id}`}
          />
        ))}
      </nav>
    </Paper>
  );
}
