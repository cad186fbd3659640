import {
  IconBuildingWarehouse,
  IconCalculator,
  IconChartBar,
  IconCoins,
  IconHome,
  IconId,
  IconPackages,
  IconPlant2,
  IconSettings,
  IconShoppingCart,
  IconSpeakerphone,
  IconUsersGroup,
  type TablerIcon,
} from '@tabler/icons-react';
import type { RouteName } from '@ushirika/contracts';
import type { AccountingMode } from '../lib/storage.ts';

/** Sidebar menus exactly as SPEC section 2 lists them; labels are translation keys under `menu`. */
export type MenuLabel =
  | 'dashboard'
  | 'accounts'
  | 'accountsCollections'
  | 'accountsOperations'
  | 'budget'
  | 'purchase'
  | 'collections'
  | 'sales'
  | 'payments'
  | 'cropCollections'
  | 'inventory'
  | 'inventories'
  | 'stores'
  | 'ledgers'
  | 'amcos'
  | 'settings'
  | 'settingsCollections'
  | 'union'
  | 'settingsAccounts'
  | 'users'
  | 'reports'
  | 'auction'
  | 'collection'
  | 'amcosDetails'
  | 'farmers'
  | 'farmerRequests'
  | 'inputDistributions'
  | 'circulars'
  | 'members';

export interface MenuLink {
  kind: 'link';
  label: MenuLabel;
  route: RouteName;
  params?: Record<string, string>;
  icon?: TablerIcon;
  /** Accounts > Collections / Operations also choose the accounting book. */
  accountingMode?: AccountingMode;
}

export interface MenuGroup {
  kind: 'group';
  /** Remembered in storage as the active side route. */
  key: string;
  label: MenuLabel;
  icon: TablerIcon;
  links: MenuLink[];
}

export type MenuItem = MenuLink | MenuGroup;

const link = (label: MenuLabel, route: RouteName, extra: Partial<MenuLink> = {}): MenuLink => ({
  kind: 'link',
  label,
  route,
  ...extra,
});

const group = (key: string, label: MenuLabel, icon: TablerIcon, links: MenuLink[]): MenuGroup => ({
  kind: 'group',
  key,
  label,
  icon,
  links,
});

export function unionMenu(): MenuItem[] {
  return [
    link('dashboard', 'home', { icon: IconHome }),
    group('accounts', 'accounts', IconCalculator, [
      link('accountsCollections', 'collection', { accountingMode: 'collection' }),
      link('accountsOperations', 'operation', { accountingMode: 'operation' }),
      link('budget', 'budget'),
    ]),
    link('purchase', 'suppliers', { icon: IconShoppingCart }),
    group('collections', 'collections', IconPlant2, [
      link('sales', 'group_invoices'),
      link('payments', 'whr_payments'),
      link('cropCollections', 'crop-DNs'),
    ]),
    // SPEC points Stores at store_items and Ledgers at grns; they open the Stores and Stock ledgers
    // screens so the page's title matches what was clicked (the section tabs hold the others).
    group('inventory', 'inventory', IconPackages, [link('stores', 'stores'), link('ledgers', 'ledgers')]),
    link('amcos', 'amcos', { icon: IconBuildingWarehouse }),
    link('members', 'members_union', { icon: IconCoins }),
    link('circulars', 'circulars', { icon: IconSpeakerphone }),
    group('settings', 'settings', IconSettings, [
      link('settingsCollections', 'season_crops'),
      link('union', 'union'),
      link('settingsAccounts', 'classes'),
      link('users', 'users'),
    ]),
    link('reports', 'general_ledger', { icon: IconChartBar }),
  ];
}

export function amcosMenu(amcosId: string | null): MenuItem[] {
  // SPEC points Inventories at grns; a society's stock comes in by the union's transfers (which it
  // counts and receives), so it opens those, the GRNs a tab away.
  const inventory: MenuItem = amcosId
    ? link('inventories', 'transfers', { icon: IconPackages })
    : group('inventory', 'inventory', IconPackages, [
        link('stores', 'distributions'),
        link('ledgers', 'grns'),
      ]);
  return [
    link('dashboard', 'home', { icon: IconHome }),
    group('collections', 'collections', IconPlant2, [
      link('auction', 'auctions'),
      link('payments', 'whr_payments'),
      link('collection', 'receips'),
      link('farmerRequests', 'farmer_requests'),
      link('inputDistributions', 'distributions'),
    ]),
    link('amcosDetails', 'amcos_detils', { icon: IconId, params: { id: amcosId ?? '' } }),
    link('farmers', 'farmers', { icon: IconUsersGroup }),
    link('members', 'members_society', { icon: IconCoins }),
    link('circulars', 'circulars', { icon: IconSpeakerphone }),
    inventory,
    link('reports', 'store_ledger', { icon: IconChartBar }),
  ];
}

/** Union users have no AMCOS on their record (SPEC section 1). */
export function menuFor(user: { amcosId: string | null }): MenuItem[] {
  return user.amcosId ? amcosMenu(user.amcosId) : unionMenu();
}
