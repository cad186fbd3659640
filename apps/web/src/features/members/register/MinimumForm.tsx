import { TextInput } from '@mantine/core';
import { memberSettingsBody } from '@ushirika/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { useForm } from '../../../lib/form.ts';
import { useMemberSettings, useSaveMemberSettings } from './hooks.ts';

/** The register's by-law share minimum: a member is active once its paid shares reach it. */
export function MinimumForm({ society, onClose }: { society: string; onClose: () => void }) {
  const { t } = useTranslation();
  const current = useMemberSettings(society);
  const form = useForm({ shareMinimum: '' });
  const { reset } = form;
  useEffect(() => {
    if (current.data) reset({ shareMinimum: current.data.shareMinimum });
  }, [current.data, reset]);
  const save = useSaveMemberSettings();
  const submit = form.onSubmit(() => {
    const body = form.validate(memberSettingsBody, { society, shareMinimum: form.values.shareMinimum });
    if (body) save.mutate(body, form.saved(onClose));
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('members.shareMinimum')}
      onSubmit={submit}
      error={form.formError}
      submitLabel={t('common.save')}
      submitting={save.isPending}
      size="md"
      testId="member-minimum-form"
    >
      <TextInput
        label={t('members.shareMinimum')}
        description={t('members.shareMinimumHint')}
        required
        autoFocus
        inputMode="decimal"
        {...form.text('shareMinimum')}
      />
    </FormModal>
  );
}
