import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import type { StockReply } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { formatKg } from '../../../lib/format.ts';
import { useStock } from './hooks.ts';

type StockRow = StockReply['data'][number];

/**
 * The AMCOS stock per season crop and grade: collected, delivered (on delivery notes), in
 * transit (dispatched, not yet received) and in stock at the AMCOS. Union staff see one row per
 * AMCOS unless `amcosId` names one; an AMCOS user always sees their own.
 */
export function StockTable({ amcosId }: { amcosId?: string }) {
  const { t } = useTranslation();
  const stock = useStock(amcosId ? { amcos_id: amcosId } : {});
  if (stock.isLoading) return <LoadingBlock />;
  const rows = stock.data?.data ?? [];
  if (rows.length === 0) {
    return <EmptyBlock icon={IconBuildingWarehouse} title={t('collectionsMd.stockEmpty')} />;
  }
  const showAmcos = !amcosId && new Set(rows.map((r) => r.amcosId)).size > 1;
  const columns: LineColumn<StockRow>[] = [
    ...(showAmcos
      ? [
          {
            key: 'amcos',
            header: t('fields.amcos'),
            value: (r: StockRow) => `${r.amcosCode} · ${r.amcosName}`,
          },
        ]
      : []),
    {
      key: 'seasonCrop',
      header: t('collectionsMd.seasonCrop'),
      value: (r) => `${r.seasonName} · ${r.cropName}`,
    },
    { key: 'grade', header: t('collectionsMd.grade'), value: (r) => `${r.gradeCode} · ${r.gradeName}` },
    { key: 'collected', header: t('collectionsMd.collectedKg'), kind: 'kg', value: (r) => r.collectedKg },
    { key: 'delivered', header: t('collectionsMd.deliveredKg'), kind: 'kg', value: (r) => r.deliveredKg },
    { key: 'inTransit', header: t('collectionsMd.inTransitKg'), kind: 'kg', value: (r) => r.inTransitKg },
    { key: 'bags', header: t('collectionsMd.stockBags'), kind: 'count', value: (r) => r.stockBags },
    {
      key: 'stock',
      header: t('collectionsMd.stockKg'),
      kind: 'kg',
      value: (r) => r.stockKg,
      strong: true,
      testId: 'stock-kg',
      totalTestId: 'stock-total-kg',
    },
  ];
  const totals = stock.data?.totals;
  return (
    <LinesTable
      label={t('collectionsMd.stockTitle')}
      columns={columns}
      lines={rows}
      lineKey={(r) => `${r.amcosId}-${r.seasonCropId}-${r.gradeId}`}
      totals={
        totals && {
          collected: totals.collectedKg,
          inTransit: totals.inTransitKg,
          bags: totals.stockBags,
          stock: totals.stockKg,
        }
      }
      minWidth={720}
      testId="stock-table"
    />
  );
}

/** Dashboard tile: kg collected and in stock for the user's scope (their AMCOS, or the union). */
export function StockTile() {
  const { t } = useTranslation();
  const stock = useStock();
  const totals = stock.data?.totals;
  return (
    <Paper withBorder radius="md" p="lg" data-testid="stock-tile">
      <Group gap="xs" mb="sm">
        <IconBuildingWarehouse size={20} aria-hidden />
        <Title order={2} size="h4">
          {t('collectionsMd.tileTitle')}
        </Title>
      </Group>
      {stock.isLoading ? (
        <LoadingBlock />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {[
            [t('collectionsMd.collectedKg'), formatKg(totals?.collectedKg ?? '0')],
            [t('collectionsMd.stockKg'), formatKg(totals?.stockKg ?? '0')],
            [t('collectionsMd.inTransitKg'), formatKg(totals?.inTransitKg ?? '0')],
          ].map(([label, value]) => (
            <Stack gap={2} key={label}>
              <Text size="xs" c="dimmed">
                {label}
              </Text>
              <Text size="xl" fw={700}>
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
      )}
    </Paper>
  );
}
