import { Anchor } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { formatDate, formatKg, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { secondPayments } from './hooks.ts';
import { ProposeSecondPaymentForm } from './ProposeSecondPaymentForm.tsx';

/** /members/second-payments: the second payments to farmers, proposing one (#32). */
export default function SecondPaymentsRoute() {
  const { t } = useTranslation();
  const canPropose = useCan('accounts.journal.create', 'union');
  const [proposing, setProposing] = useState(false);
  return (
    <RequirePermission permission="accounts.ledger.read" unionOnly>
      <PageHeader
        title={t('secondPayments.title')}
        description={t('secondPayments.description')}
        breadcrumbs={[{ label: t('members.title') }, { label: t('secondPayments.title') }]}
      />
      <ResourceList
        label={t('secondPayments.title')}
        resource={secondPayments}
        testId="second-payments-table"
        emptyTitle={t('secondPayments.empty')}
        {...(canPropose
          ? { onCreate: () => setProposing(true), createLabel: t('secondPayments.propose') }
          : {})}
        columns={[
          {
            key: 'no',
            header: t('secondPayments.number'),
            render: (p) => (
              <Anchor component={Link} to={`/members/second-payments/${p.id}/details`}>
                {p.paymentNo}
              </Anchor>
            ),
          },
          { key: 'season', header: t('secondPayments.season'), render: (p) => p.seasonName },
          { key: 'crop', header: t('secondPayments.crop'), render: (p) => p.cropName },
          {
            key: 'rate',
            header: t('secondPayments.ratePerKg'),
            align: 'right',
            render: (p) => moneyOrDash(p.ratePerKg),
          },
          { key: 'kg', header: t('secondPayments.kg'), align: 'right', render: (p) => formatKg(p.kg) },
          { key: 'lines', header: t('secondPayments.farmers'), align: 'right', render: (p) => p.lineCount },
          {
            key: 'total',
            header: t('secondPayments.total'),
            align: 'right',
            render: (p) => moneyOrDash(p.total),
          },
          {
            key: 'proposedAt',
            header: t('secondPayments.proposedAt'),
            render: (p) => formatDate(p.proposedAt),
          },
          { key: 'status', header: t('fields.status'), render: (p) => <StatusBadge status={p.status} /> },
        ]}
      />
      {proposing && <ProposeSecondPaymentForm onClose={() => setProposing(false)} />}
    </RequirePermission>
  );
}
