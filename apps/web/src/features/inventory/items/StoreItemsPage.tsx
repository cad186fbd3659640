import { withPermission } from '../../../components/RequirePermission.tsx';
import { ItemsList } from './ItemsList.tsx';

/** /inventory/store-items: the stock items of the union's catalogue. */
export default withPermission(() => <ItemsList kind="stock" />, 'inventory.store.read', { unionOnly: true });
