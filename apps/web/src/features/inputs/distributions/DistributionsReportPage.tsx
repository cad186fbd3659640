import { Group, Paper, Select, Table, Title } from '@mantine/core';
import { IconReportAnalytics } from '@tabler/icons-react';
import { DISTRIBUTION_KINDS } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatMoney } from '../../../lib/format.ts';
import { seasons } from '../../seasons/hooks.ts';
import { useDistributionReport } from './hooks.ts';

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
  const [picked, setPicked] = useState<string | null>(null);
  const [kind, setKind] = useState<string | null>(null);
  const seasonId =
    picked ?? options.data?.find((s) => s.status === 'open')?.id ?? options.data?.[0]?.id ?? null;
  const query = { season_id: seasonId, kind };
  const report = useDistributionReport(query);
  const r = report.data;
  return (
    <>
      <PageHeader title={t('inputs.report.title')} description={t('inputs.report.description')} />
      <Paper withBorder radius="md" p="md">
        <Group justify="space-between" align="flex-end" mb="md">
          <Group>
            <Select
              label={t('fields.season')}
              w={200}
              allowDeselect={false}
              data={(options.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={seasonId}
              onChange={setPicked}
              data-testid="report-season"
            />
            <Select
              label={t('inputs.kind')}
              w={160}
              clearable
              data={DISTRIBUTION_KINDS.map((k) => ({ value: k, label: t(`inputs.kinds.${k}`) }))}
              value={kind}
              onChange={setKind}
            />
          </Group>
          {seasonId && (
            <ReportDownloads
              onDownload={(format) =>
                downloadFile(
                  'reports/distributions',
                  { ...query, format },
                  `distributions-${r?.seasonName ?? 'season'}.${format}`,
                )
              }
            />
          )}
        </Group>
        {report.isLoading ? (
          <LoadingBlock />
        ) : !r || r.rows.length === 0 ? (
          <EmptyBlock icon={IconReportAnalytics} title={t('inputs.report.empty')} />
        ) : (
          <>
            <Title order={4} mb="xs">
              {t('inputs.report.recovery')}
            </Title>
            <Table.ScrollContainer minWidth={640}>
              <Table data-testid="recovery-table" mb="lg">
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
                  {r.recovery.map((x) => (
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
            <Table.ScrollContainer minWidth={900}>
              <Table data-testid="distributions-report-table" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('inputs.item')}</Table.Th>
                    <Table.Th>{t('inputs.amcos')}</Table.Th>
                    <Table.Th>{t('inputs.farmer')}</Table.Th>
                    <Table.Th>{t('inputs.kind')}</Table.Th>
                    <Table.Th ta="right">{t('inputs.quantity')}</Table.Th>
                    <Table.Th ta="right">{t('inputs.farmerAmount')}</Table.Th>
                    <Table.Th ta="right">{t('inputs.subsidy')}</Table.Th>
                    <Table.Th ta="right">{t('inputs.cost')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {r.rows.map((x) => (
                    <Table.Tr key={`${x.itemCode}-${x.farmerNo}-${x.kind}`}>
                      <Table.Td>{x.itemName}</Table.Td>
                      <Table.Td>{x.amcosName}</Table.Td>
                      <Table.Td>
                        {x.farmerNo} · {x.farmerName}
                      </Table.Td>
                      <Table.Td>{t(`inputs.kinds.${x.kind}`)}</Table.Td>
                      <Table.Td ta="right">
                        {dec(x.quantity).toString()} {x.unit}
                      </Table.Td>
                      <Table.Td ta="right">{formatMoney(x.farmerValue)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(x.subsidyValue)}</Table.Td>
                      <Table.Td ta="right">{formatMoney(x.costValue)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
                <Table.Tfoot>
                  <Table.Tr>
                    <Table.Th colSpan={5}>{t('inputs.report.total')}</Table.Th>
                    <Table.Th ta="right">{formatMoney(r.totals.farmerValue)}</Table.Th>
                    <Table.Th ta="right">{formatMoney(r.totals.subsidyValue)}</Table.Th>
                    <Table.Th ta="right">{formatMoney(r.totals.costValue)}</Table.Th>
                  </Table.Tr>
                </Table.Tfoot>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Paper>
    </>
  );
}
