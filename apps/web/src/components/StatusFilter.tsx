import type { ComboboxItem } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListFilter } from './ListFilter.tsx';
import type { ListState } from './use-list-state.ts';

type StatusFilterProps = { list: ListState; width?: number; testId?: string } & (
  | { statuses: readonly string[]; data?: never }
  | { data: readonly ComboboxItem[]; statuses?: never }
);

/**
 * The status filter of a list, bound to the list's `status` filter in the address bar (list
 * `filterNames` must include `status`). Give `statuses` to label them from `status.*`, or `data`
 * when a screen labels its statuses from its own namespace.
 */
export function StatusFilter({ list, statuses, data, width = 140, testId }: StatusFilterProps) {
  const { t } = useTranslation();
  return (
    <ListFilter
      list={list}
      name="status"
      label={t('fields.status')}
      data={data ?? statuses.map((s) => ({ value: s, label: t(`status.${s}` as 'status.active') }))}
      width={width}
      testId={testId}
    />
  );
}
