import { Paper, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequirePermission } from '../../../components/RequirePermission.tsx';
import { useCan } from '../../../lib/use-can.ts';
import { DeliveryNotesButton } from '../delivery-notes/DeliveryNotesButton.tsx';
import { CollectionsTable } from './CollectionsTable.tsx';
import { StockTable } from './StockTable.tsx';
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
