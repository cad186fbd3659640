import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { StockLinesTable } from '../stores/StockLinesTable.tsx';
import { grns } from './hooks.ts';

/** /inventory/grns/grn/:id/details: what was received, at what cost, and its posting. */
export default withPermission(GrnDetailsPage, 'inventory.store.read');

function GrnDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = grns.useOne(id);
  if (query.error) return <RecordUnavailable error={query.error} />;
  const g = query.data;
  if (!g) return <LoadingBlock />;
  return (
    <DetailsLayout
      title={`${t('inventoryMd.grn')} ${g.grnNo}`}
      description={`${g.storeName} · ${formatDate(g.receivedOn)}`}
      status="posted"
      statusTestId="grn-status"
      actions={
        <PdfButton path={`inventory/grns/${g.id}/pdf`} name={g.grnNo} label={t('inventoryMd.grnPdf')} />
      }
      history={{ entity: 'grn', id: g.id }}
    >
      <Section title={t('fields.details')}>
        <InfoGrid
          items={[
            [t('inventoryMd.grnKind'), t(`inventoryMd.grnKinds.${g.kind}`)],
            [
              t('inventoryMd.order'),
              g.orderId ? (
                <Anchor key="order" component={Link} to={`/purchase/orders/${g.orderId}/details`}>
                  {g.orderNo}
                </Anchor>
              ) : (
                '—'
              ),
            ],
            [t('inventoryMd.supplier'), g.supplierName ?? '—'],
            [t('inventoryMd.supplierRef'), g.supplierRef ?? '—'],
            [t('inventoryMd.store'), g.storeName],
            [t('fields.amcos'), g.amcosName ?? '—'],
            [t('inventoryMd.value'), formatMoney(g.totalValue)],
            [t('inventoryMd.journal'), g.journalEntryNo ?? '—'],
            [t('inventoryMd.recordedBy'), g.createdByName ?? '—'],
            [t('fields.notes'), g.remarks ?? '—'],
          ]}
        />
      </Section>
      <StockLinesTable
        testId="grn-lines"
        lines={g.lines ?? []}
        costLabel={t('inventoryMd.unitCost')}
        withExpiry
      />
      <AttachmentsSection recordType="grn" recordId={g.id} />
    </DetailsLayout>
  );
}
