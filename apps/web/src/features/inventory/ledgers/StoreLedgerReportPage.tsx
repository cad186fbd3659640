import { Table, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { useStoreLedgerReport } from './hooks.ts';
import { ReportFilters, type ReportFilterValues } from './ReportFilters.tsx';

const SCREEN = { all: 'store_ledger', amcos: 'amcos_store_ledger', union: 'union_store_ledger' } as const;

/** Opening, in, out and closing per item and store over a date range. */
function StoreLedgerReportPage({ scope }: { scope: keyof typeof SCREEN }) {
  const { t } = useTranslation();
  const [filters, setFilters] = useState<ReportFilterValues>({});
  const query = { ...filters, scope: scope === 'all' ? undefined : scope };
  const report = useStoreLedgerReport(query);
  const data = report.data;
  const pair = (qty: string, value: string) => (
    <>
      {formatDecimal(qty, 3)}
      <Text size="xs" c="dimmed">
        {formatDecimal(value, 2)}
      </Text>
    </>
  );
  return (
    <>
      <PageHeader
        title={t(`screens.${SCREEN[scope]}`)}
        description={t('inventoryMd.storeLedgerNote')}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile(
                'reports/inventory/store-ledger',
                { ...query, format },
                `${SCREEN[scope]}.${format}`,
              )
            }
          />
        }
      />
      <Section mb="lg">
        <ReportFilters value={filters} onChange={setFilters} scope={query.scope} range />
      </Section>
      {report.isLoading || !data ? (
        <LoadingBlock />
      ) : data.data.length === 0 ? (
        <EmptyBlock icon={IconPackages} title={t('inventoryMd.noMovements')} />
      ) : (
        <Section>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid="store-ledger-report">
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
                    <Table.Td>
                      {r.storeName}
                      {r.amcosName && (
                        <Text size="xs" c="dimmed">
                          {r.amcosName}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {r.itemCode} · {r.itemName} ({r.unit})
                    </Table.Td>
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
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
    </>
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
