import { Anchor, Button } from '@mantine/core';
import { IconFileDownload, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { AgmPackForm } from './AgmPackForm.tsx';
import { appropriations, useAppropriationSettings } from './hooks.ts';
import { ProposeForm } from './ProposeForm.tsx';
import { ReserveForm } from './ReserveForm.tsx';

/** /members/appropriations: the appropriations of the union's surplus, proposing one (#32). */
export default function AppropriationsRoute() {
  const { t } = useTranslation();
  const canPropose = useCan('accounts.journal.create', 'union');
  const [proposing, setProposing] = useState(false);
  const [settings, setSettings] = useState(false);
  const [pack, setPack] = useState(false);
  const canReadPack = useCan('amcos.farmer.read', 'union');
  const reserve = useAppropriationSettings();
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <PageHeader
        title={t('appropriations.title')}
        description={t('appropriations.description')}
        breadcrumbs={[{ label: t('members.title') }, { label: t('appropriations.title') }]}
      />
      <ResourceList
        label={t('appropriations.title')}
        resource={appropriations}
        testId="appropriations-table"
        emptyTitle={t('appropriations.empty')}
        {...(canPropose
          ? { onCreate: () => setProposing(true), createLabel: t('appropriations.propose') }
          : {})}
        filters={() => (
          <>
            {canReadPack && (
              <Button
                variant="default"
                leftSection={<IconFileDownload size={16} aria-hidden />}
                onClick={() => setPack(true)}
                data-testid="agm-pack"
              >
                {t('appropriations.agmPack')}
              </Button>
            )}
            {canPropose && (
              <Button
                variant="default"
                leftSection={<IconSettings size={16} aria-hidden />}
                onClick={() => setSettings(true)}
                data-testid="appropriation-reserve"
              >
                {t('appropriations.settings')}
                {reserve.data ? `: ${reserve.data.reservePercent} %` : ''}
              </Button>
            )}
          </>
        )}
        columns={[
          {
            key: 'no',
            header: t('appropriations.number'),
            render: (a) => (
              <Anchor component={Link} to={`/members/appropriations/${a.id}/details`}>
                {a.appropriationNo}
              </Anchor>
            ),
          },
          { key: 'year', header: t('appropriations.year'), render: (a) => a.yearName },
          { key: 'season', header: t('appropriations.season'), render: (a) => a.seasonName },
          {
            key: 'surplus',
            header: t('appropriations.surplus'),
            align: 'right',
            render: (a) => moneyOrDash(a.surplus),
          },
          {
            key: 'reserve',
            header: t('appropriations.reserve'),
            align: 'right',
            render: (a) => moneyOrDash(a.reserve),
          },
          {
            key: 'dividend',
            header: t('appropriations.dividend'),
            align: 'right',
            render: (a) => moneyOrDash(a.dividend),
          },
          {
            key: 'bonus',
            header: t('appropriations.bonus'),
            align: 'right',
            render: (a) => moneyOrDash(a.bonus),
          },
          {
            key: 'proposedAt',
            header: t('appropriations.proposedAt'),
            render: (a) => formatDate(a.proposedAt),
          },
          { key: 'status', header: t('fields.status'), render: (a) => <StatusBadge status={a.status} /> },
        ]}
      />
      {proposing && <ProposeForm onClose={() => setProposing(false)} />}
      {settings && <ReserveForm onClose={() => setSettings(false)} />}
      {pack && <AgmPackForm onClose={() => setPack(false)} />}
    </RequirePermission>
  );
}
