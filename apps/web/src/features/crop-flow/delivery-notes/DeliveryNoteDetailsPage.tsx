import { ActionIcon, Alert, Button } from '@mantine/core';
import { IconBan, IconPlus, IconPrinter, IconTrash, IconTruck, IconTruckDelivery } from '@tabler/icons-react';
import type { DeliveryNoteDetail } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { formatDateTime, formatKg, formatNumber } from '../../../lib/format.ts';
import { toastSuccess } from '../../../lib/notify.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { CollectionStatusBadge } from '../collections/CollectionStatusBadge.tsx';
import { AddModal, CancelModal, ReceiveModal } from './DeliveryNoteModals.tsx';
import { DnStatusBadge } from './DnStatusBadge.tsx';
import { deliveryNotes, openDeliveryNotePdf, useNoteActions } from './hooks.ts';
import { transportFigure } from './transport-figure.ts';

/** crop_dn_details (/collections/crop-DNs/:id/details): the note, the actions its state allows, history. */
type NoteGrade = DeliveryNoteDetail['grades'][number];
type NoteCollection = DeliveryNoteDetail['collections'][number];

/** The note's kg by grade: how many collections, bags and kg, and how much is in lots already. */
function gradeColumns(t: TFunction): LineColumn<NoteGrade>[] {
  return [
    { key: 'grade', header: t('collectionsMd.grade'), value: (g) => g.gradeName },
    { key: 'count', header: t('dnMd.collectionCount'), kind: 'count', value: (g) => g.collections },
    { key: 'bags', header: t('collectionsMd.bags'), kind: 'count', value: (g) => g.bags },
    { key: 'netKg', header: t('collectionsMd.netKg'), kind: 'kg', value: (g) => g.netKg },
    { key: 'inLot', header: t('dnMd.inLotKg'), kind: 'kg', value: (g) => g.inLotKg },
  ];
}

/** The farmers' collections on the note; on a draft, each with a button that takes it off. */
function collectionColumns(
  t: TFunction,
  onRemove: ((c: NoteCollection) => void) | undefined,
): LineColumn<NoteCollection>[] {
  const columns: LineColumn<NoteCollection>[] = [
    { key: 'receiptNo', header: t('collectionsMd.receiptNo'), value: (c) => c.receiptNo },
    { key: 'date', header: t('collectionsMd.date'), kind: 'date', value: (c) => c.collectedOn },
    { key: 'farmer', header: t('collectionsMd.farmer'), value: (c) => `${c.farmerNo} · ${c.farmerName}` },
    { key: 'grade', header: t('collectionsMd.grade'), value: (c) => c.gradeName },
    { key: 'bags', header: t('collectionsMd.bags'), kind: 'count', value: (c) => c.bags },
    { key: 'netKg', header: t('collectionsMd.netKg'), kind: 'kg', value: (c) => c.netKg },
    {
      key: 'status',
      header: t('fields.status'),
      render: (c) => (
        <>
          <CollectionStatusBadge status={c.status as 'recorded'} />
          {c.lotNo ? ` ${c.lotNo}` : ''}
        </>
      ),
    },
  ];
  if (!onRemove) return columns;
  return [
    ...columns,
    {
      key: 'remove',
      header: '',
      render: (c) => (
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('dnMd.remove', { no: c.receiptNo })}
          onClick={() => onRemove(c)}
        >
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      ),
    },
  ];
}

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
  const removeCollection = (c: NoteCollection) =>
    confirmAction({
      title: t('dnMd.remove', { no: c.receiptNo }),
      message: t('dnMd.removeConfirm', { kg: formatKg(c.netKg), farmer: c.farmerName }),
      confirmLabel: t('dnMd.removeShort'),
      onConfirm: () => actions.remove.mutate([c.id]),
    });
  return (
    <DetailsLayout
      title={`${t('dnMd.one')} ${n.dnNo}`}
      breadcrumbs={[{ label: t('dnMd.title'), to: '/collections/crop-DNs/list' }, { label: n.dnNo }]}
      badge={<DnStatusBadge status={n.status} />}
      history={{ entity: 'delivery_note', id: n.id }}
      actions={
        <NoteActions note={n} isDraft={isDraft} actions={actions} onOpen={setModal} onDispatch={dispatch} />
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
        <InfoGrid cols={{ base: 1, sm: 2, lg: 3 }} items={noteFacts(t, n)} testId="dn-fields" />
      </Section>
      <Section title={t('dnMd.byGrade')}>
        <LinesTable
          label={t('dnMd.byGrade')}
          columns={gradeColumns(t)}
          lines={n.grades}
          lineKey={(g) => g.gradeId}
          minWidth={480}
        />
      </Section>
      <Section title={t('dnMd.collections')}>
        <LinesTable
          label={t('dnMd.collections')}
          columns={collectionColumns(t, isDraft ? removeCollection : undefined)}
          lines={n.collections}
          lineKey={(c) => c.id}
          minWidth={640}
          testId="dn-collections"
        />
      </Section>
      {modal === 'receive' && <ReceiveModal note={n} onClose={() => setModal(null)} />}
      {modal === 'cancel' && <CancelModal note={n} onClose={() => setModal(null)} />}
      {modal === 'add' && <AddModal note={n} onClose={() => setModal(null)} />}
      <AttachmentsSection recordType="delivery-note" recordId={n.id} />
    </DetailsLayout>
  );
}

/** Print; on a draft, add collections, dispatch or cancel; once dispatched, receive at the warehouse. */
function NoteActions({
  note: n,
  isDraft,
  actions,
  onOpen,
  onDispatch,
}: {
  note: DeliveryNoteDetail;
  isDraft: boolean;
  actions: ReturnType<typeof useNoteActions>;
  onOpen: (modal: 'receive' | 'cancel' | 'add') => void;
  onDispatch: () => void;
}) {
  const { t } = useTranslation();
  const canReceive = useCan('collections.warehouse.update', 'union');
  return (
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
            onClick={() => onOpen('add')}
            data-testid="dn-add"
          >
            {t('dnMd.addCollections')}
          </Button>
          <Button
            leftSection={<IconTruck size={16} aria-hidden />}
            onClick={onDispatch}
            loading={actions.dispatch.isPending}
            data-testid="dn-dispatch"
          >
            {t('dnMd.dispatch')}
          </Button>
          <Button
            color="red"
            variant="light"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => onOpen('cancel')}
            data-testid="dn-cancel"
          >
            {t('dnMd.cancel')}
          </Button>
        </>
      )}
      {n.status === 'dispatched' && canReceive && (
        <Button
          leftSection={<IconTruckDelivery size={16} aria-hidden />}
          onClick={() => onOpen('receive')}
          data-testid="dn-receive"
        >
          {t('dnMd.receive')}
        </Button>
      )}
    </>
  );
}

const noteFacts = (t: TFunction, n: DeliveryNoteDetail): [string, string][] => [
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
