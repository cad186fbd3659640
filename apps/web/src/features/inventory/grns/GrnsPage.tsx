import { Anchor, Button, Group } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { GRN_KIND_VALUES, type Grn } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { StoreFilter } from '../stores/StoreFilter.tsx';
import { grns } from './hooks.ts';

/** /inventory/grns/list: goods received into stores (an AMCOS user: its own stores). */
export default withPermission(GrnsPage, 'inventory.store.read');

function GrnsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canReceive = useCan('inventory.store.update');
  const canReceiveOnOrder = useCan('inventory.store.update', 'union');
  return (
    <>
      <PageHeader
        title={t('screens.grns')}
        description={t('inventoryMd.grnsNote')}
        actions={
          canReceiveOnOrder && (
            <Button
              variant="default"
              component={Link}
              to="/inventory/grns/grn-create"
              leftSection={<IconFileImport size={16} aria-hidden />}
              data-testid="grn-on-order"
            >
              {t('inventoryMd.grnOnOrder')}
            </Button>
          )
        }
      />
      <ResourceList<Grn>
        label={t('screens.grns')}
        resource={grns}
        testId="grns-table"
        filterNames={['kind', 'store_id']}
        emptyTitle={t('inventoryMd.noGrns')}
        onCreate={canReceive ? () => navigate('/inventory/grns/grn2-create') : undefined}
        createLabel={t('inventoryMd.grnDirect')}
        filters={(list) => (
          <Group gap="xs">
            <ListFilter
              list={list}
              name="kind"
              label={t('inventoryMd.grnKind')}
              data={GRN_KIND_VALUES.map((k) => ({ value: k, label: t(`inventoryMd.grnKinds.${k}`) }))}
              width={170}
            />
            <StoreFilter list={list} />
          </Group>
        )}
        columns={[
          {
            key: 'grnNo',
            header: t('inventoryMd.grnNo'),
            sortField: 'grnNo',
            render: (g) => (
              <Anchor component={Link} to={`/inventory/grns/grn/${g.id}/details`}>
                {g.grnNo}
              </Anchor>
            ),
          },
          {
            key: 'date',
            header: t('inventoryMd.receivedOn'),
            sortField: 'receivedOn',
            render: (g) => formatDate(g.receivedOn),
          },
          {
            key: 'kind',
            header: t('inventoryMd.grnKind'),
            render: (g) => t(`inventoryMd.grnKinds.${g.kind}`),
          },
          { key: 'order', header: t('inventoryMd.order'), render: (g) => g.orderNo ?? '—' },
          { key: 'supplier', header: t('inventoryMd.supplier'), render: (g) => g.supplierName ?? '—' },
          { key: 'store', header: t('inventoryMd.store'), render: (g) => g.storeName },
          { key: 'lines', header: t('inventoryMd.lines'), align: 'right', render: (g) => g.lineCount },
          {
            key: 'value',
            header: t('inventoryMd.value'),
            align: 'right',
            sortField: 'totalValue',
            render: (g) => formatMoney(g.totalValue),
          },
        ]}
      />
    </>
  );
}
