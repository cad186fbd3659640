import { Badge, Table, Text } from '@mantine/core';
import { dec } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { formatDecimal, formatMoney } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { StockReport, StoreItemCells } from './StockReport.tsx';

/** Quantity and value of every item in every store (or the AMCOS stores), now or as at a date. */
function QuantityByStorePage({ scope }: { scope?: 'amcos' }) {
  const { t } = useTranslation();
  const title = t(scope === 'amcos' ? 'screens.quantity_by_store_amcos' : 'screens.quantity_by_store');
  return (
    <StockReport
      name="quantity-by-store"
      title={title}
      description={t('inventoryMd.quantityNote')}
      fileName={scope === 'amcos' ? 'quantity-by-store-amcos' : 'quantity-by-store'}
      scope={scope}
      range={false}
      emptyTitle={t('inventoryMd.noStock')}
      testId="quantity-by-store"
      footer={(data, filters) =>
        !filters.to && (
          <Text size="sm" c="dimmed" mt="sm" data-testid="in-transit">
            {t('inventoryMd.inTransit')}: {formatMoney(data.totals.inTransitValue)}
          </Text>
        )
      }
    >
      {(data) => (
        <>
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
                <StoreItemCells row={r} />
                <Table.Td>{r.categoryName ?? '—'}</Table.Td>
                <Table.Td ta="right">
                  {dec(r.reorderLevel).gt(0) && dec(r.quantity).lte(dec(r.reorderLevel)) && (
                    <Badge color="orange" size="xs" mr={6}>
                      {t('inventoryMd.belowReorder')}
                    </Badge>
                  )}
                  {formatDecimal(r.quantity, 3)} {unitLabel(r.unit, r.quantity)}
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
        </>
      )}
    </StockReport>
  );
}

export const QuantityByStoreRoute = withPermission(() => <QuantityByStorePage />, 'inventory.store.read');
export const QuantityByStoreAmcosRoute = withPermission(
  () => <QuantityByStorePage scope="amcos" />,
  'inventory.store.read',
);
