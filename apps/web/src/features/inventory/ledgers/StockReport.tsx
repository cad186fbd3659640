import { Table, Text } from '@mantine/core';
import { IconPackages } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { Section } from '../../../components/Section.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { unitLabel } from '../../../lib/units.ts';
import { type InventoryReports, useInventoryReport } from './hooks.ts';
import { ReportFilters, type ReportFilterValues } from './ReportFilters.tsx';

/**
 * An inventory report screen: the header with its downloads (the file holds what the screen
 * shows: the same query), the report filters, then the report, or loading, or nothing found.
 */
export function StockReport<N extends keyof InventoryReports>({
  name,
  title,
  description,
  fileName,
  scope,
  range,
  emptyTitle,
  testId,
  children,
  footer,
}: {
  /** The report: `/api/reports/inventory/<name>`. */
  name: N;
  title: string;
  description: string;
  fileName: string;
  /** Union or AMCOS stores only; all the user may see when not given. */
  scope: 'union' | 'amcos' | undefined;
  /** A from-to range (ledgers), or a single "as at" date (quantities). */
  range: boolean;
  emptyTitle: string;
  testId: string;
  /** The table's head, rows and totals once there are some. */
  children: (data: InventoryReports[N]) => ReactNode;
  /** A note under the table. */
  footer?: (data: InventoryReports[N], filters: ReportFilterValues) => ReactNode;
}) {
  const [filters, setFilters] = useState<ReportFilterValues>({});
  const query = { ...filters, scope };
  const report = useInventoryReport(name, query);
  const data = report.data;
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile(`reports/inventory/${name}`, { ...query, format }, `${fileName}.${format}`)
            }
          />
        }
      />
      <ReportFreshness path={`reports/inventory/${name}`} />
      <Section mb="lg">
        <ReportFilters value={filters} onChange={setFilters} scope={scope} range={range} />
      </Section>
      {report.isLoading || !data ? (
        <LoadingBlock />
      ) : data.data.length === 0 ? (
        <EmptyBlock icon={IconPackages} title={emptyTitle} />
      ) : (
        <Section>
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid={testId}>
              {children(data)}
            </Table>
          </Table.ScrollContainer>
          {footer?.(data, filters)}
        </Section>
      )}
    </>
  );
}

/** A report row's store (with its society under it for an AMCOS store) and item cells; `withUnit` adds the item's unit. */
export function StoreItemCells({
  row,
  withUnit = false,
}: {
  row: { storeName: string; amcosName: string | null; itemCode: string; itemName: string; unit: string };
  withUnit?: boolean;
}) {
  return (
    <>
      <Table.Td>
        {row.storeName}
        {row.amcosName && (
          <Text size="xs" c="dimmed">
            {row.amcosName}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {row.itemCode} · {row.itemName}
        {withUnit && ` (${unitLabel(row.unit)})`}
      </Table.Td>
    </>
  );
}
