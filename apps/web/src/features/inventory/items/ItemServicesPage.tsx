import { withPermission } from '../../../components/RequirePermission.tsx';
import { ItemsList } from './ItemsList.tsx';

/** /inventory/item-services: non-stock lines usable on purchase orders and invoices. */
export default withPermission(() => <ItemsList kind="service" />, 'inventory.store.read', {
  unionOnly: true,
});
