import { Checkbox, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { type DeliveryNoteDetail, receiveDeliveryNoteBody } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { formatKg, formatNumber } from '../../../lib/format.ts';
import { useNoteActions, usePendingCollections } from './hooks.ts';

/** The forms of a delivery note's actions: receive (union), cancel and add collections (draft). */
export function ReceiveModal({ note: n, onClose }: { note: DeliveryNoteDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { receive } = useNoteActions(n.id);
  const form = useForm({
    receivedBags: String(n.bags),
    receivedKg: n.netKg,
    remarks: '',
    confirm_over: false,
  });
  let variance: string | null = null;
  try {
    variance = dec(form.values.receivedKg).minus(n.netKg).toFixed(3);
  } catch {
    variance = null;
  }
  const over =
    (variance !== null && dec(variance).greaterThan(0)) || Number(form.values.receivedBags) > n.bags;
  const submit = form.onSubmit(() => {
    const body = form.validate(receiveDeliveryNoteBody, {
      ...form.values,
      receivedBags: form.values.receivedBags.trim() === '' ? undefined : Number(form.values.receivedBags),
      confirm_over: form.values.confirm_over || undefined,
    });
    if (!body) return;
    confirmAction({
      title: `${t('dnMd.receive')} ${n.dnNo}?`,
      message: t('dnMd.confirmReceive', {
        bags: formatNumber(body.receivedBags),
        variance: variance === null ? '—' : formatKg(variance),
      }),
      amount: formatKg(body.receivedKg),
      confirmLabel: t('dnMd.receive'),
      danger: false,
      onConfirm: () => receive.mutate(body, form.saved(onClose)),
    });
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={`${t('dnMd.receive')} ${n.dnNo}`}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('dnMd.receive')}
      submitting={receive.isPending}
      testId="dn-receive-form"
    >
      <Text size="sm">
        {t('dnMd.dispatchedFigures', { bags: formatNumber(n.bags), kg: formatKg(n.netKg) })}
      </Text>
      <SimpleGrid cols={2}>
        <TextInput
          label={t('dnMd.receivedBags')}
          required
          inputMode="numeric"
          data-autofocus
          {...form.text('receivedBags')}
        />
        <TextInput label={t('dnMd.receivedKg')} required inputMode="decimal" {...form.text('receivedKg')} />
      </SimpleGrid>
      <Text size="sm" data-testid="dn-variance">
        {t('dnMd.varianceKg')}: <b>{variance === null ? '—' : formatKg(variance)}</b>
      </Text>
      {over && (
        <Checkbox
          color="orange"
          label={t('dnMd.confirmOver')}
          checked={form.values.confirm_over}
          onChange={(e) => form.setValue('confirm_over', e.currentTarget.checked)}
          data-testid="dn-confirm-over"
        />
      )}
      <Textarea label={t('dnMd.remarks')} autosize minRows={2} {...form.text('remarks')} />
    </FormModal>
  );
}

export function CancelModal({ note: n, onClose }: { note: DeliveryNoteDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { cancel } = useNoteActions(n.id);
  return (
    <ReasonModal
      title={`${t('dnMd.cancel')} ${n.dnNo}`}
      reasonLabel={t('dnMd.reason')}
      reasonRequired={t('dnMd.reasonRequired')}
      submitLabel={t('dnMd.cancel')}
      confirmTitle={t('dnMd.cancelTitle', { no: n.dnNo })}
      confirmMessage={t('dnMd.cancelConfirm', { count: n.collections.length })}
      mutation={cancel}
      onClose={onClose}
      testId="dn-cancel-form"
    />
  );
}

export function AddModal({ note: n, onClose }: { note: DeliveryNoteDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const { add } = useNoteActions(n.id);
  const pending = usePendingCollections(n.amcosId, n.seasonCropId);
  const form = useForm({ chosen: [] as string[] });
  const submit = form.onSubmit(() => {
    if (form.values.chosen.length === 0) {
      form.setErrors({ chosen: t('dnMd.chooseOne') });
      return;
    }
    add.mutate({ mode: 'explicit', collectionIds: form.values.chosen }, form.saved(onClose));
  });
  const rows = pending.data ?? [];
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('dnMd.addCollections')}
      onSubmit={submit}
      error={form.formError ?? form.errors.chosen ?? null}
      submitLabel={t('dnMd.addCollections')}
      submitting={add.isPending}
      testId="dn-add-form"
    >
      {rows.length === 0 && !pending.isLoading ? (
        <Text c="dimmed">{t('dnMd.noPending')}</Text>
      ) : (
        <Checkbox.Group value={form.values.chosen} onChange={(value) => form.setValue('chosen', value)}>
          {rows.map((r) => (
            <Checkbox
              key={r.id}
              value={r.id}
              mt="xs"
              label={`${r.receiptNo} · ${r.farmerNo} ${r.farmerName} · ${r.gradeName} · ${formatKg(r.netKg)}`}
            />
          ))}
        </Checkbox.Group>
      )}
    </FormModal>
  );
}
