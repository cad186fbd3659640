import { Group, Paper, Select, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { DISTRIBUTION_KINDS, type DistributionReport } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { type Column, DataTable } from '../../../components/DataTable.tsx';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useListState } from '../../../components/use-list-state.ts';
import { downloadFile } from '../../../lib/download.ts';
import { formatMoney, formatNumber } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { seasons } from '../../seasons/hooks.ts';
import { useDistributionReport } from './hooks.ts';

type Row = DistributionReport['data'][number];

/** /reports/distributions: a season's inputs given per item, AMCOS, farmer and kind, and their recovery. */
export default function DistributionsReportRoute() {
  return (
    <RequirePermission permission="reports.report.read">
      <DistributionsReportPage />
    </RequirePermission>
  );
}

function DistributionsReportPage() {
  const { t } = useTranslation();
  const options = seasons.useOptions();
  // Season and type live in the address bar with the page, page size and search, as on every list.
  const list = useListState(['season_id', 'kind']);
  const seasonId =
    list.filters.season_id ??
    options.data?.find((s) => s.status === 'open')?.id ??
    options.data?.[0]?.id ??
    null;
  const report = useDistributionReport({ ...list.query, season_id: seasonId });
  const r = report.data;
  const filters = { season_id: seasonId, kind: list.filters.kind, search: list.search || undefined };
  const columns = reportColumns(t);
  return (
    <>
      <PageHeader title={t('inputs.report.title')} description={t('inputs.report.description')} />
      <ReportFreshness path="reports/distributions" />
      {r && r.recovery.length > 0 && <RecoveryTable recovery={r.recovery} />}
      {r && r.meta.total > 0 && <ReportTotals report={r} />}
      <DataTable
        label={t('inputs.report.rows')}
        columns={columns}
        rows={r?.data}
        total={r?.meta.total ?? 0}
        loading={report.isLoading || !seasonId}
        refreshing={report.isPlaceholderData}
        error={report.error}
        rowKey={(x) => `${x.itemCode}-${x.amcosName}-${x.farmerNo}-${x.kind}`}
        list={list}
        minWidth={900}
        filters={
          <Group gap="sm" align="flex-end" wrap="wrap" style={{ flex: 1 }} justify="space-between">
            <Group gap="sm">
              <Select
                aria-label={t('fields.season')}
                placeholder={t('fields.season')}
                w={200}
                allowDeselect={false}
                data={(options.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
                value={seasonId}
                onChange={(v) => list.setFilter('season_id', v)}
                data-testid="report-season"
              />
              <ListFilter
                list={list}
                name="kind"
                label={t('inputs.kind')}
                width={160}
                data={DISTRIBUTION_KINDS.map((k) => ({ value: k, label: t(`inputs.kinds.${k}`) }))}
              />
            </Group>
            {seasonId && (
              // The whole filtered report, every row, not the page shown.
              <ReportDownloads
                onDownload={(format) =>
                  downloadFile(
                    'reports/distributions',
                    { ...filters, format },
                    `distributions-${r?.seasonName ?? 'season'}.${format}`,
                  )
                }
              />
            )}
          </Group>
        }
        empty={{ title: t('inputs.report.empty') }}
        testId="distributions-report-table"
      />
    </>
  );
}

const reportColumns = (t: TFunction): Column<Row>[] => [
  { key: 'item', header: t('inputs.item'), render: (x) => x.itemName },
  { key: 'amcos', header: t('inputs.amcos'), render: (x) => x.amcosName },
  { key: 'farmer', header: t('inputs.farmer'), render: (x) => `${x.farmerNo} · ${x.farmerName}` },
  { key: 'kind', header: t('inputs.kind'), render: (x) => t(`inputs.kinds.${x.kind}`) },
  {
    key: 'quantity',
    header: t('inputs.quantity'),
    align: 'right',
    render: (x) => `${dec(x.quantity).toString()} ${unitLabel(x.unit, x.quantity)}`,
  },
  {
    key: 'farmerValue',
    header: t('inputs.farmerAmount'),
    align: 'right',
    render: (x) => formatMoney(x.farmerValue),
  },
  {
    key: 'subsidy',
    header: t('inputs.subsidy'),
    align: 'right',
    render: (x) => formatMoney(x.subsidyValue),
  },
  { key: 'cost', header: t('inputs.cost'), align: 'right', render: (x) => formatMoney(x.costValue) },
];

/** Per AMCOS: farmers given inputs, value given, recovered, outstanding, and who had nothing to recover from. */
function RecoveryTable({ recovery }: { recovery: DistributionReport['recovery'] }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" mb="md">
      <Title order={4} mb="xs">
        {t('inputs.report.recovery')}
      </Title>
      <Table.ScrollContainer minWidth={640}>
        <Table data-testid="recovery-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('inputs.amcos')}</Table.Th>
              <Table.Th ta="right">{t('inputs.report.farmers')}</Table.Th>
              <Table.Th ta="right">{t('inputs.report.given')}</Table.Th>
              <Table.Th ta="right">{t('inputs.report.recovered')}</Table.Th>
              <Table.Th ta="right">{t('inputs.loanOutstanding')}</Table.Th>
              <Table.Th ta="right">{t('inputs.report.nothingToRecover')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {recovery.map((x) => (
              <Table.Tr key={x.amcosId}>
                <Table.Td>{x.amcosName}</Table.Td>
                <Table.Td ta="right">{x.farmers}</Table.Td>
                <Table.Td ta="right">{formatMoney(x.given)}</Table.Td>
                <Table.Td ta="right">{formatMoney(x.recovered)}</Table.Td>
                <Table.Td ta="right">{formatMoney(x.outstanding)}</Table.Td>
                <Table.Td ta="right">{x.farmersWithNothingToRecoverFrom}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}

function ReportTotals({ report }: { report: DistributionReport }) {
  const { t } = useTranslation();
  return (
    // The grand totals of every row the filters match, not of the page shown (values only:
    // the items' quantities are in different units).
    <Paper withBorder radius="md" p="md" mb="md" data-testid="distributions-report-totals">
      <Text size="sm" c="dimmed" mb="xs">
        {t('inputs.report.totalsOf', { count: report.meta.total, rows: formatNumber(report.meta.total) })}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 3 }}>
        {(
          [
            ['inputs.farmerAmount', formatMoney(report.totals.farmerValue)],
            ['inputs.subsidy', formatMoney(report.totals.subsidyValue)],
            ['inputs.cost', formatMoney(report.totals.costValue)],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text fw={600}>{value}</Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
