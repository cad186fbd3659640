import { Anchor, Group, Text } from '@mantine/core';
import { MOVEMENT_KIND_VALUES, type StockMovement } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { formatDate, formatDecimal } from '../../../lib/format.ts';
import { useItemChoices } from '../../../lib/item-choices.ts';
import { unitLabel } from '../../../lib/units.ts';
import { StoreFilter } from '../stores/StoreFilter.tsx';
import { stockLedger } from './hooks.ts';

const SOURCE_LINKS: Record<string, (id: string) => string> = {
  grn: (id) => `/inventory/grns/grn/${id}/details`,
  stock_issue: (id) => `/inventory/issues/${id}/details`,
  stock_transfer: (id) => `/inventory/transfers/${id}/details`,
  distribution: (id) => `/collections/distributions/${id}/details`,
};

/** /inventory/ledgers: every movement with the item×store balance, average cost and value after it. */
export default withPermission(StockLedgerPage, 'inventory.store.read');

function StockLedgerPage() {
  const { t } = useTranslation();
  const itemChoices = useItemChoices();
  const signed = (value: string, dp: number) => (
    <Text span c={value.startsWith('-') ? 'red' : undefined} inherit>
      {formatDecimal(value, dp)}
    </Text>
  );
  return (
    <>
      <PageHeader title={t('screens.ledgers')} description={t('inventoryMd.ledgerNote')} />
      <ResourceList<StockMovement>
        label={t('screens.ledgers')}
        resource={stockLedger}
        testId="stock-ledger-table"
        filterNames={['item_id', 'store_id', 'kind']}
        emptyTitle={t('inventoryMd.noMovements')}
        filters={(list) => (
          <Group gap="xs">
            <ListFilter
              list={list}
              name="item_id"
              label={t('inventoryMd.item')}
              data={(itemChoices.data ?? [])
                .filter((i) => i.kind === 'stock')
                .map((i) => ({ value: i.id, label: `${i.code} · ${i.name}` }))}
              width={220}
              searchable
            />
            <StoreFilter list={list} />
            <ListFilter
              list={list}
              name="kind"
              label={t('inventoryMd.movement')}
              data={MOVEMENT_KIND_VALUES.map((k) => ({ value: k, label: t(`inventoryMd.movements.${k}`) }))}
              width={170}
            />
          </Group>
        )}
        columns={[
          { key: 'date', header: t('inventoryMd.date'), render: (m) => formatDate(m.movementDate) },
          { key: 'store', header: t('inventoryMd.store'), render: (m) => m.storeName },
          { key: 'item', header: t('inventoryMd.item'), render: (m) => `${m.itemCode} · ${m.itemName}` },
          {
            key: 'kind',
            header: t('inventoryMd.movement'),
            render: (m) => t(`inventoryMd.movements.${m.kind}`),
          },
          {
            key: 'doc',
            header: t('inventoryMd.document'),
            render: (m) => {
              const to = SOURCE_LINKS[m.sourceType];
              const name =
                m.sourceNo ?? t(`inventoryMd.sources.${m.sourceType}`, { defaultValue: m.sourceType });
              return to ? (
                <Anchor component={Link} to={to(m.sourceId)}>
                  {name}
                </Anchor>
              ) : (
                name
              );
            },
          },
          { key: 'batch', header: t('inventoryMd.batchNo'), render: (m) => m.batchNo ?? '—' },
          {
            key: 'qty',
            header: t('inventoryMd.quantity'),
            align: 'right',
            render: (m) => signed(m.quantity, 3),
          },
          {
            key: 'cost',
            header: t('inventoryMd.unitCost'),
            align: 'right',
            render: (m) => formatDecimal(m.unitCost, 2),
          },
          { key: 'value', header: t('inventoryMd.value'), align: 'right', render: (m) => signed(m.value, 2) },
          {
            key: 'balance',
            header: t('inventoryMd.balanceQty'),
            align: 'right',
            render: (m) => `${formatDecimal(m.balanceQuantity, 3)} ${unitLabel(m.unit, m.balanceQuantity)}`,
          },
          {
            key: 'avg',
            header: t('inventoryMd.avgCost'),
            align: 'right',
            render: (m) => formatDecimal(m.balanceAvgCost, 2),
          },
          {
            key: 'balanceValue',
            header: t('inventoryMd.balanceValue'),
            align: 'right',
            render: (m) => formatDecimal(m.balanceValue, 2),
          },
        ]}
      />
    </>
  );
}
