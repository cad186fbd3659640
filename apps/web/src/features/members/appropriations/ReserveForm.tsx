import { TextInput } from '@mantine/core';
import { appropriationSettingsBody } from '@ushirika/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { useAppropriationSettings, useSaveAppropriationSettings } from './hooks.ts';

/** The by-laws' statutory reserve: the percentage of a year's surplus put to the general reserve. */
export function ReserveForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const current = useAppropriationSettings();
  const form = useForm({ reservePercent: '' });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset({ reservePercent: current.data.reservePercent });
  }, [current.data, reset]);
  const save = useSaveAppropriationSettings();
  const submit = form.onSubmit(() => {
    const body = form.validate(appropriationSettingsBody, form.values);
    if (body) save.mutate(body, form.saved(onClose));
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('appropriations.settings')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      size="md"
      testId="appropriation-reserve-form"
    >
      <TextInput
        label={t('appropriations.reservePercent')}
        description={t('appropriations.settingsHint')}
        required
        autoFocus
        inputMode="decimal"
        {...form.text('reservePercent')}
      />
    </FormModal>
  );
}
