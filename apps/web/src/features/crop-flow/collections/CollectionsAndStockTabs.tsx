import { Paper, Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CollectionsTable } from './CollectionsTable.tsx';
import { StockTable } from './StockTable.tsx';

/** The collections list and the stock, as two tabs (the weighing point and the union's view). */
export function CollectionsAndStockTabs() {
  const { t } = useTranslation();
  return (
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
  );
}
