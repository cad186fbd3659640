import { Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AgedReportFilters, useAgedBuckets } from '../../../components/AgedReportFilters.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { BuyerSelect } from '../buyers/BuyerSelect.tsx';
import { useAgedReport } from '../hooks.ts';

/** buyer_aged_summary and buyer_aged_details: one screen, the view follows the address. */
export default function BuyerAgedRoute() {
  return (
    <RequirePermission permission="reports.report.read" unionOnly>
      <BuyerAgedPage />
    </RequirePermission>
  );
}

const SUMMARY = '/reports/buyer/buyer-aged-summary';
const DETAILS = '/reports/buyer/buyer-aged-details';

function BuyerAgedPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const view = location.pathname.startsWith(DETAILS) ? 'details' : 'summary';
  const [asAt, setAsAt] = useState(todayInTanzania());
  const [buyerId, setBuyerId] = useState<string | null>(null);
  const query = { as_at: asAt || undefined, buyer_id: buyerId ?? undefined };
  const report = useAgedReport(view, query);
  const data = report.data;
  const title = t('salesMd.aged');
  const buckets = useAgedBuckets();
  return (
    <>
      <PageHeader
        title={title}
        description={t('salesMd.agedNote')}
        breadcrumbs={[{ label: t('salesMd.reports') }, { label: title }]}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile(`reports/buyer/aged-${view}`, { ...query, format }, `buyer-aged-${view}.${format}`)
            }
          />
        }
      />
      <ReportFreshness path={`reports/buyer/aged-${view}`} />
      <AgedReportFilters
        view={view}
        onViewChange={(v) => navigate(v === 'details' ? DETAILS : SUMMARY)}
        asAt={asAt}
        onAsAtChange={setAsAt}
        party={<BuyerSelect value={buyerId} onChange={setBuyerId} />}
      />
      {report.isLoading || !data ? (
        <LoadingBlock />
      ) : data.summary.length === 0 ? (
        <EmptyBlock icon={IconInbox} title={t('salesMd.noAged')} />
      ) : view === 'summary' ? (
        <AgedSummary report={data} buckets={buckets} />
      ) : (
        <AgedDetails report={data} buckets={buckets} />
      )}
    </>
  );
}

type AgedReport = NonNullable<ReturnType<typeof useAgedReport>['data']>;
type Buckets = ReturnType<typeof useAgedBuckets>;

/** Per buyer: what is owed in each age bucket, credits, the balance; the totals below. */
function AgedSummary({ report, buckets }: { report: AgedReport; buckets: Buckets }) {
  const { t } = useTranslation();
  return (
    <Section mb="lg">
      <Table.ScrollContainer minWidth={800}>
        <Table data-testid="aged-summary" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('salesMd.buyer')}</Table.Th>
              {buckets.map(([k, label]) => (
                <Table.Th key={k} ta="right">
                  {label}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('salesMd.credit')}</Table.Th>
              <Table.Th ta="right">{t('salesMd.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {report.summary.map((r) => (
              <Table.Tr key={r.buyerId}>
                <Table.Td>{r.buyerName}</Table.Td>
                {buckets.map(([k]) => (
                  <Table.Td key={k} ta="right">
                    {moneyOrDash(r[k])}
                  </Table.Td>
                ))}
                <Table.Td ta="right">{moneyOrDash(r.credit)}</Table.Td>
                <Table.Td ta="right">{moneyOrDash(r.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>{t('salesMd.totals')}</Table.Th>
              {buckets.map(([k]) => (
                <Table.Th key={k} ta="right">
                  {moneyOrDash(report.totals[k])}
                </Table.Th>
              ))}
              <Table.Th ta="right">{moneyOrDash(report.totals.credit)}</Table.Th>
              <Table.Th ta="right" data-testid="aged-total">
                {moneyOrDash(report.totals.balance)}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </Section>
  );
}

/** Per invoice: its buyer, date, age in days and what is owed in its bucket. */
function AgedDetails({ report, buckets }: { report: AgedReport; buckets: Buckets }) {
  const { t } = useTranslation();
  return (
    <Section mb="lg">
      <Table.ScrollContainer minWidth={900}>
        <Table data-testid="aged-details" striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('salesMd.buyer')}</Table.Th>
              <Table.Th>{t('salesMd.invoiceNo')}</Table.Th>
              <Table.Th>{t('salesMd.invoiceDate')}</Table.Th>
              <Table.Th ta="right">{t('salesMd.days')}</Table.Th>
              {buckets.map(([k, label]) => (
                <Table.Th key={k} ta="right">
                  {label}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(report.details ?? []).map((r) => (
              <Table.Tr key={r.invoiceId}>
                <Table.Td>{r.buyerName}</Table.Td>
                <Table.Td>{r.invoiceNo}</Table.Td>
                <Table.Td>{formatDate(r.invoiceDate)}</Table.Td>
                <Table.Td ta="right">{r.days}</Table.Td>
                {buckets.map(([k]) => (
                  <Table.Td key={k} ta="right">
                    {moneyOrDash(r[k])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Text mt="sm" ta="right" fw={700}>
        {t('salesMd.credit')}: {moneyOrDash(report.totals.credit)} · {t('salesMd.balance')}:{' '}
        {moneyOrDash(report.totals.balance)}
      </Text>
    </Section>
  );
}
