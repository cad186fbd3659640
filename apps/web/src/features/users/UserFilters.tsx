import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ListState } from '../../components/use-list-state.ts';
import { roleLabel } from '../../lib/roles.ts';
import { useAmcosOptions } from '../amcos/hooks.ts';
import { useRoles } from './hooks.ts';

export const USER_FILTERS = ['kind', 'amcos_id', 'role_id', 'active'] as const;

/** Kind (Union / AMCOS), society, role and status filters for the users list. */
export function UserFilters({ list }: { list: ListState }) {
  const { t } = useTranslation();
  const roles = useRoles();
  const kind = list.filters.kind ?? null;
  const amcos = useAmcosOptions(kind !== 'union');
  const roleOptions = (roles.data ?? [])
    .filter((role) => !kind || role.audience === kind)
    .map((role) => ({ value: role.id, label: roleLabel(t, role.name) }));

  return (
    <>
      <Select
        aria-label={t('users.filters.kind')}
        placeholder={t('users.filters.allKinds')}
        data={[
          { value: 'union', label: t('app.union') },
          { value: 'amcos', label: t('app.amcos') },
        ]}
        value={kind}
        onChange={(value) => list.setFilter('kind', value)}
        clearable
        w={150}
        data-testid="filter-kind"
      />
      {kind !== 'union' && (
        <Select
          aria-label={t('users.filters.amcos')}
          placeholder={t('users.filters.allAmcos')}
          data={(amcos.data ?? []).map((society) => ({
            value: society.id,
            label: `${society.code} · ${society.name}`,
          }))}
          value={list.filters.amcos_id ?? null}
          onChange={(value) => list.setFilter('amcos_id', value)}
          searchable
          clearable
          nothingFoundMessage={t('common.nothingFound')}
          w={220}
          data-testid="filter-amcos"
        />
      )}
      <Select
        aria-label={t('users.filters.role')}
        placeholder={t('users.filters.allRoles')}
        data={roleOptions}
        value={list.filters.role_id ?? null}
        onChange={(value) => list.setFilter('role_id', value)}
        searchable
        clearable
        nothingFoundMessage={t('common.nothingFound')}
        w={200}
        data-testid="filter-role"
      />
      <Select
        aria-label={t('users.filters.status')}
        placeholder={t('users.filters.allStatuses')}
        data={[
          { value: 'true', label: t('status.active') },
          { value: 'false', label: t('status.inactive') },
        ]}
        value={list.filters.active ?? null}
        onChange={(value) => list.setFilter('active', value)}
        clearable
        w={150}
        data-testid="filter-status"
      />
    </>
  );
}
