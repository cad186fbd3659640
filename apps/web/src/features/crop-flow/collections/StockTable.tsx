import { Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingWarehouse } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { formatKg, formatNumber } from '../../../lib/format.ts';
import { useStock } from './hooks.ts';

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
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped data-testid="stock-table" aria-label={t('collectionsMd.stockTitle')}>
        <Table.Thead>
          <Table.Tr>
            {showAmcos && <Table.Th>{t('fields.amcos')}</Table.Th>}
            <Table.Th>{t('collectionsMd.seasonCrop')}</Table.Th>
            <Table.Th>{t('collectionsMd.grade')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.collectedKg')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.deliveredKg')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.inTransitKg')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.stockBags')}</Table.Th>
            <Table.Th ta="right">{t('collectionsMd.stockKg')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={`${r.amcosId}-${r.seasonCropId}-${r.gradeId}`}>
              {showAmcos && <Table.Td>{`${r.amcosCode} · ${r.amcosName}`}</Table.Td>}
              <Table.Td>{`${r.seasonName} · ${r.cropName}`}</Table.Td>
              <Table.Td>{`${r.gradeCode} · ${r.gradeName}`}</Table.Td>
              <Table.Td ta="right">{formatKg(r.collectedKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(r.deliveredKg)}</Table.Td>
              <Table.Td ta="right">{formatKg(r.inTransitKg)}</Table.Td>
              <Table.Td ta="right">{formatNumber(r.stockBags)}</Table.Td>
              <Table.Td ta="right" fw={600} data-testid="stock-kg">
                {formatKg(r.stockKg)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        {stock.data && (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={showAmcos ? 3 : 2}>{t('collectionsMd.total')}</Table.Th>
              <Table.Th ta="right">{formatKg(stock.data.totals.collectedKg)}</Table.Th>
              <Table.Th />
              <Table.Th ta="right">{formatKg(stock.data.totals.inTransitKg)}</Table.Th>
              <Table.Th ta="right">{formatNumber(stock.data.totals.stockBags)}</Table.Th>
              <Table.Th ta="right" data-testid="stock-total-kg">
                {formatKg(stock.data.totals.stockKg)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </Table.ScrollContainer>
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
