import { Anchor, Button } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { INPUT_REQUEST_STATUSES } from '@ushirika/contracts';
import { useState } from 'react';
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
import { seasons } from '../../seasons/hooks.ts';
import { BulkApproveButton } from './BulkApproveButton.tsx';
import { requests } from './hooks.ts';
import { RequestImportModal } from './RequestImportModal.tsx';

/** /collections/farmer-requests/list: farmers' input requests, filtered, approved in bulk, imported. */
export default function RequestsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <RequestsPage />
    </RequirePermission>
  );
}

function RequestsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRecord = useCan('collections.collection.create');
  const seasonOptions = seasons.useOptions();
  const [importing, setImporting] = useState(false);
  return (
    <>
      <PageHeader title={t('inputs.requests.title')} description={t('inputs.requests.description')} />
      <ResourceList
        label={t('inputs.requests.title')}
        resource={requests}
        testId="farmer-requests-table"
        emptyTitle={t('inputs.requests.empty')}
        filterNames={['status', 'season_id']}
        {...(canRecord
          ? {
              onCreate: () => navigate('/collections/farmer-requests/create'),
              createLabel: t('inputs.requests.create'),
            }
          : {})}
        filters={(list, total) => (
          <>
            <StatusFilter
              list={list}
              statuses={INPUT_REQUEST_STATUSES}
              width={170}
              testId="requests-status"
            />
            <ListFilter
              list={list}
              name="season_id"
              label={t('fields.season')}
              data={(seasonOptions.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              width={160}
            />
            <BulkApproveButton list={list} total={total} />
            {canRecord && (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} aria-hidden />}
                onClick={() => setImporting(true)}
              >
                {t('inputs.requests.import')}
              </Button>
            )}
          </>
        )}
        columns={[
          {
            key: 'no',
            header: t('inputs.requests.no'),
            render: (r) => (
              <Anchor component={Link} to={`/collections/farmer-requests/${r.id}/details`}>
                {r.requestNo}
              </Anchor>
            ),
          },
          { key: 'date', header: t('inputs.date'), render: (r) => formatDate(r.requestedOn) },
          { key: 'farmer', header: t('inputs.farmer'), render: (r) => `${r.farmerNo} · ${r.farmerName}` },
          { key: 'amcos', header: t('inputs.amcos'), render: (r) => r.amcosName },
          { key: 'season', header: t('fields.season'), render: (r) => `${r.seasonName} · ${r.cropName}` },
          {
            key: 'value',
            header: t('inputs.requests.creditValue'),
            align: 'right',
            render: (r) => formatMoney(r.creditValue),
          },
          {
            key: 'status',
            header: t('fields.status'),
            render: (r) => (
              <>
                <StatusBadge status={r.status} />
                {r.overLimit && <StatusBadge status="over_limit" ml={4} />}
              </>
            ),
          },
        ]}
      />
      {importing && <RequestImportModal onClose={() => setImporting(false)} />}
    </>
  );
}
