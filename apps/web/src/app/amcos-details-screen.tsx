import type { AmcosDetailsSlots } from '../features/amcos/AmcosDetailsPage.tsx';
import { AmcosDetailsRoute } from '../features/amcos/AmcosDetailsPage.tsx';
import { StockTable } from '../features/crop-flow/collections/StockTable.tsx';
import { AmcosFarmsMap } from '../features/farmers/AmcosFarmsMap.tsx';
import { FarmersTable } from '../features/farmers/FarmersTable.tsx';
import { AmcosUsersPanel } from '../features/users/AmcosUsersPanel.tsx';

/**
 * The AMCOS details page with what the areas that depend on the AMCOS show on it. Composed here,
 * at the root, so that amcos imports none of them: farmers, users and crop flow each pick an AMCOS,
 * and a page in amcos importing them back would make a module circle.
 */
const slots: AmcosDetailsSlots = {
  Map: AmcosFarmsMap,
  tabs: [
    {
      value: 'farmers',
      label: 'amcosMd.farmers',
      Panel: ({ amcosId }) => <FarmersTable amcosId={amcosId} prefix="f_" />,
    },
    { value: 'users', label: 'amcosMd.users', audience: 'union', Panel: AmcosUsersPanel },
    {
      value: 'crop-stock',
      label: 'collectionsMd.stockTitle',
      testId: 'amcos-stock-tab',
      permission: 'collections.collection.read',
      Panel: StockTable,
    },
  ],
};

export default function AmcosDetailsScreen() {
  return <AmcosDetailsRoute slots={slots} />;
}
