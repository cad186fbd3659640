import { Button, Grid, Paper, Stack, Tabs, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { FarmMap } from '../../components/FarmMap.tsx';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { formatNumber } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useCan } from '../../lib/use-can.ts';
import { StockTable } from '../crop-flow/collections/StockTable.tsx';
import { FarmersTable } from '../farmers/FarmersTable.tsx';
import { useFarmPoints } from '../farmers/hooks.ts';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { useUsers } from '../users/hooks.ts';
import { AmcosFormModal } from './AmcosListPage.tsx';
import { societies } from './hooks.ts';

export default function AmcosDetailsRoute() {
  return (
    <RequirePermission permission="amcos.society.read">
      <AmcosDetailsPage />
    </RequirePermission>
  );
}

function AmcosDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const society = societies.useOne(id);
  const loaded = Boolean(society.data);
  const points = useFarmPoints({ amcos_id: id }, loaded);
  const isUnion = !user?.amcosId;
  const canReadUsers = useCan('users.user.read', 'union');
  const canUpdate = useCan('amcos.society.update', 'union');
  const canReadStock = useCan('collections.collection.read');
  const users = useUsers({ amcos_id: id, per_page: 50 }, canReadUsers);
  const [editing, setEditing] = useState(false);
  const a = society.data;
  if (!a) return <RecordUnavailable error={society.error} />;
  const mapPoints = [
    ...(a.location ? [{ id: a.id, lat: a.location.lat, lng: a.location.lng, label: a.name }] : []),
    ...(points.data ?? [])
      .slice(0, 2000)
      .map((p) => ({ id: p.farmId, lat: p.lat, lng: p.lng, label: `${p.farmerNo} ${p.farmerName}` })),
  ];
  return (
    <DetailsLayout
      title={`${a.code} · ${a.name}`}
      breadcrumbs={[{ label: t('menu.amcos'), ...(isUnion ? { to: '/amcos/list' } : {}) }, { label: a.code }]}
      status={a.status}
      actions={
        canUpdate ? (
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            {t('common.edit')}
          </Button>
        ) : undefined
      }
    >
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Section title={t('fields.details')}>
            <InfoGrid
              cols={{ base: 1, sm: 3 }}
              items={[
                [t('union.registrationNo'), a.registrationNo],
                [t('fields.council'), a.councilName],
                [t('fields.ward'), a.ward],
                [t('fields.village'), a.village],
                [t('amcosMd.manager'), a.manager],
                [t('fields.phone'), a.phone],
                [t('fields.email'), a.email],
                [t('fields.bank'), a.bankName],
                [t('fields.accountNo'), a.accountNo],
                [t('amcosMd.farmers'), formatNumber(a.farmerCount)],
                [t('amcosMd.farms'), formatNumber(a.farmCount)],
                [t('amcosMd.users'), a.userCount],
              ]}
            />
          </Section>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <FarmMap points={mapPoints} height={300} testId="amcos-map" />
          </Paper>
        </Grid.Col>
      </Grid>
      <Tabs defaultValue="farmers" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="farmers">{t('amcosMd.farmers')}</Tabs.Tab>
          {isUnion && <Tabs.Tab value="users">{t('amcosMd.users')}</Tabs.Tab>}
          {canReadStock && (
            <Tabs.Tab value="crop-stock" data-testid="amcos-stock-tab">
              {t('collectionsMd.stockTitle')}
            </Tabs.Tab>
          )}
          <Tabs.Tab value="stores">{t('amcosMd.stores')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('history.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="farmers" pt="md">
          <FarmersTable amcosId={a.id} prefix="f_" />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <Stack gap="xs">
            {(users.data?.data ?? []).map((u) => (
              <Text key={u.id} size="sm">
                {u.firstName} {u.lastName} · {u.email} · {u.roles.map((r) => r.name).join(', ')}
              </Text>
            ))}
            {users.data?.data.length === 0 && <Text c="dimmed">{t('amcosMd.noUsers')}</Text>}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="crop-stock" pt="md">
          <StockTable amcosId={a.id} />
        </Tabs.Panel>
        <Tabs.Panel value="stores" pt="md">
          <Text c="dimmed">{t('amcosMd.storesLater')}</Text>
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="md">
          <HistoryPanel entity="amcos" id={a.id} variant="bare" withTitle={false} />
        </Tabs.Panel>
      </Tabs>
      <NotesPanel subject="amcos" id={a.id} />
      {editing && <AmcosFormModal society={a} onClose={() => setEditing(false)} />}
    </DetailsLayout>
  );
}
