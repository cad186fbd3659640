import type { FarmerStatement } from '@ushirika/contracts';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { formatDate, moneyOrDash } from '../../lib/format.ts';
import { useRouteLink } from '../../lib/route-link.ts';
import { RecordLink } from './RecordLink.tsx';
import { SeasonTable } from './SeasonTable.tsx';

type Request = FarmerStatement['requests'][number];

/** The farmer's input requests of the season and where each stands. */
export function RequestsTab({ requests }: Pick<FarmerStatement, 'requests'>) {
  const { t } = useTranslation();
  const linkTo = useRouteLink();
  return (
    <SeasonTable<Request>
      label={t('farmerStatements.tabs.requests')}
      testId="statement-requests"
      empty={t('farmerStatements.empty.requests')}
      rows={requests}
      rowKey={(r) => r.id}
      columns={[
        {
          key: 'no',
          header: t('inputs.requests.no'),
          render: (r) => (
            <RecordLink to={linkTo('farmer_request_details', { id: r.id })}>{r.requestNo}</RecordLink>
          ),
        },
        { key: 'date', header: t('inputs.date'), render: (r) => formatDate(r.requestedOn) },
        { key: 'crop', header: t('fields.crop'), render: (r) => r.cropName },
        { key: 'status', header: t('fields.status'), render: (r) => <StatusBadge status={r.status} /> },
        {
          key: 'value',
          header: t('inputs.requests.creditValue'),
          render: (r) => moneyOrDash(r.creditValue),
          align: 'right',
        },
      ]}
    />
  );
}
