import { Button, Drawer, Group, SimpleGrid, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPrinter } from '@tabler/icons-react';
import { type LotDetail, updateLotCertificateBody } from '@ushirika/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { type LineColumn, LinesTable } from '../../../components/LinesTable.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatKg, formatNumber } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { DnStatusBadge } from '../delivery-notes/DnStatusBadge.tsx';
import { OriginSection } from '../origin/OriginSection.tsx';
import { lots, openWarehouseReceipt, useUpdateCertificate } from './hooks.ts';
import { LotFlags } from './LotFlags.tsx';

/** One lot: its warehouse receipt, quality certificate, delivery notes and the farmers' collections in it. */
/** The delivery notes a lot came from: bags, warehouse kg and the farmers' kg of each. */
function sourceColumns(t: TFunction): LineColumn<LotDetail['sources'][number]>[] {
  return [
    { key: 'dnNo', header: t('dnMd.dnNo'), value: (x) => x.dnNo },
    { key: 'bags', header: t('collectionsMd.bags'), kind: 'count', value: (x) => x.bags },
    { key: 'netKg', header: t('lotsMd.netKg'), kind: 'kg', value: (x) => x.netKg },
    { key: 'collectedKg', header: t('lotsMd.collectedKg'), kind: 'kg', value: (x) => x.collectedKg },
  ];
}

/** The farmers' collections in a lot, with the note each came on. */
function lotCollectionColumns(t: TFunction): LineColumn<LotDetail['collections'][number]>[] {
  return [
    { key: 'receiptNo', header: t('collectionsMd.receiptNo'), value: (c) => c.receiptNo },
    { key: 'farmer', header: t('collectionsMd.farmer'), value: (c) => `${c.farmerNo} · ${c.farmerName}` },
    { key: 'dnNo', header: t('dnMd.dnNo'), value: (c) => c.dnNo },
    { key: 'netKg', header: t('collectionsMd.netKg'), kind: 'kg', value: (c) => c.netKg },
  ];
}

export function LotDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const canUpdate = useCan('collections.warehouse.update', 'union');
  const lot = lots.useOne(id);
  const [editing, setEditing] = useState(false);
  const l = lot.data as LotDetail | undefined;
  const canEdit = canUpdate && l?.status === 'in_store';
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={l ? `${t('lotsMd.whr')} ${l.whrNo}` : t('lotsMd.whr')}
      data-testid="lot-drawer"
    >
      {!l ? (
        <RecordUnavailable error={lot.error} />
      ) : (
        <>
          <Group justify="space-between" mb="md">
            <Group gap="xs">
              <DnStatusBadge status={l.status} />
              <LotFlags lot={l} />
            </Group>
            <Group gap="xs">
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} aria-hidden />}
                onClick={() => void openWarehouseReceipt(l)}
                data-testid="lot-print"
              >
                {t('lotsMd.print')}
              </Button>
              {canEdit && (
                <Button
                  variant="default"
                  leftSection={<IconPencil size={16} aria-hidden />}
                  onClick={() => setEditing(true)}
                >
                  {t('lotsMd.editCertificate')}
                </Button>
              )}
            </Group>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} data-testid="lot-fields">
            {(
              [
                [t('lotsMd.lotNo'), l.lotNo],
                [t('dnMd.warehouse'), l.warehouseName],
                [t('fields.amcos'), l.amcosName],
                [t('collectionsMd.seasonCrop'), l.seasonCropName],
                [t('collectionsMd.grade'), l.gradeName],
                [t('collectionsMd.bags'), formatNumber(l.bags)],
                [t('lotsMd.netKg'), formatKg(l.netKg)],
                [t('lotsMd.collectedKg'), formatKg(l.collectedKg)],
                [t('lotsMd.issuedAt'), formatDate(l.issuedAt)],
                [t('lotsMd.certificateNo'), l.certificateNo ?? '—'],
                [t('collectionsMd.moisture'), l.moisture ?? '—'],
                [t('lotsMd.outturn'), l.outturn ?? '—'],
                [t('lotsMd.nutCount'), l.nutCount === null ? '—' : formatNumber(l.nutCount)],
              ] as [string, string][]
            ).map(([label, value]) => (
              <div key={label}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text size="sm">{value}</Text>
              </div>
            ))}
          </SimpleGrid>
          <Title order={3} size="h5" mt="lg" mb="xs">
            {t('lotsMd.notes')}
          </Title>
          <LinesTable
            label={t('lotsMd.notes')}
            columns={sourceColumns(t)}
            lines={l.sources}
            lineKey={(x) => x.deliveryNoteId}
          />
          <Title order={3} size="h5" mt="lg" mb="xs">
            {t('lotsMd.farmers')}
          </Title>
          <LinesTable
            label={t('lotsMd.farmers')}
            columns={lotCollectionColumns(t)}
            lines={l.collections}
            lineKey={(c) => c.id}
            testId="lot-collections"
          />
          <OriginSection source={{ kind: 'lot', id: l.id }} />
          <AttachmentsSection recordType="lot" recordId={l.id} />
          <HistoryPanel entity="lot" id={l.id} variant="bare" order={3} mt="lg" />
          {editing && <CertificateModal lot={l} onClose={() => setEditing(false)} />}
        </>
      )}
    </Drawer>
  );
}

function CertificateModal({ lot: l, onClose }: { lot: LotDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const save = useUpdateCertificate(l.id);
  const form = useForm({
    certificateNo: l.certificateNo ?? '',
    moisture: l.moisture ?? '',
    outturn: l.outturn ?? '',
    nutCount: l.nutCount === null ? '' : String(l.nutCount),
  });
  const submit = form.onSubmit(() => {
    const v = form.values;
    const body = form.validate(updateLotCertificateBody, {
      certificateNo: v.certificateNo,
      moisture: v.moisture.trim() || null,
      outturn: v.outturn.trim() || null,
      nutCount: v.nutCount.trim() === '' ? null : Number(v.nutCount),
    });
    if (!body) return;
    save.mutate(body, form.saved(onClose));
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`${t('lotsMd.editCertificate')} ${l.lotNo}`}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
    >
      <SimpleGrid cols={2}>
        <TextInput label={t('lotsMd.certificateNo')} data-autofocus {...form.text('certificateNo')} />
        <TextInput label={t('collectionsMd.moisture')} inputMode="decimal" {...form.text('moisture')} />
        <TextInput label={t('lotsMd.outturn')} inputMode="decimal" {...form.text('outturn')} />
        <TextInput label={t('lotsMd.nutCount')} inputMode="numeric" {...form.text('nutCount')} />
      </SimpleGrid>
    </FormModal>
  );
}
