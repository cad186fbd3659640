import { Badge, Group } from '@mantine/core';
import type { Item, ItemKind } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { ResourceListPage } from '../../../components/ResourceListPage.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDecimal, formatMoney, localName } from '../../../lib/format.ts';
import { unitLabel } from '../../../lib/units.ts';
import { useCan } from '../../../lib/use-can.ts';
import { items, useItemOptions } from './hooks.ts';
import { ItemForm } from './ItemForm.tsx';

/** The store items or the services list: the same catalogue, one kind each. */
export function ItemsList({ kind }: { kind: ItemKind }) {
  const { t } = useTranslation();
  const canEdit = useCan('inventory.store.update', 'union');
  const options = useItemOptions();
  const stock = kind === 'stock';
  return (
    <ResourceListPage<Item>
      header={{
        title: t(stock ? 'screens.store_items' : 'screens.item_services'),
        description: t(stock ? 'inventoryMd.itemsNote' : 'inventoryMd.servicesNote'),
      }}
      label={t(stock ? 'screens.store_items' : 'screens.item_services')}
      resource={items}
      scope={{ kind }}
      testId={stock ? 'store-items-table' : 'services-table'}
      filterNames={['category_id', 'below_reorder']}
      emptyTitle={t(stock ? 'inventoryMd.noItems' : 'inventoryMd.noServices')}
      createLabel={t('inventoryMd.newOf', { what: t(stock ? 'inventoryMd.item' : 'inventoryMd.service') })}
      form={canEdit ? (props) => <ItemForm {...props} kind={kind} /> : undefined}
      editable={canEdit}
      filters={(list) => (
        <Group gap="xs">
          <ListFilter
            list={list}
            name="category_id"
            label={t('inventoryMd.category')}
            data={(options.data?.categories ?? []).map((c) => ({ value: c.id, label: c.name }))}
            width={200}
          />
          {stock && (
            <ListFilter
              list={list}
              name="below_reorder"
              label={t('inventoryMd.reorder')}
              data={[{ value: 'true', label: t('inventoryMd.belowReorder') }]}
              width={200}
            />
          )}
        </Group>
      )}
      columns={[
        { key: 'code', header: t('inventoryMd.code'), sortField: 'code', render: (i) => i.code },
        { key: 'name', header: t('fields.name'), sortField: 'name', render: (i) => localName(i) },
        { key: 'unit', header: t('inventoryMd.unit'), render: (i) => unitLabel(i.unit) },
        { key: 'category', header: t('inventoryMd.category'), render: (i) => i.categoryName ?? '—' },
        ...(stock
          ? [
              {
                key: 'onHand',
                header: t('inventoryMd.onHand'),
                align: 'right' as const,
                render: (i: Item) => (
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    {i.belowReorder && (
                      <Badge color="orange" size="sm">
                        {t('inventoryMd.belowReorder')}
                      </Badge>
                    )}
                    {formatDecimal(i.quantityOnHand, 3)}
                  </Group>
                ),
              },
              {
                key: 'value',
                header: t('inventoryMd.value'),
                align: 'right' as const,
                render: (i: Item) => formatMoney(i.valueOnHand),
              },
              {
                key: 'batch',
                header: t('inventoryMd.batch'),
                render: (i: Item) => (i.tracksBatch ? t('common.yes') : t('common.no')),
              },
            ]
          : []),
        {
          key: 'status',
          header: t('fields.status'),
          render: (i) => <StatusBadge status={i.active ? 'active' : 'inactive'} />,
        },
      ]}
    />
  );
}
