import { NativeSelect, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../../components/FormModal.tsx';
import { downloadAgmPack, useClosedYears } from './hooks.ts';

/**
 * The AGM pack of a closed year (#32): the union's member register, its statements with the
 * previous year, the appropriation proposal and the next year's budget, one PDF in the reader's language.
 */
export function AgmPackForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const years = useClosedYears();
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);
  const yearId = chosen || years.data?.[0]?.id || '';
  const none = years.isSuccess && years.data.length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!yearId) return;
    setBusy(true);
    downloadAgmPack(yearId)
      .then(onClose)
      .catch(() => undefined)
      .finally(() => setBusy(false));
  };
  return (
    <FormModal
      opened
      onClose={onClose}
      title={t('appropriations.agmPack')}
      onSubmit={submit}
      error={none ? t('appropriations.agmPackNoYear') : null}
      submitLabel={t('appropriations.agmPackDownload')}
      submitting={busy}
      testId="agm-pack-form"
    >
      <Text size="sm" c="dimmed">
        {t('appropriations.agmPackHint')}
      </Text>
      <NativeSelect
        label={t('appropriations.agmPackYear')}
        required
        data={(years.data ?? []).map((y) => ({ value: y.id, label: y.name }))}
        value={yearId}
        onChange={(e) => setChosen(e.currentTarget.value)}
        data-autofocus
        data-testid="agm-pack-year"
      />
    </FormModal>
  );
}
