import { Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';
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
      <Section title={t('inventoryMd.lines')}>
        <Table data-testid="issue-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('inventoryMd.item')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.quantity')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.avgCost')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
              <Table.Th>{t('inventoryMd.batchNo')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(i.lines ?? []).map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.lineNo}</Table.Td>
                <Table.Td>
                  {l.itemCode} · {l.itemName}
                </Table.Td>
                <Table.Td ta="right">
                  {formatDecimal(l.quantity, 3)} {l.unit}
                </Table.Td>
                <Table.Td ta="right">{formatDecimal(l.unitCost, 2)}</Table.Td>
                <Table.Td ta="right">{formatMoney(l.value)}</Table.Td>
                <Table.Td>{l.batchNo ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </DetailsLayout>
  );
}
