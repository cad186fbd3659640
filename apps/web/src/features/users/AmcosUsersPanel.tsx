import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../lib/use-can.ts';
import { useUsers } from './hooks.ts';

/** The users of one AMCOS, for its details page: name, email and roles. */
export function AmcosUsersPanel({ amcosId }: { amcosId: string }) {
  const { t } = useTranslation();
  const canReadUsers = useCan('users.user.read', 'union');
  const users = useUsers({ amcos_id: amcosId, per_page: 50 }, canReadUsers);
  return (
    <Stack gap="xs">
      {(users.data?.data ?? []).map((u) => (
        <Text key={u.id} size="sm">
          {u.firstName} {u.lastName} · {u.email} · {u.roles.map((r) => r.name).join(', ')}
        </Text>
      ))}
      {users.data?.data.length === 0 && <Text c="dimmed">{t('amcosMd.noUsers')}</Text>}
    </Stack>
  );
}
