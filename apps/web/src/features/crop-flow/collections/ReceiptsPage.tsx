import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { DeliveryNotesButton } from '../DeliveryNotesButton.tsx';
import { CollectionsAndStockTabs } from './CollectionsAndStockTabs.tsx';
import { WeighingForm } from './WeighingForm.tsx';

/** receips (/collections/receips/list): the weighing point: fast entry, the collections, the stock. */
export default function ReceiptsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <ReceiptsPage />
    </RequirePermission>
  );
}

function ReceiptsPage() {
  const { t } = useTranslation();
  const canWeigh = useCan('collections.collection.create');
  return (
    <>
      <PageHeader
        title={t('collectionsMd.title')}
        description={t('collectionsMd.description')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('collectionsMd.title') }]}
        actions={<DeliveryNotesButton />}
      />
      {canWeigh && <WeighingForm />}
      <CollectionsAndStockTabs />
    </>
  );
}
