import { Anchor } from '@mantine/core';
import { DISTRIBUTION_KINDS } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { StatusFilter } from '../../../components/StatusFilter.tsx';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { distributions } from './hooks.ts';

/** /collections/distributions/list: inputs handed to farmers from the AMCOS stores. */
export default function DistributionsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <DistributionsPage />
    </RequirePermission>
  );
}

function DistributionsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRecord = useCan('collections.collection.create');
  return (
    <>
      <PageHeader
        title={t('inputs.distributions.title')}
        description={t('inputs.distributions.description')}
      />
      <ResourceList
        label={t('inputs.distributions.title')}
        resource={distributions}
        testId="distributions-table"
        emptyTitle={t('inputs.distributions.empty')}
        filterNames={['status', 'kind']}
        {...(canRecord
          ? {
              onCreate: () => navigate('/collections/distributions/create'),
              createLabel: t('inputs.distributions.create'),
            }
          : {})}
        filters={(list) => (
          <>
            <StatusFilter list={list} statuses={['issued', 'cancelled']} />
            <ListFilter
              list={list}
              name="kind"
              label={t('inputs.kind')}
              data={DISTRIBUTION_KINDS.map((k) => ({ value: k, label: t(`inputs.kinds.${k}`) }))}
              width={150}
            />
          </>
        )}
        columns={[
          {
            key: 'no',
            header: t('inputs.distributions.no'),
            render: (d) => (
              <Anchor component={Link} to={`/collections/distributions/${d.id}/details`}>
                {d.distributionNo}
              </Anchor>
            ),
          },
          { key: 'date', header: t('inputs.date'), render: (d) => formatDate(d.distributedOn) },
          { key: 'farmer', header: t('inputs.farmer'), render: (d) => `${d.farmerNo} · ${d.farmerName}` },
          { key: 'amcos', header: t('inputs.amcos'), render: (d) => d.amcosName },
          { key: 'kind', header: t('inputs.kind'), render: (d) => t(`inputs.kinds.${d.kind}`) },
          {
            key: 'amount',
            header: t('inputs.farmerAmount'),
            align: 'right',
            render: (d) => formatMoney(d.farmerAmount),
          },
          {
            key: 'owed',
            header: t('inputs.loanOutstanding'),
            align: 'right',
            render: (d) => (d.loanOutstanding ? formatMoney(d.loanOutstanding) : '—'),
          },
          { key: 'status', header: t('fields.status'), render: (d) => <StatusBadge status={d.status} /> },
        ]}
      />
    </>
  );
}
