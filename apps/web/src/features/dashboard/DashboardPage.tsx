import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartBar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../components/EmptyBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { ReportFreshness } from '../../components/ReportFreshness.tsx';
import { UserAvatar } from '../../components/UserAvatar.tsx';
import { roleLabel } from '../../lib/roles.ts';
import { fullName, useSession } from '../../lib/session.ts';
import { useCan } from '../../lib/use-can.ts';
import { UnreadCirculars } from '../circulars/UnreadCirculars.tsx';
import { StockTile } from '../crop-flow/collections/StockTable.tsx';
import { SeasonDashboard } from './SeasonDashboard.tsx';

/**
 * The dashboard: who is signed in, the AMCOS stock tile and the season at a glance (figures for
 * the user's scope, from `/api/dashboard/season`).
 */
export default function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const canReadCollections = useCan('collections.collection.read');
  if (!user) return null;
  const scope = user.amcosId ? (user.amcosName ?? t('app.amcos')) : t('app.union');

  return (
    <>
      <PageHeader title={t('dashboard.title')} />
      <ReportFreshness path="dashboard/season" />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" data-testid="welcome-card">
          <Group gap="md" align="flex-start" wrap="nowrap">
            <UserAvatar user={user} size={56} radius="xl" />
            <Stack gap={6}>
              <Title order={2} size="h3">
                {t('dashboard.welcome', { name: fullName(user) })}
              </Title>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('dashboard.roles')}
                </Text>
                {user.roles.length > 0 ? (
                  user.roles.map((role) => (
                    <Badge key={role.id} variant="light">
                      {roleLabel(t, role.name)}
                    </Badge>
                  ))
                ) : (
                  <Text size="sm">{t('dashboard.noRoles')}</Text>
                )}
              </Group>
              <Group gap="xs">
                <Text size="sm" c="dimmed">
                  {t('dashboard.scope')}
                </Text>
                <Text size="sm" fw={500} data-testid="dashboard-scope">
                  {scope}
                </Text>
              </Group>
            </Stack>
          </Group>
        </Paper>
        <UnreadCirculars />
        {canReadCollections && <StockTile />}
        {canReadCollections ? (
          <Paper withBorder radius="md" p="lg">
            <SeasonDashboard />
          </Paper>
        ) : (
          <Paper withBorder radius="md" p="lg">
            <Title order={2} size="h4" mb="xs">
              {t('dashboard.seasonTitle')}
            </Title>
            <EmptyBlock
              icon={IconChartBar}
              title={t('dashboard.noFigures')}
              description={t('dashboard.noFiguresHint')}
            />
          </Paper>
        )}
      </Stack>
    </>
  );
}
