import { Button, Grid, Paper, Tabs, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { AmcosDetail } from '@ushirika/contracts';
import type { ParseKeys } from 'i18next';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../components/DetailsLayout.tsx';
import { HistoryPanel } from '../../components/HistoryPanel.tsx';
import { InfoGrid } from '../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { Section } from '../../components/Section.tsx';
import { formatNumber } from '../../lib/format.ts';
import { hasPermission, useSession } from '../../lib/session.ts';
import { useCan } from '../../lib/use-can.ts';
import { NotesPanel } from '../notes/NotesPanel.tsx';
import { AmcosFormModal } from './AmcosListPage.tsx';
import { societies } from './hooks.ts';

/** A tab another area puts on the AMCOS details page (its farmers, users, crop stock). */
export interface AmcosDetailsTab {
  value: string;
  /** The translation key of the tab's label. */
  label: ParseKeys;
  testId?: string;
  /** Who sees the tab, as `useCan` asks; without a permission, everyone who sees the page. */
  permission?: string;
  audience?: 'any' | 'union';
  Panel: ComponentType<{ amcosId: string }>;
}

/**
 * What other areas show on the AMCOS details page. The page knows none of them (they all depend
 * on the AMCOS, not the other way round); the app's composition root fills the slots.
 */
export interface AmcosDetailsSlots {
  /** Beside the details: the society on a map, with what the slot adds (its farms). */
  Map: ComponentType<{ society: AmcosDetail }>;
  /** Tabs shown before the society's own stores and history tabs, in this order. */
  tabs: AmcosDetailsTab[];
}

export function AmcosDetailsRoute({ slots }: { slots: AmcosDetailsSlots }) {
  return (
    <RequirePermission permission="amcos.society.read">
      <AmcosDetailsPage slots={slots} />
    </RequirePermission>
  );
}

function AmcosDetailsPage({ slots }: { slots: AmcosDetailsSlots }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const society = societies.useOne(id);
  const isUnion = !user?.amcosId;
  const canUpdate = useCan('amcos.society.update', 'union');
  const [editing, setEditing] = useState(false);
  const a = society.data;
  if (!a) return <RecordUnavailable error={society.error} />;
  const tabs = slots.tabs.filter(
    (tab) =>
      (tab.audience !== 'union' || isUnion) && (!tab.permission || hasPermission(user, tab.permission)),
  );
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
            <slots.Map society={a} />
          </Paper>
        </Grid.Col>
      </Grid>
      <Tabs defaultValue={tabs[0]?.value ?? 'stores'} keepMounted={false}>
        <Tabs.List>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value} data-testid={tab.testId}>
              {t(tab.label)}
            </Tabs.Tab>
          ))}
          <Tabs.Tab value="stores">{t('amcosMd.stores')}</Tabs.Tab>
          <Tabs.Tab value="history">{t('history.title')}</Tabs.Tab>
        </Tabs.List>
        {tabs.map(({ value, Panel }) => (
          <Tabs.Panel key={value} value={value} pt="md">
            <Panel amcosId={a.id} />
          </Tabs.Panel>
        ))}
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
