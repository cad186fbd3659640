import { Anchor, Group } from '@mantine/core';
import { STORE_KIND_VALUES, type Store } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatMoney } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AmcosFilter } from '../../amcos/AmcosFilter.tsx';
import { stores } from './hooks.ts';
import { StoreForm } from './StoreForm.tsx';

/** /inventory/stores: union and AMCOS stores with what they hold; an AMCOS user sees its own. */
export default withPermission(StoresPage, 'inventory.store.read');

function StoresPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  const isUnion = !user?.amcosId;
  const canEdit = useCan('inventory.store.update', 'union');
  return (
    <ResourceListPage<Store>
      header={{ title: t('screens.stores'), description: t('inventoryMd.storesNote') }}
      label={t('screens.stores')}
      resource={stores}
      testId="stores-table"
      filterNames={['kind', 'amcos_id']}
      emptyTitle={t('inventoryMd.noStores')}
      createLabel={t('inventoryMd.newOf', { what: t('inventoryMd.store') })}
      form={canEdit ? StoreForm : undefined}
      editable={canEdit}
      filters={(list) =>
        isUnion && (
          <Group gap="xs">
            <ListFilter
              list={list}
              name="kind"
              label={t('inventoryMd.storeKind')}
              data={STORE_KIND_VALUES.map((k) => ({ value: k, label: t(`inventoryMd.kind.${k}`) }))}
              width={160}
            />
            <AmcosFilter list={list} />
          </Group>
        )
      }
      columns={[
        { key: 'code', header: t('inventoryMd.code'), sortField: 'code', render: (s) => s.code },
        {
          key: 'name',
          header: t('fields.name'),
          sortField: 'name',
          render: (s) => (
            <Anchor component={Link} to={`/inventory/ledgers?store_id=${s.id}`}>
              {s.name}
            </Anchor>
          ),
        },
        { key: 'kind', header: t('inventoryMd.storeKind'), render: (s) => t(`inventoryMd.kind.${s.kind}`) },
        { key: 'amcos', header: t('fields.amcos'), render: (s) => s.amcosName ?? '—' },
        { key: 'location', header: t('inventoryMd.location'), render: (s) => s.location ?? '—' },
        { key: 'keeper', header: t('inventoryMd.keeper'), render: (s) => s.keeperName ?? '—' },
        { key: 'items', header: t('inventoryMd.items'), align: 'right', render: (s) => s.itemCount },
        {
          key: 'value',
          header: t('inventoryMd.value'),
          align: 'right',
          render: (s) => formatMoney(s.stockValue),
        },
        {
          key: 'status',
          header: t('fields.status'),
          render: (s) => <StatusBadge status={s.active ? 'active' : 'inactive'} />,
        },
      ]}
    />
  );
}
