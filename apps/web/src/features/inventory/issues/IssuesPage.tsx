import { Anchor, Group } from '@mantine/core';
import { ISSUE_PURPOSE_VALUES, type StockIssue } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { StoreFilter } from '../stores/StoreFilter.tsx';
import { stockIssues } from './hooks.ts';

/** /inventory/issues/list: stock issued out of stores at weighted average cost. */
export default withPermission(IssuesPage, 'inventory.store.read');

function IssuesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canIssue = useCan('inventory.store.update');
  return (
    <>
      <PageHeader title={t('screens.issues')} description={t('inventoryMd.issuesNote')} />
      <ResourceList<StockIssue>
        label={t('screens.issues')}
        resource={stockIssues}
        testId="issues-table"
        filterNames={['purpose', 'store_id']}
        emptyTitle={t('inventoryMd.noIssues')}
        onCreate={canIssue ? () => navigate('/inventory/issues/create') : undefined}
        createLabel={t('screens.issue_create')}
        filters={(list) => (
          <Group gap="xs">
            <ListFilter
              list={list}
              name="purpose"
              label={t('inventoryMd.purpose')}
              data={ISSUE_PURPOSE_VALUES.map((p) => ({ value: p, label: t(`inventoryMd.purposes.${p}`) }))}
              width={180}
            />
            <StoreFilter list={list} />
          </Group>
        )}
        columns={[
          {
            key: 'issueNo',
            header: t('inventoryMd.issueNo'),
            sortField: 'issueNo',
            render: (i) => (
              <Anchor component={Link} to={`/inventory/issues/${i.id}/details`}>
                {i.issueNo}
              </Anchor>
            ),
          },
          {
            key: 'date',
            header: t('inventoryMd.issuedOn'),
            sortField: 'issuedOn',
            render: (i) => formatDate(i.issuedOn),
          },
          { key: 'store', header: t('inventoryMd.store'), render: (i) => i.storeName },
          {
            key: 'purpose',
            header: t('inventoryMd.purpose'),
            render: (i) => t(`inventoryMd.purposes.${i.purpose}`),
          },
          { key: 'to', header: t('inventoryMd.issuedTo'), render: (i) => i.toAmcosName ?? i.issuedTo },
          { key: 'lines', header: t('inventoryMd.lines'), align: 'right', render: (i) => i.lineCount },
          {
            key: 'value',
            header: t('inventoryMd.value'),
            align: 'right',
            sortField: 'totalValue',
            render: (i) => formatMoney(i.totalValue),
          },
        ]}
      />
    </>
  );
}
