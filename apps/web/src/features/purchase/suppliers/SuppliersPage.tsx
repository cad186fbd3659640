import { Anchor } from '@mantine/core';
import type { Supplier } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../../components/ListFilter.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { withPermission } from '../../../components/RequirePermission.tsx';
import { ResourceList } from '../../../components/ResourceList.tsx';
import { StatusBadge } from '../../../components/StatusBadge.tsx';
import { moneyOrDash } from '../../../lib/format.ts';
import { useCan } from '../../../lib/use-can.ts';
import { suppliers } from '../hooks.ts';
import { SupplierDetailsModal } from './SupplierDetailsModal.tsx';
import { SupplierForm } from './SupplierForm.tsx';

export default withPermission(SuppliersPage, 'purchase.order.read', { unionOnly: true });

function SuppliersPage() {
  const { t } = useTranslation();
  const canWrite = useCan('purchase.order.create', 'union');
  const [editing, setEditing] = useState<Supplier | 'new' | null>(null);
  const [showing, setShowing] = useState<Supplier | null>(null);
  return (
    <>
      <PageHeader title={t('purchaseMd.suppliers')} description={t('purchaseMd.suppliersNote')} />
      <ResourceList
        label={t('purchaseMd.suppliers')}
        resource={suppliers}
        testId="suppliers-table"
        emptyTitle={t('purchaseMd.noSuppliers')}
        filterNames={['active']}
        filters={(list) => (
          <ListFilter
            list={list}
            name="active"
            label={t('fields.status')}
            data={[
              { value: 'true', label: t('status.active') },
              { value: 'false', label: t('status.inactive') },
            ]}
            width={140}
          />
        )}
        {...(canWrite
          ? { onCreate: () => setEditing('new'), createLabel: t('purchaseMd.createSupplier') }
          : {})}
        columns={[
          {
            key: 'name',
            header: t('fields.name'),
            sortField: 'name',
            render: (s) => (
              <Anchor
                component="button"
                type="button"
                onClick={() => setShowing(s)}
                data-testid="supplier-link"
              >
                {s.name}
              </Anchor>
            ),
          },
          { key: 'tin', header: t('purchaseMd.tin'), render: (s) => s.tin ?? '—' },
          { key: 'phone', header: t('fields.phone'), render: (s) => s.phone ?? '—' },
          {
            key: 'method',
            header: t('purchaseMd.paidBy'),
            render: (s) => t(`purchaseMd.method.${s.paymentMethod}`),
          },
          {
            key: 'terms',
            header: t('purchaseMd.paymentTermsDays'),
            sortField: 'paymentTermsDays',
            align: 'right',
            render: (s) => String(s.paymentTermsDays),
          },
          {
            key: 'balance',
            header: t('purchaseMd.balance'),
            align: 'right',
            render: (s) => moneyOrDash(s.balance),
          },
          {
            key: 'active',
            header: t('fields.status'),
            render: (s) => <StatusBadge status={s.active ? 'active' : 'inactive'} />,
          },
        ]}
      />
      {showing && (
        <SupplierDetailsModal
          id={showing.id}
          onClose={() => setShowing(null)}
          {...(canWrite
            ? {
                onEdit: () => {
                  setEditing(showing);
                  setShowing(null);
                },
              }
            : {})}
        />
      )}
      {editing && (
        <SupplierForm
          {...(editing === 'new' ? {} : { supplier: editing })}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
