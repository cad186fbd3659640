import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { CollectionsAndStockTabs } from './CollectionsAndStockTabs.tsx';

/** crop_collections (/collections/crop_collections): the union's view of every AMCOS's collections and stock. */
export default function CropCollectionsRoute() {
  return (
    <RequirePermission permission="collections.collection.read">
      <CropCollectionsPage />
    </RequirePermission>
  );
}

function CropCollectionsPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t('collectionsMd.unionTitle')}
        description={t('collectionsMd.unionDescription')}
        breadcrumbs={[{ label: t('collectionsMd.menu') }, { label: t('collectionsMd.unionTitle') }]}
      />
      <CollectionsAndStockTabs />
    </>
  );
}
