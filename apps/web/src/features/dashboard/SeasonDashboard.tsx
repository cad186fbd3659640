import { Alert, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCalendarOff, IconChartBar } from '@tabler/icons-react';
import type { DashboardReply } from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock } from '../../components/EmptyBlock.tsx';
import { formatDecimal, formatKg, formatMoney, formatNumber } from '../../lib/format.ts';
import { DailyArea, KgBars, LotsDonut, type Slice } from './charts.tsx';
import { useSeasonDashboard } from './hooks.ts';
import { LOT_COLORS } from './lot-colors.ts';
import { PayablesCards } from './PayablesCards.tsx';
import { StatCard } from './StatCard.tsx';

function Panel({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Loading() {
  return (
    <Stack gap="md" data-testid="dashboard-loading">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[1, 2, 3, 4].map((i) => (
          <Skeleton key={i} height={84} radius="md" />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Skeleton height={220} radius="md" />
        <Skeleton height={220} radius="md" />
      </SimpleGrid>
    </Stack>
  );
}

/** The season at a glance for the signed-in user's scope: stat cards, charts and a season picker. */
export function SeasonDashboard() {
  const { t } = useTranslation();
  const [seasonId, setSeasonId] = useState<string | null>(null);
  const dashboard = useSeasonDashboard(seasonId);
  const d = dashboard.data;

  const picker = d && d.seasons.length > 0 && (
    <Select
      label={t('dashboard.season')}
      w={220}
      allowDeselect={false}
      value={d.season?.id ?? null}
      onChange={setSeasonId}
      data={d.seasons.map((s) => ({
        value: s.id,
        label: s.status === 'open' ? `${s.name} (${t('dashboard.seasonOpen')})` : s.name,
      }))}
      data-testid="dashboard-season"
    />
  );

  let body: React.ReactNode;
  if (dashboard.isLoading) body = <Loading />;
  else if (dashboard.isError || !d) body = <Alert color="red">{t('dashboard.loadFailed')}</Alert>;
  else if (!d.season)
    body = (
      <EmptyBlock
        icon={IconCalendarOff}
        title={t('dashboard.noSeason')}
        description={t('dashboard.noSeasonHint')}
      />
    );
  else if (d.collectedKg === '0.000' && Object.values(d.lots).every((l) => l.count === 0))
    body = (
      <EmptyBlock
        icon={IconChartBar}
        title={t('dashboard.noFigures')}
        description={t('dashboard.noFiguresHint')}
      />
    );
  else body = <Figures d={d} />;

  return (
    <Stack gap="md" data-testid="season-dashboard">
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {t('dashboard.seasonTitle')}
          {d?.season ? ` · ${d.season.name}` : ''}
        </Title>
        {picker}
      </Group>
      {body}
    </Stack>
  );
}

function Figures({ d }: { d: DashboardReply }) {
  const { t } = useTranslation();
  const slices: Slice[] = (Object.keys(LOT_COLORS) as (keyof DashboardReply['lots'])[]).map((key) => ({
    key,
    label: t(`dashboard.status_${key}`),
    count: d.lots[key].count,
    kg: d.lots[key].kg,
    color: LOT_COLORS[key],
  }));
  const lotTotal = slices.reduce((n, s) => n + s.count, 0);
  // Every lot sold this season, whether its buyer has collected it yet (released) or not.
  const sold = {
    count: d.lots.sold.count + d.lots.released.count,
    kg: sum([d.lots.sold.kg, d.lots.released.kg]).toFixed(3),
  };
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <StatCard testId="stat-collected" label={t('dashboard.collected')} value={formatKg(d.collectedKg)} />
        <StatCard
          testId="stat-stock"
          label={t('dashboard.stock')}
          value={formatKg(d.stockKg)}
          hint={t('dashboard.stockHint')}
        />
        <StatCard
          testId="stat-in-store"
          label={t('dashboard.lotsInStore')}
          value={formatNumber(d.lots.in_store.count)}
          hint={t('dashboard.lotsInStoreHint', { kg: formatKg(d.lots.in_store.kg) })}
        />
        <StatCard
          testId="stat-sold"
          label={t('dashboard.lotsSold')}
          value={formatNumber(sold.count)}
          hint={t('dashboard.lotsSoldHint', {
            kg: formatKg(sold.kg),
            released: formatNumber(d.lots.released.count),
          })}
        />
        {d.avgPrice.map((p) => (
          <StatCard
            key={p.crop}
            testId="stat-price"
            label={`${t('dashboard.avgPrice')} · ${p.crop}`}
            value={`${formatMoney(p.pricePerKg)}`}
            hint={`${t('dashboard.perKg')} · ${formatKg(p.kg)}`}
          />
        ))}
        {d.money && (
          <>
            <StatCard
              testId="stat-invoiced"
              label={t('dashboard.invoiced')}
              value={formatMoney(d.money.invoiced)}
              hint={t('dashboard.invoicedHint')}
            />
            <StatCard
              testId="stat-received"
              label={t('dashboard.received')}
              value={formatMoney(d.money.received)}
              hint={t('dashboard.receivedHint')}
            />
            <StatCard
              testId="stat-outstanding"
              label={t('dashboard.outstanding')}
              value={formatMoney(d.money.outstanding)}
              hint={t('dashboard.outstandingHint', { credit: formatMoney(d.money.unallocatedCredit) })}
            />
          </>
        )}
        <PayablesCards payables={d.payables} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Panel title={t('dashboard.byAmcos')}>
          <KgBars
            testId="kg-by-amcos"
            rows={d.byAmcos.map((r) => ({
              key: r.id ?? 'others',
              label: r.id ? r.name : t('dashboard.others'),
              kg: r.kg,
            }))}
          />
        </Panel>
        <Panel title={t('dashboard.byDay')}>
          <DailyArea days={d.byDay} label={t('dashboard.byDay')} />
        </Panel>
        <Panel title={t('dashboard.lotsByStatus')}>
          {lotTotal === 0 ? (
            <Text c="dimmed" size="sm">
              {t('dashboard.noLots')}
            </Text>
          ) : (
            <LotsDonut slices={slices} center={t('dashboard.lotCount', { count: lotTotal })} />
          )}
        </Panel>
        <Panel title={t('dashboard.byCrop')}>
          <KgBars
            testId="kg-by-crop"
            rows={d.byCrop.map((r) => ({ key: r.id ?? r.name, label: r.name, kg: r.kg }))}
          />
          {d.avgPrice.length === 0 && (
            <Text c="dimmed" size="xs" mt="sm">
              {t('dashboard.noSales')}
            </Text>
          )}
          {d.avgPrice.map((p) => (
            <Text key={p.crop} size="xs" c="dimmed" mt="sm">
              {t('dashboard.avgPrice')} · {p.crop}: {formatDecimal(p.pricePerKg, 2)} TZS{' '}
              {t('dashboard.perKg')}
            </Text>
          ))}
        </Panel>
      </SimpleGrid>
    </Stack>
  );
}
