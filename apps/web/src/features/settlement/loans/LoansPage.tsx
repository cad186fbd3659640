import type { FarmerLoan } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { formatDate, moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { loans } from '../hooks.ts';
import { LoanActions } from './LoanActions.tsx';
import { LoanForm } from './LoanForm.tsx';
import { LoanStatusBadge } from './LoanStatusBadge.tsx';

const STATUSES: FarmerLoan['status'][] = ['draft', 'active', 'cancelled'];

/**
 * Farmers' loans: cash advances entered as drafts, paid from a named bank or cash account once
 * another person approves them (the approval posts them), recovered from settlements oldest first.
 */
export default function LoansRoute() {
  const { t } = useTranslation();
  const [creating, setCreating] = useState(false);
  const canCreate = useCan('payments.settlement.create', 'union');
  return (
    <RequirePermission permission="payments.settlement.read">
      <PageHeader
        title={t('pay.loans')}
        description={t('twoBooks.loansHint')}
        breadcrumbs={[{ label: t('pay.payments') }, { label: t('pay.loans') }]}
      />
      <ResourceList
        label={t('pay.loans')}
        resource={loans}
        testId="loans-table"
        emptyTitle={t('pay.noLoans')}
        onCreate={canCreate ? () => setCreating(true) : undefined}
        createLabel={t('pay.newLoan')}
        filterNames={['status']}
        filters={(list) => (
          <ListFilter
            list={list}
            name="status"
            label={t('twoBooks.status')}
            width={160}
            data={STATUSES.map((s) => ({ value: s, label: t(`twoBooks.loanStatus.${s}`) }))}
          />
        )}
        columns={[
          { key: 'no', header: t('pay.loanNo'), render: (l) => l.loanNo, sortField: 'loan_no' },
          {
            key: 'date',
            header: t('pay.date'),
            render: (l) => formatDate(l.issuedOn),
            sortField: 'issued_on',
          },
          { key: 'farmer', header: t('pay.farmer'), render: (l) => `${l.farmerNo} · ${l.farmerName}` },
          { key: 'amcos', header: t('fields.amcos'), render: (l) => l.amcosName },
          {
            key: 'source',
            header: t('inputs.loanSource.title'),
            render: (l) => t(`inputs.loanSource.${l.source}`),
          },
          { key: 'reason', header: t('pay.reason'), render: (l) => l.reason },
          { key: 'paidFrom', header: t('twoBooks.paidFrom'), render: (l) => l.bankAccountName ?? '—' },
          {
            key: 'amount',
            header: t('pay.amount'),
            align: 'right',
            render: (l) => moneyOrDash(l.amount),
            sortField: 'amount',
          },
          {
            key: 'recovered',
            header: t('pay.recovered'),
            align: 'right',
            render: (l) => moneyOrDash(l.recovered),
          },
          {
            key: 'outstanding',
            header: t('pay.outstanding'),
            align: 'right',
            render: (l) => moneyOrDash(l.outstanding),
          },
          {
            key: 'status',
            header: t('twoBooks.status'),
            render: (l) => <LoanStatusBadge status={l.status} />,
          },
          { key: 'actions', header: '', render: (l) => <LoanActions loan={l} /> },
        ]}
      />
      {creating && <LoanForm onClose={() => setCreating(false)} />}
    </RequirePermission>
  );
}
