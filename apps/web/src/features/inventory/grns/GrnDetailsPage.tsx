import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDecimal, formatMoney } from '../../../lib/format.ts';
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
      <Section title={t('inventoryMd.lines')}>
        <Table data-testid="grn-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('inventoryMd.item')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.quantity')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.unitCost')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
              <Table.Th>{t('inventoryMd.batchNo')}</Table.Th>
              <Table.Th>{t('inventoryMd.expiry')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(g.lines ?? []).map((l) => (
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
                <Table.Td>{l.expiryDate ? formatDate(l.expiryDate) : '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
    </DetailsLayout>
  );
}
