import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The status of a record in its edit form: one of `statuses`, named as the status badges name
 * them; it always holds one. Spread the form's `control('status')` into it.
 */
export function StatusSelect({
  statuses,
  ...props
}: Omit<SelectProps, 'data' | 'label'> & { statuses: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('fields.status')}
      allowDeselect={false}
      data={statuses.map((s) => ({ value: s, label: t(`status.${s}` as 'status.active') }))}
      {...props}
    />
  );
}
