import { Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The "Active" switch of a record's edit form. A new record starts active, so a form shows it
 * only when it edits one (`{record && <ActiveSwitch form={form} />}`).
 */
export function ActiveSwitch({
  form,
}: {
  form: { values: { active: boolean }; setValue: (key: 'active', value: boolean) => void };
}) {
  const { t } = useTranslation();
  return (
    <Switch
      label={t('fields.active')}
      checked={form.values.active}
      onChange={(e) => form.setValue('active', e.currentTarget.checked)}
    />
  );
}
