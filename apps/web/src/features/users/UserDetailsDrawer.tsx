import { Badge, Button, Divider, Drawer, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { User } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { LoadingBlock } from '../../components/EmptyBlock.tsx';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { LabelledValue } from '../../components/LabelledValue.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { formatDate } from '../../lib/format.ts';
import { roleLabel } from '../../lib/roles.ts';
import { fullName } from '../../lib/session.ts';
import { useUser } from './hooks.ts';

interface UserDetailsDrawerProps {
  userId: string | null;
  onClose: () => void;
  onEdit?: (user: User) => void;
}

/** A user's details and history (who changed what, when). */
export function UserDetailsDrawer({ userId, onClose, onEdit }: UserDetailsDrawerProps) {
  const { t, i18n } = useTranslation();
  const user = useUser(userId);
  const data = user.data;

  return (
    <Drawer
      opened={userId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={data ? fullName(data) : t('users.details')}
      data-testid="user-details"
    >
      {!data ? (
        <LoadingBlock />
      ) : (
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start">
            <Group gap="md">
              <UserAvatar user={data} size={56} radius="xl" />
              <div>
                <Text fw={600}>{fullName(data)}</Text>
                <Text size="sm" c="dimmed">
                  {data.email}
                </Text>
                <StatusBadge status={data.active ? 'active' : 'inactive'} mt={4} />
              </div>
            </Group>
            {onEdit && (
              <Button variant="default" size="xs" onClick={() => onEdit(data)}>
                {t('common.edit')}
              </Button>
            )}
          </Group>
          <SimpleGrid cols={2} spacing="sm">
            <LabelledValue label={t('users.fields.mobile')} value={data.mobile} />
            <LabelledValue label={t('users.fields.gender')} value={t(`users.gender.${data.gender}`)} />
            <LabelledValue
              label={t('users.fields.language')}
              value={data.language === 'sw' ? 'Kiswahili' : 'English'}
            />
            <LabelledValue label={t('users.fields.scope')} value={data.amcosName ?? t('app.union')} />
            <LabelledValue label={t('users.fields.createdAt')} value={formatDate(data.createdAt)} />
            <LabelledValue
              label={t('users.fields.initialPassword')}
              value={data.isInitialPassword ? t('common.yes') : t('common.no')}
            />
          </SimpleGrid>
          <div>
            <Text size="sm" c="dimmed" mb={4}>
              {t('users.fields.roles')}
            </Text>
            <Group gap={4}>
              {data.roles.map((role) => (
                <Badge key={role.id} variant="light">
                  {roleLabel(t, role.name)}
                </Badge>
              ))}
            </Group>
          </div>
          <Divider />
          <HistoryPanel
            entity="user"
            id={data.id}
            variant="bare"
            order={3}
            fieldLabel={(field) => {
              const key = `users.fields.${field}`;
              return i18n.exists(key) ? t(key as 'users.fields.email') : field;
            }}
          />
        </Stack>
      )}
    </Drawer>
  );
}
