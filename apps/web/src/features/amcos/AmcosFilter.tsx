import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../components/ListFilter.tsx';
import type { ListState } from '../../components/use-list-state.ts';
import { useAmcosOptions } from './hooks.ts';

/** A list's AMCOS filter (`amcos_id`) for union staff: every society, by code and name, searchable. */
export function AmcosFilter({
  list,
  width = 200,
  testId,
}: {
  list: ListState;
  width?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  const societies = useAmcosOptions();
  return (
    <ListFilter
      list={list}
      name="amcos_id"
      label={t('fields.amcos')}
      data={(societies.data ?? []).map((a) => ({ value: a.id, label: `${a.code} · ${a.name}` }))}
      width={width}
      searchable
      testId={testId}
    />
  );
}
