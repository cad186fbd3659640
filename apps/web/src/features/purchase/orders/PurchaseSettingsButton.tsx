import { Button, TextInput } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import { purchaseSettingsBody } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { useCan } from '../../../lib/use-can.ts';
import { usePurchaseSettings, useSavePurchaseSettings } from '../hooks.ts';

/** The VAT rate of new orders and how far an invoice may differ from its order before it needs approval. */
export function PurchaseSettingsButton() {
  const { t } = useTranslation();
  const canEdit = useCan('settings.collection.update', 'union');
  const [open, setOpen] = useState(false);
  if (!canEdit) return null;
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconSettings size={16} aria-hidden />}
        onClick={() => setOpen(true)}
      >
        {t('purchaseMd.settings')}
      </Button>
      {open && <SettingsForm onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const settings = usePurchaseSettings();
  const save = useSavePurchaseSettings();
  const form = useForm({
    vatRate: settings.data?.vatRate ?? '18.00',
    priceTolerancePercent: settings.data?.priceTolerancePercent ?? '0.00',
    quantityTolerancePercent: settings.data?.quantityTolerancePercent ?? '0.00',
  });
  const submit = form.onSubmit(() => {
    const body = form.validate(purchaseSettingsBody, form.values);
    if (body) save.mutate(body, form.saved(onClose));
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('purchaseMd.settings')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      testId="purchase-settings-form"
    >
      <TextInput
        data-autofocus
        label={t('purchaseMd.vatRate')}
        inputMode="decimal"
        {...form.text('vatRate')}
      />
      <TextInput
        label={t('purchaseMd.priceTolerance')}
        inputMode="decimal"
        {...form.text('priceTolerancePercent')}
      />
      <TextInput
        label={t('purchaseMd.quantityTolerance')}
        inputMode="decimal"
        {...form.text('quantityTolerancePercent')}
      />
    </FormModal>
  );
}
