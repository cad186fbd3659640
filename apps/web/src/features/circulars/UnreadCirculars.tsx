import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useCan } from '../../lib/use-can.ts';
import { useUnreadCirculars } from './hooks.ts';

/** On an AMCOS user's dashboard: the union's circulars they have not confirmed reading yet. */
export function UnreadCirculars() {
  const { t } = useTranslation();
  const isAmcos = Boolean(useSession().user?.amcosId);
  const canRead = useCan('circulars.circular.read');
  const unread = useUnreadCirculars(isAmcos && canRead);
  const rows = unread.data?.data ?? [];
  if (!isAmcos || rows.length === 0) return null;
  return (
    <Paper withBorder p="md" data-testid="unread-circulars">
      <Stack gap="xs">
        <Group gap="xs">
          <IconSpeakerphone size={18} aria-hidden />
          <Title order={2} size="h5">
            {t('circulars.unreadTitle')}
          </Title>
          <Badge color="orange" variant="light">
            {unread.data?.meta.total ?? rows.length}
          </Badge>
        </Group>
        {rows.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={`/circulars/${c.id}/details`}>
              {c.title}
            </Anchor>
            <Text size="sm" c="dimmed">
              {formatDate(c.publishedAt)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
