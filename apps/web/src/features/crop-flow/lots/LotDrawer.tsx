import { Button, Drawer, Group, SimpleGrid, Table, Text, TextInput, Title } from '@mantine/core';
import { IconPencil, IconPrinter } from '@tabler/icons-react';
import { type LotDetail, updateLotCertificateBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { HistoryPanel } from '../../../components/HistoryPanel.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatKg, formatNumber } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { DnStatusBadge } from '../delivery-notes/DnStatusBadge.tsx';
import { lots, openWarehouseReceipt, useUpdateCertificate } from './hooks.ts';

/** One lot: its warehouse receipt, quality certificate, delivery notes and the farmers' collections in it. */
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
            <DnStatusBadge status={l.status} />
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
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dnMd.dnNo')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.bags')}</Table.Th>
                <Table.Th ta="right">{t('lotsMd.netKg')}</Table.Th>
                <Table.Th ta="right">{t('lotsMd.collectedKg')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {l.sources.map((s) => (
                <Table.Tr key={s.deliveryNoteId}>
                  <Table.Td>{s.dnNo}</Table.Td>
                  <Table.Td ta="right">{formatNumber(s.bags)}</Table.Td>
                  <Table.Td ta="right">{formatKg(s.netKg)}</Table.Td>
                  <Table.Td ta="right">{formatKg(s.collectedKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5" mt="lg" mb="xs">
            {t('lotsMd.farmers')}
          </Title>
          <Table striped data-testid="lot-collections">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('collectionsMd.receiptNo')}</Table.Th>
                <Table.Th>{t('collectionsMd.farmer')}</Table.Th>
                <Table.Th>{t('dnMd.dnNo')}</Table.Th>
                <Table.Th ta="right">{t('collectionsMd.netKg')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {l.collections.map((c) => (
                <Table.Tr key={c.id}>
                  <Table.Td>{c.receiptNo}</Table.Td>
                  <Table.Td>{`${c.farmerNo} · ${c.farmerName}`}</Table.Td>
                  <Table.Td>{c.dnNo}</Table.Td>
                  <Table.Td ta="right">{formatKg(c.netKg)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
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
