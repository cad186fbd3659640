import { Alert, Button, NativeSelect, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconBan, IconPencil, IconPrinter } from '@tabler/icons-react';
import { type Collection, updateCollectionBody } from '@ushirika/contracts';
import { readNet } from '@ushirika/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DateField } from '../../../components/DateField.tsx';
import { DetailsLayout } from '../../../components/DetailsLayout.tsx';
import { FormModal } from '../../../components/FormModal.tsx';
import { InfoGrid } from '../../../components/InfoGrid.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { Section } from '../../../components/Section.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatDate, formatDateTime, formatKg, formatNumber, localName } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AttachmentsSection } from '../../attachments/AttachmentsSection.tsx';
import { crops, seasonCrops } from '../../seasons/hooks.ts';
import { CollectionStatusBadge } from './CollectionStatusBadge.tsx';
import { collections, openReceipt, useCancelCollection } from './hooks.ts';

/** receip_details (/collections/receips/:id/receips): one collection, its receipt, corrections and history. */
export default function ReceiptDetailsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <ReceiptDetailsPage />
    </RequirePermission>
  );
}

function ReceiptDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { user } = useSession();
  const canCreate = useCan('collections.collection.create');
  const collection = collections.useOne(id);
  const [editing, setEditing] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const c = collection.data;
  if (!c) return <RecordUnavailable error={collection.error} />;
  const canChange = c.status === 'recorded' && canCreate;
  const fields: [string, string][] = [
    [t('collectionsMd.date'), formatDate(c.collectedOn)],
    [t('fields.amcos'), `${c.amcosCode} · ${c.amcosName}`],
    [t('collectionsMd.farmer'), `${c.farmerNo} · ${c.farmerName}`],
    [t('fields.phone'), c.farmerPhone ?? '—'],
    [t('collectionsMd.seasonCrop'), `${c.seasonName} · ${c.cropName}`],
    [t('collectionsMd.grade'), `${c.gradeCode} · ${c.gradeName}`],
    [t('collectionsMd.bags'), formatNumber(c.bags)],
    [t('collectionsMd.grossKg'), formatKg(c.grossKg)],
    [t('collectionsMd.tareKg'), formatKg(c.tareKg)],
    [t('collectionsMd.netKg'), formatKg(c.netKg)],
    [
      t('collectionsMd.moisture'),
      `${c.moisture} %${c.moistureFlagged ? ` (${t('collectionsMd.flagged')})` : ''}`,
    ],
    [t('collectionsMd.recordedBy'), `${c.createdByName ?? '—'} · ${formatDateTime(c.createdAt)}`],
  ];
  return (
    <DetailsLayout
      title={`${t('collectionsMd.receipt')} ${c.receiptNo}`}
      breadcrumbs={[
        {
          label: t('collectionsMd.title'),
          to: user?.amcosId ? '/collections/receips/list' : '/collections/crop_collections',
        },
        { label: c.receiptNo },
      ]}
      badge={<CollectionStatusBadge status={c.status} />}
      history={{ entity: 'collection', id: c.id }}
      actions={
        <>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void openReceipt(c.id, 'a5')}
            data-testid="print-receipt"
          >
            {t('collectionsMd.print')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} aria-hidden />}
            onClick={() => void openReceipt(c.id, '80mm')}
          >
            {t('collectionsMd.print80')}
          </Button>
          {canChange && (
            <>
              <Button
                variant="default"
                leftSection={<IconPencil size={16} aria-hidden />}
                onClick={() => setEditing(true)}
                data-testid="collection-edit"
              >
                {t('common.edit')}
              </Button>
              <Button
                color="red"
                variant="light"
                leftSection={<IconBan size={16} aria-hidden />}
                onClick={() => setCancelling(true)}
                data-testid="collection-cancel"
              >
                {t('collectionsMd.cancel')}
              </Button>
            </>
          )}
        </>
      }
    >
      <Section title={t('fields.details')}>
        {c.status === 'cancelled' && (
          <Alert color="red" mb="md" data-testid="cancel-reason">
            {t('collectionsMd.cancelledBecause', { reason: c.cancelReason ?? '' })}
          </Alert>
        )}
        {c.status !== 'recorded' && c.status !== 'cancelled' && (
          <Alert color="blue" mb="md">
            {t('collectionsMd.lockedHint')}
          </Alert>
        )}
        <InfoGrid items={fields} />
      </Section>
      {editing && <EditCollectionModal collection={c} onClose={() => setEditing(false)} />}
      {cancelling && <CancelCollectionModal collection={c} onClose={() => setCancelling(false)} />}
      <AttachmentsSection recordType="collection" recordId={c.id} />
    </DetailsLayout>
  );
}

function EditCollectionModal({ collection: c, onClose }: { collection: Collection; onClose: () => void }) {
  const { t } = useTranslation();
  const cropOptions = crops.useOptions();
  const seasonCropOptions = seasonCrops.useOptions();
  const cropId = seasonCropOptions.data?.find((s) => s.id === c.seasonCropId)?.cropId;
  const grades = cropOptions.data?.find((cr) => cr.id === cropId)?.grades ?? [];
  const form = useForm({
    collectedOn: c.collectedOn,
    gradeId: c.gradeId,
    bags: String(c.bags),
    grossKg: c.grossKg,
    tareKg: c.tareKg,
    moisture: c.moisture,
  });
  const save = collections.useSave({ id: c.id, onSaved: onClose, onError: form.showApiError });
  const net = readNet(form.values.grossKg, form.values.tareKg).netKg;
  const submit = form.onSubmit(() => {
    const body = form.validate(updateCollectionBody, {
      ...form.values,
      bags: form.values.bags.trim() === '' ? undefined : Number(form.values.bags),
    });
    if (body) save.update(body);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`${t('common.edit')} ${c.receiptNo}`}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="collection-edit-form"
    >
      <SimpleGrid cols={2}>
        <DateField label={t('collectionsMd.date')} required data-autofocus {...form.text('collectedOn')} />
        <NativeSelect
          label={t('collectionsMd.grade')}
          required
          data={
            grades.length > 0
              ? grades.map((g) => ({ value: g.id, label: `${g.code} · ${localName(g)}` }))
              : [{ value: c.gradeId, label: `${c.gradeCode} · ${c.gradeName}` }]
          }
          {...form.text('gradeId')}
        />
        <TextInput label={t('collectionsMd.bags')} required inputMode="numeric" {...form.text('bags')} />
        <TextInput
          label={t('collectionsMd.grossKg')}
          required
          inputMode="decimal"
          {...form.text('grossKg')}
        />
        <TextInput label={t('collectionsMd.tareKg')} required inputMode="decimal" {...form.text('tareKg')} />
        <TextInput
          label={t('collectionsMd.moisture')}
          required
          inputMode="decimal"
          {...form.text('moisture')}
        />
      </SimpleGrid>
      <Text size="sm">
        {t('collectionsMd.netKg')}: <b>{net === null ? '—' : formatKg(net)}</b>
      </Text>
    </FormModal>
  );
}

function CancelCollectionModal({ collection: c, onClose }: { collection: Collection; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelCollection(c.id);
  return (
    <ReasonModal
      title={`${t('collectionsMd.cancel')} ${c.receiptNo}`}
      reasonLabel={t('collectionsMd.cancelReason')}
      reasonRequired={t('collectionsMd.cancelReasonRequired')}
      submitLabel={t('collectionsMd.cancel')}
      confirmTitle={t('collectionsMd.cancelConfirmTitle', { no: c.receiptNo })}
      confirmMessage={t('collectionsMd.cancelConfirm', { kg: formatKg(c.netKg), farmer: c.farmerName })}
      mutation={cancel}
      onClose={onClose}
      testId="collection-cancel-form"
    />
  );
}
