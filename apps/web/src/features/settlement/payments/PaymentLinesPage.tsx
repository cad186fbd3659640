import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { PaymentLinesTable } from './PaymentLinesTable.tsx';

/** What was paid to AMCOS or to farmers; an AMCOS user sees their own society's only. */
function PaymentLinesPage({ party }: { party: 'amcos' | 'farmer' }) {
  const { t } = useTranslation();
  return (
    <RequirePermission permission="payments.settlement.read">
      <PageHeader
        title={t(`pay.lineTitles.${party}`)}
        breadcrumbs={[{ label: t('pay.payments') }, { label: t(`pay.lineTitles.${party}`) }]}
      />
      <PaymentLinesTable
        path="payments/lines"
        scope={{ party_type: party }}
        testId={`payments-${party}`}
        onExport={(query) => {
          const { page: _p, per_page: _pp, ...rest } = query;
          void downloadFile('payments/lines', { ...rest, format: 'xlsx' }, `payments-${party}.xlsx`);
        }}
      />
    </RequirePermission>
  );
}

export const PaymentsAmcosRoute = () => <PaymentLinesPage party="amcos" />;
export const PaymentsFarmersRoute = () => <PaymentLinesPage party="farmer" />;
