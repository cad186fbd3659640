import { Table } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import { todayInTanzania } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AgedAmountCells,
  AgedReportFilters,
  type AgedView,
  useAgedBuckets,
} from '../../../components/AgedReportFilters.tsx';
import { EmptyBlock, LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { ReportDownloads } from '../../../components/ReportDownloads.tsx';
import { ReportFreshness } from '../../../components/ReportFreshness.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSupplierAged } from '../hooks.ts';
import { SupplierSelect } from '../suppliers/SupplierSelect.tsx';

export default withPermission(SupplierAgedPage, 'purchase.order.read', { unionOnly: true });

/** What the union owes its suppliers as at a date, in the buyer aged report's buckets. */
function SupplierAgedPage() {
  const { t } = useTranslation();
  const [view, setView] = useState<AgedView>('summary');
  const [asAt, setAsAt] = useState(todayInTanzania());
  const [supplierId, setSupplierId] = useState<string | null>(null);
  const query = { as_at: asAt || undefined, supplier_id: supplierId ?? undefined };
  const report = useSupplierAged(query);
  const data = report.data;
  const buckets = useAgedBuckets();
  return (
    <>
      <PageHeader
        title={t('purchaseMd.aged')}
        description={t('purchaseMd.agedNote')}
        actions={
          <ReportDownloads
            onDownload={(format) =>
              downloadFile('reports/supplier/aged', { ...query, format }, `supplier-aged.${format}`)
            }
          />
        }
      />
      <ReportFreshness path="reports/supplier/aged" />
      <AgedReportFilters
        view={view}
        onViewChange={setView}
        asAt={asAt}
        onAsAtChange={setAsAt}
        party={<SupplierSelect value={supplierId} onChange={setSupplierId} />}
      />
      {report.isLoading || !data ? (
        <LoadingBlock />
      ) : data.summary.length === 0 ? (
        <EmptyBlock icon={IconInbox} title={t('purchaseMd.noAged')} />
      ) : (
        <Section mb="lg">
          <Table.ScrollContainer minWidth={800}>
            <Table data-testid={`supplier-aged-${view}`} striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('purchaseMd.supplier')}</Table.Th>
                  {view === 'details' && (
                    <>
                      <Table.Th>{t('purchaseMd.invoice')}</Table.Th>
                      <Table.Th>{t('purchaseMd.invoiceDate')}</Table.Th>
                    </>
                  )}
                  {buckets.map(([k, label]) => (
                    <Table.Th key={k} ta="right">
                      {label}
                    </Table.Th>
                  ))}
                  <Table.Th ta="right">{t('purchaseMd.balance')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {view === 'summary'
                  ? data.summary.map((r) => (
                      <Table.Tr key={r.supplierId}>
                        <Table.Td>{r.supplierName}</Table.Td>
                        <AgedAmountCells row={r} />
                      </Table.Tr>
                    ))
                  : data.details.map((r) => (
                      <Table.Tr key={r.invoiceId}>
                        <Table.Td>{r.supplierName}</Table.Td>
                        <Table.Td>
                          {r.invoiceNo} ({r.supplierInvoiceNo})
                        </Table.Td>
                        <Table.Td>{formatDate(r.invoiceDate)}</Table.Td>
                        <AgedAmountCells row={r} />
                      </Table.Tr>
                    ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td colSpan={view === 'details' ? 3 : 1}>{t('purchaseMd.total')}</Table.Td>
                  <AgedAmountCells row={data.totals} balanceTestId="aged-total" />
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </Section>
      )}
    </>
  );
}
