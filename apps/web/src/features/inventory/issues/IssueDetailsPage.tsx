import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { StockLinesTable } from '../stores/StockLinesTable.tsx';
import { stockIssues } from './hooks.ts';

/** /inventory/issues/:id/details: what left the store, at what cost, and its posting. */
export default withPermission(IssueDetailsPage, 'inventory.store.read');

function IssueDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = stockIssues.useOne(id);
  if (query.error) return <RecordUnavailable error={query.error} />;
  const i = query.data;
  if (!i) return <LoadingBlock />;
  return (
    <DetailsLayout
      title={`${t('inventoryMd.issueTitle')} ${i.issueNo}`}
      description={`${i.storeName} · ${formatDate(i.issuedOn)}`}
      status="posted"
      statusTestId="issue-status"
      history={{ entity: 'stock_issue', id: i.id }}
    >
      <Section title={t('fields.details')}>
        <InfoGrid
          items={[
            [t('inventoryMd.purpose'), t(`inventoryMd.purposes.${i.purpose}`)],
            [t('inventoryMd.issuedTo'), i.toAmcosName ? `${i.toAmcosName} · ${i.issuedTo}` : i.issuedTo],
            [t('inventoryMd.store'), i.storeName],
            [t('inventoryMd.value'), formatMoney(i.totalValue)],
            [t('inventoryMd.journal'), i.journalEntryNo ?? '—'],
            [t('inventoryMd.recordedBy'), i.createdByName ?? '—'],
            [t('fields.notes'), i.remarks ?? '—'],
          ]}
        />
      </Section>
      <StockLinesTable testId="issue-lines" lines={i.lines ?? []} costLabel={t('inventoryMd.avgCost')} />
    </DetailsLayout>
  );
}
