import { Paper, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { CollectionsTable } from './CollectionsTable.tsx';
import { StockTable } from './StockTable.tsx';

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
      <Tabs defaultValue="collections" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="collections">{t('collectionsMd.listTitle')}</Tabs.Tab>
          <Tabs.Tab value="stock" data-testid="stock-tab">
            {t('collectionsMd.stockTitle')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="collections" pt="md">
          <CollectionsTable />
        </Tabs.Panel>
        <Tabs.Panel value="stock" pt="md">
          <Paper withBorder radius="md" p="md">
            <StockTable />
          </Paper>
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
