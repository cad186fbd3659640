import { type ComboboxItem, Select } from '@mantine/core';
import type { ListState } from './use-list-state.ts';

export interface ListFilterProps {
  list: ListState;
  /** The list filter it sets (one of the list's `filterNames`), e.g. `grade_id`. */
  name: string;
  /** Shown as the placeholder and read out as the accessible name. */
  label: string;
  data: readonly ComboboxItem[];
  width: number;
  searchable?: boolean;
  testId?: string;
}

/**
 * One filter of a list screen: a clearable select bound to the list's `name` filter in the
 * address bar (the list's `filterNames` must include `name`). Clearing it removes the filter.
 */
export function ListFilter({ list, name, label, data, width, searchable, testId }: ListFilterProps) {
  return (
    <Select
      aria-label={label}
      placeholder={label}
      searchable={searchable}
      clearable
      w={width}
      data={data}
      value={list.filters[name] ?? null}
      onChange={(v) => list.setFilter(name, v)}
      data-testid={testId}
    />
  );
}
