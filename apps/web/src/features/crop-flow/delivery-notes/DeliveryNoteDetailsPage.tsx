import { ActionIcon, Alert, Button, Table } from '@mantine/core';
import { IconBan, IconPlus, IconPrinter, IconTrash, IconTruck, IconTruckDelivery } from '@tabler/icons-react';
import type { DeliveryNoteDetail } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDate, formatDateTime, formatKg, formatNumber } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { CollectionStatusBadge } from '../collections/CollectionStatusBadge.tsx';
import { AddModal, CancelModal, ReceiveModal } from './DeliveryNoteModals.tsx';
import { DnStatusBadge } from './DnStatusBadge.tsx';
import { deliveryNotes, openDeliveryNotePdf, useNoteActions } from './hooks.ts';
import { transportFigure } from './transport-figure.ts';

/** crop_dn_details (/collections/crop-DNs/:id/details): the note, the actions its state allows, history. */
export default function DeliveryNoteDetailsRoute() {
  return (
    <RequirePermission permission="collections.delivery.read">
      <DeliveryNoteDetailsPage />
    </RequirePermission>
  );
}

function DeliveryNoteDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const note = deliveryNotes.useOne(id);
  const actions = useNoteActions(id);
  const [modal, setModal] = useState<'receive' | 'cancel' | 'add' | null>(null);
  const canWrite = useCan('collections.delivery.create');
  const canReceive = useCan('collections.warehouse.update', 'union');
  const n = note.data as DeliveryNoteDetail | undefined;
  if (!n) return <RecordUnavailable error={note.error} />;
  const isDraft = n.status === 'draft' && canWrite;
  const dispatch = () =>
    confirmAction({
      title: t('dnMd.dispatchTitle', { no: n.dnNo }),
      message: t('dnMd.dispatchConfirm', {
        bags: formatNumber(n.bags),
        kg: formatKg(n.netKg),
        plate: n.vehiclePlate,
      }),
      confirmLabel: t('dnMd.dispatch'),
      danger: false,
      onConfirm: () => actions.dispatch.mutate(undefined, { onSuccess: (r) => toastSuccess(r.message) }),
    });
  const fields: [string, string][] = [
    [t('fields.amcos'), n.amcosName],
    [t('collectionsMd.seasonCrop'), n.seasonCropName],
    [t('dnMd.warehouse'), n.warehouseName],
    [t('dnMd.transporter'), n.transporterName],
    [t('dnMd.vehicle'), n.vehiclePlate],
    [t('dnMd.driverName'), `${n.driverName}${n.driverPhone ? ` · ${n.driverPhone}` : ''}`],
    [t('collectionsMd.bags'), formatNumber(n.bags)],
    [t('collectionsMd.netKg'), formatKg(n.netKg)],
    [t('dnMd.transportCharge'), transportFigure(n, t)],
    [t('dnMd.dispatchedAt'), n.dispatchedAt ? formatDateTime(n.dispatchedAt) : '—'],
    [t('dnMd.receivedBags'), n.receivedBags === null ? '—' : formatNumber(n.receivedBags)],
    [t('dnMd.receivedKg'), n.receivedKg === null ? '—' : formatKg(n.receivedKg)],
    [t('dnMd.varianceKg'), n.varianceKg === null ? '—' : formatKg(n.varianceKg)],
    [t('dnMd.receivedAt'), n.receivedAt ? formatDateTime(n.receivedAt) : '—'],
  ];
  return (
    <DetailsLayout
      title={`${t('dnMd.one')} ${n.dnNo}`}
      breadcrumbs={[{ label: t('dnMd.title'), to: '/collections/crop-DNs/list' }, { label: n.dnNo }]}
      badge={<DnStatusBadge status={n.status} />}
      history={{ entity: 'delivery_note', id: n.id }}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void openDeliveryNotePdf(n)}
            data-testid="dn-print"
          >
            {t('dnMd.print')}
          </Button>
          {isDraft && (
            <>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setModal('add')}
                data-testid="dn-add"
              >
                {t('dnMd.addCollections')}
              </Button>
              <Button
                leftSection={<IconTruck size={16} aria-hidden />}
                onClick={dispatch}
                loading={actions.dispatch.isPending}
                data-testid="dn-dispatch"
              >
                {t('dnMd.dispatch')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setModal('cancel')}
                data-testid="dn-cancel"
              >
                {t('dnMd.cancel')}
              </Button>
            </>
          )}
          {n.status === 'dispatched' && canReceive && (
            <Button
              leftSection={<IconTruckDelivery size={16} aria-hidden />}
              onClick={() => setModal('receive')}
              data-testid="dn-receive"
            >
              {t('dnMd.receive')}
            </Button>
          )}
        </>
      }
    >
      <Section title={t('fields.details')}>
        {n.status === 'cancelled' && (
          <Alert color="red" mb="md">
            {t('dnMd.cancelledBecause', { reason: n.cancelReason ?? '' })}
          </Alert>
        )}
        {n.receiveRemarks && (
          <Alert color="blue" mb="md">
            {n.receiveRemarks}
          </Alert>
        )}
        <InfoGrid cols={{ base: 1, sm: 2, lg: 3 }} items={fields} testId="dn-fields" />
      </Section>
      <Section title={t('dnMd.byGrade')}>
        <Table.ScrollContainer minWidth={480}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('collectionsMd.grade')}</Table.Th>
                <Table.Th ta="right">{t('dnMd.collectionCount')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.bags')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.netKg')}</Table.Th>
                <Table.Th ta="right">{t('dnMd.inLotKg')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {n.grades.map((g) => (
                <Table.Tr key={g.gradeId}>
                  <Table.Td>{g.gradeName}</Table.Td>
                  <Table.Td ta="right">{formatNumber(g.collections)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(g.bags)}</Table.Td>
                  <Table.Td ta="right">{formatKg(g.netKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(g.inLotKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      <Section title={t('dnMd.collections')}>
        <Table.ScrollContainer minWidth={640}>
          <Table striped data-testid="dn-collections">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('collectionsMd.receiptNo')}</Table.Th>
                <Table.Th>{t('collectionsMd.date')}</Table.Th>
                <Table.Th>{t('collectionsMd.farmer')}</Table.Th>
                <Table.Th>{t('collectionsMd.grade')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.bags')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.netKg')}</Table.Th>
                <Table.Th>{t('fields.status')}</Table.Th>
                {isDraft && <Table.Th />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {n.collections.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.receiptNo}</Table.Td>
                  <Table.Td>{formatDate(c.collectedOn)}</Table.Td>
                  <Table.Td>{`${c.farmerNo} · ${c.farmerName}`}</Table.Td>
                  <Table.Td>{c.gradeName}</Table.Td>
                  <Table.Td ta="right">{formatNumber(c.bags)}</Table.Td>
                  <Table.Td ta="right">{formatKg(c.netKg)}</Table.Td>
                  <Table.Td>
                    <CollectionStatusBadge status={c.status as 'recorded'} />
                    {c.lotNo ? ` ${c.lotNo}` : ''}
                  </Table.Td>
                  {isDraft && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={t('dnMd.remove', { no: c.receiptNo })}
                        onClick={() =>
                          confirmAction({
                            title: t('dnMd.remove', { no: c.receiptNo }),
                            message: t('dnMd.removeConfirm', {
                              kg: formatKg(c.netKg),
                              farmer: c.farmerName,
                            }),
                            confirmLabel: t('dnMd.removeShort'),
                            onConfirm: () => actions.remove.mutate([c.id]),
                          })
                        }
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Section>
      {modal === 'receive' && <ReceiveModal note={n} onClose={() => setModal(null)} />}
      {modal === 'cancel' && <CancelModal note={n} onClose={() => setModal(null)} />}
      {modal === 'add' && <AddModal note={n} onClose={() => setModal(null)} />}
      <AttachmentsSection recordType="delivery-note" recordId={n.id} />
    </DetailsLayout>
  );
}
