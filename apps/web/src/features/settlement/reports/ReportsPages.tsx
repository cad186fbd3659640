import { Group, Paper, Select, Table } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { SettlementReport } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { api } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatDecimal } from '../../../lib/format.ts';
import { auctions } from '../../sales/auctions/hooks.ts';
import { seasonCrops } from '../../seasons/hooks.ts';

type ReportKey = 'farmerPayments' | 'amcos' | 'beneficiaries' | 'district' | 'council';
const PATHS: Record<ReportKey, string> = {
  farmerPayments: 'farmer-payments-summary',
  amcos: 'amcos-auction-details',
  beneficiaries: 'beneficiaries-auction-details',
  district: 'district-auction-details',
  council: 'council-auction-details',
};

/** One payment report of approved settlements: a season filter, the table with totals, xlsx and PDF. */
function SettlementReportPage({ report }: { report: ReportKey }) {
  const { t, i18n } = useTranslation();
  const [seasonCropId, setSeasonCropId] = useState<string | null>(null);
  const [auctionId, setAuctionId] = useState<string | null>(null);
  const options = seasonCrops.useOptions();
  const auctionOptions = auctions.useOptions({ status: 'closed' });
  const path = `reports/auction/${PATHS[report]}`;
  const query = { season_crop_id: seasonCropId ?? undefined, auction_id: auctionId ?? undefined };
  const data = useQuery({
    queryKey: ['settlement-report', report, query],
    queryFn: ({ signal }) => api.get<{ data: SettlementReport }>(path, query, signal),
    select: (r) => r.data,
  });
  const label = (key: string, fallback: string) => {
    const k = `pay.reportColumns.${key}`;
    return i18n.exists(k) ? t(k as 'pay.reportColumns.kg') : fallback;
  };
  const show = (v: string | number | undefined, amount?: boolean, key?: string) =>
    v === undefined
      ? ''
      : amount && typeof v === 'string'
        ? formatDecimal(v, key === 'kg' ? 3 : 2)
        : String(v);
  const r = data.data;
  return (
    <RequirePermission permission="reports.report.read">
      <PageHeader
        title={t(`pay.reports.${report}`)}
        breadcrumbs={[{ label: t('pay.reportsMenu') }, { label: t(`pay.reports.${report}`) }]}
      />
      <ReportFreshness path={path} />
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" mb="md">
          <Select
            label={t('fields.season')}
            placeholder={t('pay.allSeasons')}
            clearable
            data={(options.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.seasonName} ${s.cropName}`,
            }))}
            value={seasonCropId}
            onChange={setSeasonCropId}
          />
          <Select
            label={t('pay.auction')}
            placeholder={t('pay.anyAuction')}
            clearable
            searchable
            data={(auctionOptions.data ?? []).map((a) => ({ value: a.id, label: a.auctionNo }))}
            value={auctionId}
            onChange={setAuctionId}
          />
          <ReportDownloads
            onDownload={(format) => downloadFile(path, { ...query, format }, `${PATHS[report]}.${format}`)}
          />
        </Group>
        {data.isLoading && <LoadingBlock />}
        {r && r.rows.length === 0 && <EmptyBlock icon={IconInbox} title={t('pay.noReportRows')} />}
        {r && r.rows.length > 0 && (
          <Table.ScrollContainer minWidth={800}>
            <Table striped data-testid={`report-${PATHS[report]}`}>
              <Table.Thead>
                <Table.Tr>
                  {r.columns.map((c) => (
                    <Table.Th key={c.key} ta={c.amount ? 'right' : undefined}>
                      {label(c.key, c.header)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {r.rows.map((row, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: report rows have no id
                  <Table.Tr key={i}>
                    {r.columns.map((c) => (
                      <Table.Td key={c.key} ta={c.amount ? 'right' : undefined}>
                        {show(row[c.key], c.amount, c.key)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                <Table.Tr fw={700}>
                  {r.columns.map((c, i) => (
                    <Table.Td key={c.key} ta={c.amount ? 'right' : undefined}>
                      {i === 0 ? t('pay.total') : show(r.totals[c.key], c.amount, c.key)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Paper>
    </RequirePermission>
  );
}

export const FarmerPaymentsSummaryRoute = () => <SettlementReportPage report="farmerPayments" />;
export const AmcosAuctionDetailsRoute = () => <SettlementReportPage report="amcos" />;
export const BeneficiariesAuctionDetailsRoute = () => <SettlementReportPage report="beneficiaries" />;
export const DistrictAuctionDetailsRoute = () => <SettlementReportPage report="district" />;
export const CouncilAuctionDetailsRoute = () => <SettlementReportPage report="council" />;
