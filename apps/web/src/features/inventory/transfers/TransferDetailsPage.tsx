import { Button, Table } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import type { StockTransferDetail } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDecimal, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { ItemQuantityCells } from '../stores/StockLinesTable.tsx';
import { stockTransfers } from './hooks.ts';
import { ReceiveTransferModal } from './ReceiveTransferModal.tsx';

/** /inventory/transfers/:id/details: the goods sent, and what arrived once counted. */
export default withPermission(TransferDetailsPage, 'inventory.store.read');

function TransferDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const canMove = useCan('inventory.store.update');
  const [receiving, setReceiving] = useState(false);
  const query = stockTransfers.useOne(id);
  if (query.error) return <RecordUnavailable error={query.error} />;
  const x = query.data;
  if (!x?.lines) return <LoadingBlock />;
  // The receiving store counts: union staff for a union store, its society's users for an AMCOS store.
  const mayReceive =
    canMove && x.status === 'in_transit' && (user?.amcosId ? user.amcosId === x.toAmcosId : true);
  return (
    <DetailsLayout
      title={`${t('inventoryMd.transfer')} ${x.transferNo}`}
      description={`${x.fromStoreName} → ${x.toStoreName}`}
      status={x.status}
      statusTestId="transfer-status"
      actions={
        mayReceive && (
          <Button
            leftSection={<IconPackageImport size={16} aria-hidden />}
            onClick={() => setReceiving(true)}
            data-testid="transfer-receive"
          >
            {t('inventoryMd.receiveGoods')}
          </Button>
        )
      }
      history={{ entity: 'stock_transfer', id: x.id }}
    >
      <Section title={t('fields.details')}>
        <InfoGrid
          items={[
            [t('inventoryMd.transferKind'), t(`inventoryMd.transferKinds.${x.kind}`)],
            [t('inventoryMd.dispatchedOn'), formatDate(x.dispatchedOn)],
            [t('inventoryMd.dispatchedBy'), x.dispatchedByName ?? '—'],
            [t('inventoryMd.vehicle'), [x.vehicle, x.driverName].filter(Boolean).join(' · ') || '—'],
            [t('inventoryMd.value'), formatMoney(x.totalValue)],
            [t('inventoryMd.receivedOn'), x.receivedOn ? formatDate(x.receivedOn) : '—'],
            [t('inventoryMd.receivedByUser'), x.receivedByName ?? '—'],
            [t('inventoryMd.variance'), moneyOrDash(x.varianceValue)],
            [t('inventoryMd.journal'), x.journalEntryNo ?? '—'],
            [t('fields.notes'), [x.remarks, x.receiveRemarks].filter(Boolean).join(' · ') || '—'],
          ]}
        />
      </Section>
      <Section title={t('inventoryMd.lines')}>
        <Table data-testid="transfer-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>#</Table.Th>
              <Table.Th>{t('inventoryMd.item')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.dispatched')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.value')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.receivedQty')}</Table.Th>
              <Table.Th ta="right">{t('inventoryMd.variance')}</Table.Th>
              <Table.Th>{t('inventoryMd.varianceReason')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {x.lines.map((l) => (
              <Table.Tr key={l.id}>
                <Table.Td>{l.lineNo}</Table.Td>
                <ItemQuantityCells line={l} />
                <Table.Td ta="right">{formatMoney(l.value)}</Table.Td>
                <Table.Td ta="right">
                  {l.receivedQuantity ? formatDecimal(l.receivedQuantity, 3) : '—'}
                </Table.Td>
                <Table.Td ta="right">
                  {l.varianceQuantity ? formatDecimal(l.varianceQuantity, 3) : '—'}
                </Table.Td>
                <Table.Td>{l.varianceReason ?? '—'}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Section>
      {receiving && (
        <ReceiveTransferModal transfer={x as StockTransferDetail} onClose={() => setReceiving(false)} />
      )}
    </DetailsLayout>
  );
}
