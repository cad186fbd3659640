import { Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { formatDecimal } from '../../../lib/format.ts';
import { StockReport, StoreItemCells } from './StockReport.tsx';

const SCREEN = { all: 'store_ledger', amcos: 'amcos_store_ledger', union: 'union_store_ledger' } as const;

/** Opening, in, out and closing per item and store over a date range. */
function StoreLedgerReportPage({ scope }: { scope: keyof typeof SCREEN }) {
  const { t } = useTranslation();
  const pair = (qty: string, value: string) => (
    <>
      {formatDecimal(qty, 3)}
      <Text size="xs" c="dimmed">
        {formatDecimal(value, 2)}
      </Text>
    </>
  );
  return (
    <StockReport
      name="store-ledger"
      title={t(`screens.${SCREEN[scope]}`)}
      description={t('inventoryMd.storeLedgerNote')}
      fileName={SCREEN[scope]}
      scope={scope === 'all' ? undefined : scope}
      range
      emptyTitle={t('inventoryMd.noMovements')}
      testId="store-ledger-report"
    >
      {(data) => (
        <>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inventoryMd.store')}</Table.Th>
              <Table.Th>{t('inventoryMd.item')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.opening')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.in')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.out')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.closing')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.data.map((r) => (
              <Table.Tr key={`${r.storeId}-${r.itemId}`}>
                <StoreItemCells row={r} withUnit />
                <Table.Td ta="right">{pair(r.openingQuantity, r.openingValue)}</Table.Td>
                <Table.Td ta="right">{pair(r.inQuantity, r.inValue)}</Table.Td>
                <Table.Td ta="right">{pair(r.outQuantity, r.outValue)}</Table.Td>
                <Table.Td ta="right">{pair(r.closingQuantity, r.closingValue)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('inventoryMd.total')}</Table.Th>
              <Table.Th ta="right">{formatDecimal(data.totals.openingValue, 2)}</Table.Th>
              <Table.Th ta="right">{formatDecimal(data.totals.inValue, 2)}</Table.Th>
              <Table.Th ta="right">{formatDecimal(data.totals.outValue, 2)}</Table.Th>
              <Table.Th ta="right" data-testid="ledger-closing-total">
                {formatDecimal(data.totals.closingValue, 2)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </>
      )}
    </StockReport>
  );
}

export const StoreLedgersRoute = withPermission(
  () => <StoreLedgerReportPage scope="all" />,
  'inventory.store.read',
);
export const AmcosStoreLedgerRoute = withPermission(
  () => <StoreLedgerReportPage scope="amcos" />,
  'inventory.store.read',
);
export const UnionStoreLedgerRoute = withPermission(
  () => <StoreLedgerReportPage scope="union" />,
  'inventory.store.read',
  { unionOnly: true },
);
