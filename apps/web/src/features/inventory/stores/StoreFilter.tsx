import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../../components/ListFilter.tsx';
import type { ListState } from '../../../components/use-list-state.ts';
import { useStoreOptions } from './hooks.ts';

/** A stock list's store filter (`store_id`): the stores the user may look at, an AMCOS user's own. */
export function StoreFilter({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const data = useStoreOptions();
  return (
    <ListFilter
      list={list}
      name="store_id"
      label={t('inventoryMd.store')}
      data={data}
      width={220}
      searchable
    />
  );
}
