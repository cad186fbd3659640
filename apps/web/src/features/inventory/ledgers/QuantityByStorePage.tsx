import { Badge, Table, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { dec } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { useQuantityByStore } from './hooks.ts';
import { ReportFilters, type ReportFilterValues } from './ReportFilters.tsx';

/** Quantity and value of every item in every store (or the AMCOS stores), now or as at a date. */
function QuantityByStorePage({ scope }: { scope?: 'amcos' }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReportFilterValues>({});
  const query = { ...filters, scope };
  const report = useQuantityByStore(query);
  const title = t(scope === 'amcos' ? 'screens.quantity_by_store_amcos' : 'screens.quantity_by_store');
  const name = scope === 'amcos' ? 'quantity-by-store-amcos' : 'quantity-by-store';
  const data = report.data;
  return (
    <>
      <PageHeader
        title={title}
        description={t('inventoryMd.quantityNote')}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile('reports/inventory/quantity-by-store', { ...query, format }, `${name}.${format}`)
            }
          />
        }
      />
      <Section mb="lg">
        <ReportFilters value={filters} onChange={setFilters} scope={scope} range={false} />
      </Section>
      {report.isLoading || !data ? (
        <LoadingBlock />
      ) : data.data.length === 0 ? (
        <EmptyBlock icon={IconPackages} title={t('inventoryMd.noStock')} />
      ) : (
        <Section>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="quantity-by-store">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('inventoryMd.store')}</Table.Th>
                  <Table.Th>{t('inventoryMd.item')}</Table.Th>
                  <Table.Th>{t('inventoryMd.category')}</Table.Th>
                  <Table.Th ta="right">{t('inventoryMd.quantity')}</Table.Th>
                  <Table.Th ta="right">{t('inventoryMd.avgCost')}</Table.Th>
                  <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.data.map((r) => (
                  <Table.Tr key={`${r.storeId}-${r.itemId}`}>
                    <Table.Td>
                      {r.storeName}
                      {r.amcosName && (
                        <Text size="xs" c="dimmed">
                          {r.amcosName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.itemCode} · {r.itemName}
                    </Table.Td>
                    <Table.Td>{r.categoryName ?? '—'}</Table.Td>
                    <Table.Td ta="right">
                      {dec(r.reorderLevel).gt(0) && dec(r.quantity).lte(dec(r.reorderLevel)) && (
                        <Badge color="orange" size="xs" mr={6}>
                          {t('inventoryMd.belowReorder')}
                        </Badge>
                      )}
                      {formatDecimal(r.quantity, 3)} {r.unit}
                    </Table.Td>
                    <Table.Td ta="right">{formatDecimal(r.avgCost, 2)}</Table.Td>
                    <Table.Td ta="right">{formatDecimal(r.value, 2)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr>
                  <Table.Th colSpan={5}>{t('inventoryMd.total')}</Table.Th>
                  <Table.Th ta="right" data-testid="quantity-total">
                    {formatMoney(data.totals.value)}
                  </Table.Th>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
          {!filters.to && (
            <Text size="sm" c="dimmed" mt="sm" data-testid="in-transit">
              {t('inventoryMd.inTransit')}: {formatMoney(data.totals.inTransitValue)}
            </Text>
          )}
        </Section>
      )}
    </>
  );
}

export const QuantityByStoreRoute = withPermission(() => <QuantityByStorePage />, 'inventory.store.read');
export const QuantityByStoreAmcosRoute = withPermission(
  () => <QuantityByStorePage scope="amcos" />,
  'inventory.store.read',
);
