import { Badge, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../components/EmptyBlock.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { useSearchParamsPatch } from '../../components/use-search-params-patch.ts';
import { roleLabel } from '../../lib/roles.ts';
import { useCan } from '../../lib/use-can.ts';
import { useRoles } from '../users/hooks.ts';
import { UserDetailsDrawer } from '../users/UserDetailsDrawer.tsx';
import { AddRoleHolder } from './AddRoleHolder.tsx';
import { RoleHoldersTable } from './RoleHoldersTable.tsx';
import { RolePermissions } from './RolePermissions.tsx';
import { RolesList } from './RolesList.tsx';

/** Roles, what they allow and who holds them; give a role to a user or take it away. */
/** Users are managed by the union only (the API refuses AMCOS users). */
export default function RoleAssignmentsPageRoute() {
  return (
    <RequirePermission permission="users.user.read" unionOnly>
      <RoleAssignmentsPage />
    </RequirePermission>
  );
}

function RoleAssignmentsPage() {
  const { t } = useTranslation();
  const roles = useRoles();
  const [params, patch] = useSearchParamsPatch();
  const selectedId = params.get('role') ?? roles.data?.[0]?.id ?? null;
  const selected = roles.data?.find((role) => role.id === selectedId) ?? null;
  const viewedId = params.get('user');
  const canEdit = useCan('users.user.update');

  const setParam = (key: string, value: string | null, clear: string[] = []) =>
    patch({ ...Object.fromEntries(clear.map((name) => [name, null])), [key]: value });

  return (
    <>
      <PageHeader
        title={t('roles.title')}
        description={t('roles.description')}
        breadcrumbs={[{ label: t('users.title'), to: '/users/all' }, { label: t('roles.title') }]}
      />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <RolesList
            roles={roles.data}
            loading={roles.isLoading}
            selectedId={selectedId}
            onSelect={(id) => setParam('role', id, ['h_page', 'h_search', 'h_sort'])}
          />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          {!selected ? (
            <Paper withBorder radius="md" p="lg">
              <EmptyBlock icon={IconShieldLock} title={t('roles.pick')} />
            </Paper>
          ) : (
            <Stack gap="lg">
              <Paper withBorder radius="md" p="lg" data-testid="role-details">
                <Group justify="space-between" mb="sm">
                  <Title order={2} size="h4">
                    {roleLabel(t, selected.name)}
                  </Title>
                  <Group gap={6}>
                    <Badge variant="light" color={selected.audience === 'amcos' ? 'grape' : 'teal'}>
                      {selected.audience === 'amcos' ? t('app.amcos') : t('app.union')}
                    </Badge>
                    {selected.builtIn && <Badge variant="outline">{t('roles.builtIn')}</Badge>}
                  </Group>
                </Group>
                <Text size="sm" c="dimmed" mb="sm">
                  {t('roles.permissionsTitle')}
                </Text>
                <RolePermissions permissions={selected.permissions} />
              </Paper>
              {canEdit && <AddRoleHolder role={selected} />}
              <div>
                <Title order={2} size="h4" mb="sm">
                  {t('roles.holders', { role: selected.name })}
                </Title>
                <RoleHoldersTable role={selected} onView={(user) => setParam('user', user.id)} />
              </div>
            </Stack>
          )}
        </Grid.Col>
      </Grid>
      <UserDetailsDrawer userId={viewedId} onClose={() => setParam('user', null)} />
    </>
  );
}
