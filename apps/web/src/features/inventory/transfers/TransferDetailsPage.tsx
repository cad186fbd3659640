import { Button } from '@mantine/core';
import { IconPackageImport } from '@tabler/icons-react';
import type { StockTransferDetail, StockTransferLine } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { LoadingBlock } from '../../../components/EmptyBlock.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { PdfButton } from '../../../components/PdfButton.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatMoney, moneyOrDash } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { itemQuantityColumns } from '../stores/StockLinesTable.tsx';
import { stockTransfers } from './hooks.ts';
import { ReceiveTransferModal } from './ReceiveTransferModal.tsx';

/** A transfer's lines: what was sent and its value, what was counted in, and the difference. */
function transferLineColumns(t: TFunction): LineColumn<StockTransferLine>[] {
  return [
    { key: 'lineNo', header: '#', value: (l) => String(l.lineNo) },
    ...itemQuantityColumns<StockTransferLine>(t, t('inventoryMd.dispatched')),
    { key: 'value', header: t('inventoryMd.value'), kind: 'amount', value: (l) => l.value },
    {
      key: 'received',
      header: t('inventoryMd.receivedQty'),
      kind: 'quantity',
      value: (l) => l.receivedQuantity,
    },
    {
      key: 'variance',
      header: t('inventoryMd.variance'),
      kind: 'quantity',
      value: (l) => l.varianceQuantity,
    },
    { key: 'reason', header: t('inventoryMd.varianceReason'), value: (l) => l.varianceReason },
  ];
}

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
        <>
          <PdfButton
            path={`inventory/transfers/${x.id}/pdf`}
            name={x.transferNo}
            label={t('inventoryMd.waybillPdf')}
          />
          {mayReceive && (
            <Button
              leftSection={<IconPackageImport size={16} aria-hidden />}
              onClick={() => setReceiving(true)}
              data-testid="transfer-receive"
            >
              {t('inventoryMd.receiveGoods')}
            </Button>
          )}
        </>
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
        <LinesTable
          label={t('inventoryMd.lines')}
          columns={transferLineColumns(t)}
          lines={x.lines}
          lineKey={(l) => l.id}
          testId="transfer-lines"
        />
      </Section>
      {receiving && (
        <ReceiveTransferModal transfer={x as StockTransferDetail} onClose={() => setReceiving(false)} />
      )}
    </DetailsLayout>
  );
}
