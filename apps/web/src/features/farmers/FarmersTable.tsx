import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ListFilter } from '../../components/ListFilter.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { StatusFilter } from '../../components/StatusFilter.tsx';
import { farmers } from './hooks.ts';

/** Farmers of one AMCOS (its details page) or of all the caller may see; links keep the caller's section. */
export function FarmersTable({
  amcosId,
  prefix,
  onCreate,
  createLabel,
}: {
  amcosId?: string;
  prefix?: string;
  onCreate?: () => void;
  createLabel?: string;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const base = pathname.startsWith('/collection/') ? '/collection/setting/farmers' : '/amcos/amcos-farmers';
  return (
    <ResourceList
      label={t('farmersMd.title')}
      resource={farmers}
      testId="farmers-table"
      prefix={prefix}
      scope={amcosId ? { amcos_id: amcosId } : undefined}
      emptyTitle={t('farmersMd.empty')}
      filterNames={['status', 'gender']}
      onCreate={onCreate}
      createLabel={createLabel}
      filters={(list) => (
        <>
          <StatusFilter list={list} statuses={['active', 'inactive']} width={130} />
          <ListFilter
            list={list}
            name="gender"
            label={t('fields.gender')}
            data={[
              { value: 'Male', label: t('fields.male') },
              { value: 'Female', label: t('fields.female') },
            ]}
            width={130}
          />
        </>
      )}
      columns={[
        {
          key: 'no',
          header: t('farmersMd.number'),
          sortField: 'farmer_no',
          render: (f) => (
            <Anchor component={Link} to={`${base}/${f.id}/details`}>
              {f.farmerNo}
            </Anchor>
          ),
        },
        {
          key: 'name',
          header: t('fields.name'),
          sortField: 'name',
          render: (f) => [f.firstName, f.middleName, f.lastName].filter(Boolean).join(' '),
        },
        { key: 'amcos', header: t('fields.amcos'), render: (f) => f.amcosCode },
        { key: 'phone', header: t('fields.phone'), render: (f) => f.phone ?? '—' },
        {
          key: 'village',
          header: t('fields.village'),
          sortField: 'village',
          render: (f) => f.village ?? '—',
        },
        {
          key: 'acres',
          header: t('farmersMd.acres'),
          align: 'right',
          render: (f) => `${f.totalAcres} (${f.farmCount})`,
        },
        { key: 'status', header: t('fields.status'), render: (f) => <StatusBadge status={f.status} /> },
      ]}
    />
  );
}
