import { Group, Paper, Select, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/DateField.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { seasonCrops } from '../../seasons/hooks.ts';
import { useAuctionReport } from './hooks.ts';

type Col = { key: string; label: string; kind?: 'amount' | 'kg' | 'count' | 'date' };
type ReportDef = {
  path: string;
  title: 'price' | 'details' | 'buyer' | 'warehouse';
  columns: (t: (k: string) => string) => Col[];
};

const base = (t: (k: string) => string): Col[] => [
  { key: 'auctionNo', label: t('auctionsMd.auction') },
  { key: 'auctionDate', label: t('auctionsMd.date'), kind: 'date' },
];
const REPORTS: Record<ReportDef['title'], ReportDef> = {
  price: {
    path: 'auction-price',
    title: 'price',
    columns: (t) => [
      ...base(t),
      { key: 'gradeName', label: t('auctionsMd.grade') },
      { key: 'lots', label: t('auctionsMd.lots'), kind: 'count' },
      { key: 'kg', label: t('auctionsMd.netKg'), kind: 'kg' },
      { key: 'minPrice', label: t('auctionsMd.minPrice'), kind: 'amount' },
      { key: 'maxPrice', label: t('auctionsMd.maxPrice'), kind: 'amount' },
      { key: 'averagePrice', label: t('auctionsMd.averagePrice'), kind: 'amount' },
      { key: 'amount', label: t('auctionsMd.amount'), kind: 'amount' },
    ],
  },
  details: {
    path: 'auction-details',
    title: 'details',
    columns: (t) => [
      ...base(t),
      { key: 'lotNo', label: t('auctionsMd.lotNo') },
      { key: 'amcosName', label: t('fields.amcos') },
      { key: 'warehouseName', label: t('auctionsMd.warehouse') },
      { key: 'gradeName', label: t('auctionsMd.grade') },
      { key: 'buyerName', label: t('auctionsMd.buyer') },
      { key: 'kg', label: t('auctionsMd.netKg'), kind: 'kg' },
      { key: 'pricePerKg', label: t('auctionsMd.pricePerKg'), kind: 'amount' },
      { key: 'amount', label: t('auctionsMd.amount'), kind: 'amount' },
    ],
  },
  buyer: {
    path: 'buyer-auction-details',
    title: 'buyer',
    columns: (t) => [
      ...base(t),
      { key: 'name', label: t('auctionsMd.buyer') },
      { key: 'code', label: t('auctionsMd.bidCode') },
      { key: 'lots', label: t('auctionsMd.lots'), kind: 'count' },
      { key: 'kg', label: t('auctionsMd.netKg'), kind: 'kg' },
      { key: 'averagePrice', label: t('auctionsMd.averagePrice'), kind: 'amount' },
      { key: 'amount', label: t('auctionsMd.amount'), kind: 'amount' },
    ],
  },
  warehouse: {
    path: 'warehouse-auction-details',
    title: 'warehouse',
    columns: (t) => [
      ...base(t),
      { key: 'name', label: t('auctionsMd.warehouse') },
      { key: 'lots', label: t('auctionsMd.lots'), kind: 'count' },
      { key: 'kg', label: t('auctionsMd.netKg'), kind: 'kg' },
      { key: 'averagePrice', label: t('auctionsMd.averagePrice'), kind: 'amount' },
      { key: 'amount', label: t('auctionsMd.amount'), kind: 'amount' },
    ],
  },
};

const guard = (report: ReportDef) => () => (
  <RequirePermission permission="reports.report.read">
    <AuctionReport report={report} />
  </RequirePermission>
);
export const AuctionPriceRoute = guard(REPORTS.price);
export const AuctionDetailsReportRoute = guard(REPORTS.details);
export const BuyerAuctionRoute = guard(REPORTS.buyer);
export const WarehouseAuctionRoute = guard(REPORTS.warehouse);

function cell(value: string | number | undefined, kind: Col['kind']): string {
  if (value === undefined) return '';
  if (kind === 'amount') return formatDecimal(String(value));
  if (kind === 'kg') return formatDecimal(String(value), 3);
  if (kind === 'date') return formatDate(String(value));
  return String(value);
}

function AuctionReport({ report }: { report: ReportDef }) {
  const { t } = useTranslation();
  const tt = t as unknown as (k: string) => string;
  const [seasonCropId, setSeasonCropId] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const query = { season_crop_id: seasonCropId ?? undefined, from: from || undefined, to: to || undefined };
  const data = useAuctionReport(report.path, query);
  const crops = seasonCrops.useOptions();
  const columns = report.columns(tt);
  const title = t(`auctionsMd.reports.${report.title}`);
  const right = (c: Col) => (c.kind && c.kind !== 'date' ? 'right' : undefined);
  return (
    <>
      <PageHeader
        title={title}
        breadcrumbs={[{ label: t('auctionsMd.reports.group') }, { label: title }]}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile(`reports/auction/${report.path}`, { ...query, format }, `${report.path}.${format}`)
            }
          />
        }
      />
      <ReportFreshness path={`reports/auction/${report.path}`} />
      <Group mb="md" align="flex-end">
        <Select
          label={t('auctionsMd.seasonCrop')}
          clearable
          data={(crops.data ?? []).map((c) => ({ value: c.id, label: `${c.seasonName} · ${c.cropName}` }))}
          value={seasonCropId}
          onChange={setSeasonCropId}
          w={240}
        />
        <DateField
          label={t('auctionsMd.from')}
          value={from}
          onChange={(e) => setFrom(e.currentTarget.value)}
        />
        <DateField label={t('auctionsMd.to')} value={to} onChange={(e) => setTo(e.currentTarget.value)} />
      </Group>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        {data.isLoading ? (
          <LoadingBlock />
        ) : !data.data || data.data.rows.length === 0 ? (
          <EmptyBlock icon={IconInbox} title={t('auctionsMd.reports.empty')} />
        ) : (
          <Table striped aria-label={title} data-testid="auction-report" miw={800}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c) => (
                  <Table.Th key={c.key} ta={right(c)}>
                    {c.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.data.rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id; their order is fixed
                <Table.Tr key={i}>
                  {columns.map((c) => (
                    <Table.Td key={c.key} ta={right(c)}>
                      {cell(r[c.key], c.kind)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-testid="report-totals">
                {columns.map((c, i) => (
                  <Table.Th key={c.key} ta={right(c)}>
                    {i === 0
                      ? t('auctionsMd.total')
                      : c.key === 'lots'
                        ? data.data?.totals.lots
                        : c.key === 'kg'
                          ? cell(data.data?.totals.kg, 'kg')
                          : c.key === 'amount'
                            ? cell(data.data?.totals.amount, 'amount')
                            : ''}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        )}
      </Paper>
      <Text size="xs" c="dimmed" mt="xs">
        {t('auctionsMd.reports.note')}
      </Text>
    </>
  );
}
