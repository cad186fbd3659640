import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListState } from './use-list-state.ts';

/**
 * The status filter of a list: a clearable select of the given statuses, labelled from
 * `status.*`, bound to the list's `status` filter in the address bar (list `filterNames` must
 * include `status`).
 */
export function StatusFilter({
  list,
  statuses,
  width = 140,
}: {
  list: ListState;
  statuses: readonly string[];
  width?: number;
}) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('fields.status')}
      placeholder={t('fields.status')}
      clearable
      w={width}
      data={statuses.map((s) => ({ value: s, label: t(`status.${s}` as 'status.active') }))}
      value={list.filters.status ?? null}
      onChange={(v) => list.setFilter('status', v)}
    />
  );
}
