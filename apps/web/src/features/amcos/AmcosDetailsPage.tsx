import { Button, Grid, Group, Paper, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { FarmMap } from '../../components/FarmMap.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { hasPermission, useSession } from '../../lib/session.ts';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { StockTable } from '../crop-flow/collections/StockTable.tsx';
import { FarmersTable } from '../farmers/FarmersTable.tsx';
import { useFarmPoints } from '../farmers/hooks.ts';
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

function Field({ label, value }: { label: string; value: string | number | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value ?? '—'}</Text>
    </div>
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
  const users = useUsers({ amcos_id: id, per_page: 50 }, isUnion && hasPermission(user, 'users.user.read'));
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
    <>
      <PageHeader
        title={`${a.code} · ${a.name}`}
        breadcrumbs={[{ label: t('menu.amcos'), to: isUnion ? '/amcos/list' : undefined }, { label: a.code }]}
        actions={
          isUnion && hasPermission(user, 'amcos.society.update') ? (
            <Button
              variant="default"
              leftSection={<IconPencil size={16} aria-hidden />}
              onClick={() => setEditing(true)}
            >
              {t('common.edit')}
            </Button>
          ) : undefined
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper withBorder p="lg" radius="md">
            <Group justify="space-between" mb="md">
              <Title order={2} size="h5">
                {t('fields.details')}
              </Title>
              <StatusBadge status={a.status} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Field label={t('union.registrationNo')} value={a.registrationNo} />
              <Field label={t('fields.council')} value={a.councilName} />
              <Field label={t('fields.ward')} value={a.ward} />
              <Field label={t('fields.village')} value={a.village} />
              <Field label={t('amcosMd.manager')} value={a.manager} />
              <Field label={t('fields.phone')} value={a.phone} />
              <Field label={t('fields.email')} value={a.email} />
              <Field label={t('fields.bank')} value={a.bankName} />
              <Field label={t('fields.accountNo')} value={a.accountNo} />
              <Field label={t('amcosMd.farmers')} value={a.farmerCount.toLocaleString()} />
              <Field label={t('amcosMd.farms')} value={a.farmCount.toLocaleString()} />
              <Field label={t('amcosMd.users')} value={a.userCount} />
            </SimpleGrid>
          </Paper>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder p="md" radius="md">
            <FarmMap points={mapPoints} height={300} testId="amcos-map" />
          </Paper>
        </Grid.Col>
      </Grid>
      <Tabs defaultValue="farmers" mt="lg" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="farmers">{t('amcosMd.farmers')}</Tabs.Tab>
          {isUnion && <Tabs.Tab value="users">{t('amcosMd.users')}</Tabs.Tab>}
          {hasPermission(user, 'collections.collection.read') && (
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
      {editing && <AmcosFormModal society={a} onClose={() => setEditing(false)} />}
    </>
  );
}
