import { Anchor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/PageHeader.tsx';
import { RequirePermission } from '../../components/RequirePermission.tsx';
import { ResourceList } from '../../components/ResourceList.tsx';
import { formatMoney } from '../../lib/format.ts';
import { boqs } from './hooks.ts';

export default function BoqsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <RequirePermission permission="settings.collection.read" unionOnly>
      <PageHeader
        title={t('boqsMd.title')}
        description={t('boqsMd.description')}
        breadcrumbs={[{ label: t('menu.settings') }, { label: t('boqsMd.title') }]}
      />
      <ResourceList
        label={t('boqsMd.title')}
        resource={boqs}
        testId="boqs-table"
        emptyTitle={t('boqsMd.empty')}
        onCreate={() => navigate('/settings/collection/boqs/create')}
        createLabel={t('boqsMd.create')}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            sortField: 'name',
            render: (b) => (
              <Anchor component={Link} to={`/settings/collection/boqs/${b.id}/details`}>
                {b.name}
              </Anchor>
            ),
          },
          { key: 'season', header: t('fields.season'), render: (b) => `${b.seasonName} · ${b.cropName}` },
          { key: 'items', header: t('boqsMd.items'), align: 'right', render: (b) => b.itemCount },
          {
            key: 'cost',
            header: t('boqsMd.costPerAcre'),
            align: 'right',
            render: (b) => formatMoney(b.costPerAcre),
          },
        ]}
      />
    </RequirePermission>
  );
}
