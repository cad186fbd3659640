import { BUILT_IN_ROLES, mayOpen, type NavViewer, WEB_ROUTES, type WebRoute } from '@ushirika/contracts';
import { describe, expect, it } from 'vitest';
import { menuFor } from './menus.ts';
import {
  activeLink,
  breadcrumbOf,
  openableRoutes,
  parentScreen,
  sectionTabs,
  sidebarCounts,
  type VisibleLink,
  visibleMenu,
} from './navigation.ts';

const route = (name: string): WebRoute => {
  const found = WEB_ROUTES.find((r) => r.name === name);
  if (!found) throw new Error(`no route ${name}`);
  return found;
};

const viewerOf = (roleName: string): NavViewer => {
  const role = BUILT_IN_ROLES.find((r) => r.name === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  return { amcosId: role.audience === 'amcos' ? 'society-1' : null, permissions: role.permissions };
};

const linksOf = (viewer: NavViewer): VisibleLink[] =>
  visibleMenu(menuFor(viewer), viewer).flatMap((item) => (item.kind === 'link' ? [item] : item.links));

/** The route an href opens; static paths first, as the router ranks them. */
const pathOf = (href: string) =>
  WEB_ROUTES.find((r) => r.layout === 'app' && r.path === href) ??
  WEB_ROUTES.find((r) => r.layout === 'app' && matches(r.path, href));
const matches = (pattern: string, href: string) =>
  new RegExp(`^${pattern.replace(/:[a-zA-Z]+/g, '[^/]+')}$`).test(href);

describe('navigation from the route table', () => {
  it('every screen of the app belongs to a section, and every details page or form to a list', () => {
    const admin = viewerOf('Administrator');
    for (const r of WEB_ROUTES.filter((x) => x.layout === 'app' && x.name !== 'dashboard')) {
      expect(r.nav.section, r.name).not.toBeNull();
      if (r.nav.kind !== 'screen' && r.name !== 'amcos_detils') {
        expect(parentScreen(r, admin), r.name).toBeDefined();
      }
    }
  });

  for (const role of BUILT_IN_ROLES) {
    it(`${role.name}: every screen they may open is a sidebar link or a tab of the section one opens`, () => {
      const viewer = viewerOf(role.name);
      const reached = new Set<string>();
      for (const link of linksOf(viewer)) {
        const target = pathOf(link.href);
        expect(target, link.href).toBeDefined();
        if (!target) continue;
        expect(mayOpen(target.nav, viewer), `${role.name} may open ${link.href}`).toBe(true);
        reached.add(target.name);
        for (const group of sectionTabs(target.nav.section, viewer)) {
          for (const tab of group.routes) reached.add(tab.name);
        }
      }
      // The header's own screens (the user menu's, "Waiting for me") are reached from the header.
      const fromHeader = new Set(['account', 'inbox']);
      const missing = openableRoutes(viewer)
        .filter(
          (r) => r.nav.kind === 'screen' && !fromHeader.has(r.nav.section ?? '') && r.name !== 'dashboard',
        )
        .map((r) => r.name)
        .filter((name) => !reached.has(name));
      expect(missing).toEqual([]);
    });
  }

  it('an AMCOS clerk sees no union-only screen in any section', () => {
    const clerk = viewerOf('AMCOS Clerk');
    const tabs = sectionTabs('payments', clerk).flatMap((g) => g.routes.map((r) => r.name));
    expect(tabs).toContain('payments_farmers');
    expect(tabs).not.toContain('amcos_payments');
    expect(sectionTabs('accounts-books', clerk)).toEqual([]);
  });

  it('the breadcrumb says where the user is where sidebar labels repeat', () => {
    const accountant = viewerOf('Accountant');
    expect(breadcrumbOf(route('collection'), accountant).map((c) => c.label)).toEqual([
      'menu.accounts',
      'screens.collection',
    ]);
    expect(breadcrumbOf(route('season_crops'), accountant).map((c) => c.label)).toEqual([
      'menu.settings',
      'menu.settingsCollections',
      'screens.season_crops',
    ]);
    const details = breadcrumbOf(route('sales_invoice_details'), accountant);
    expect(details.map((c) => c.label)).toEqual([
      'menu.collections',
      'menu.sales',
      'screens.sales_invoices',
      'screens.sales_invoice_details',
    ]);
    expect(details[2]?.to).toBe('/collections/sales/invoices/list');
  });

  it('the sidebar keeps the area highlighted on nested pages, and Stores and Ledgers open their own screens', () => {
    const officer = viewerOf('Settlement Officer');
    const links = linksOf(officer);
    const at = (name: string, path: string, mode: string | null = null) =>
      activeLink(links, route(name), path, mode)?.label;
    expect(at('whr_payment_details', '/collections/payments/whr/abc/details')).toBe('payments');
    expect(at('journal_entries', '/account/operation/journal-entry', 'operation')).toBe('accountsOperations');
    expect(at('journal_entries', '/account/operation/journal-entry', 'collection')).toBe(
      'accountsCollections',
    );
    expect(at('auction_price', '/reports/auction/auction-price')).toBe('reports');
    expect(at('grn_details', '/inventory/grns/grn/abc/details')).toBe('ledgers');
    expect(links.find((l) => l.label === 'stores')?.href).toBe('/inventory/stores');
    expect(links.find((l) => l.label === 'ledgers')?.href).toBe('/inventory/ledgers');
    const clerkLinks = linksOf(viewerOf('AMCOS Clerk'));
    expect(
      activeLink(clerkLinks, route('farmer_details'), '/amcos/amcos-farmers/x/details', null)?.label,
    ).toBe('farmers');
  });

  it("an AMCOS user's Inventories opens the transfers their store counts and receives", () => {
    for (const role of ['AMCOS Manager', 'AMCOS Clerk']) {
      const inventories = linksOf(viewerOf(role)).find((l) => l.label === 'inventories');
      expect([role, inventories?.href]).toEqual([role, '/inventory/transfers/list']);
    }
  });

  it('a sidebar item the user may not open leads to a screen of its section they may, or is hidden', () => {
    const viewer: NavViewer = { amcosId: null, permissions: ['reports.report.read'] };
    const links = linksOf(viewer);
    const reports = pathOf(links.find((l) => l.label === 'reports')?.href ?? '');
    // SPEC's target (the general ledger) needs the ledger; another report stands in.
    expect(reports?.nav.section).toBe('reports');
    expect(reports && mayOpen(reports.nav, viewer)).toBe(true);
    expect(links.find((l) => l.label === 'accountsCollections')).toBeUndefined();
  });
});

describe('what waits for the user in the sidebar (#27)', () => {
  const countOn = (viewer: NavViewer, waiting: [Parameters<typeof route>[0], number][]) => {
    const links = linksOf(viewer);
    const counts = sidebarCounts(
      links,
      waiting.map(([name, n]) => [route(name).name, n] as const),
    );
    return Object.fromEntries([...counts].map(([link, n]) => [link.route, n]));
  };

  it('counts each list on the link leading to it, else on the first link into its section', () => {
    // The finance manager: orders under Purchase, entries under Accounts, settlements and batches
    // under Collections › Payments.
    expect(
      countOn(viewerOf('Finance Manager'), [
        ['purchase_orders', 2],
        ['purchase_invoices', 1],
        ['journal_entries', 3],
        ['whr_payments', 1],
        ['farmer_payments', 4],
        ['budget', 0],
      ]),
    ).toEqual({ suppliers: 3, collection: 3, whr_payments: 5 });
    // The AMCOS manager: requests on their own link, goods on the way on Inventories.
    expect(
      countOn(viewerOf('AMCOS Manager'), [
        ['farmer_requests', 2],
        ['transfers', 1],
        ['circulars', 1],
      ]),
    ).toEqual({ farmer_requests: 2, transfers: 1, circulars: 1 });
    // The union's crop officer, whose sidebar has no requests link: on Collections › Collections.
    expect(countOn(viewerOf('Crop Officer'), [['farmer_requests', 5]])).toEqual({ 'crop-DNs': 5 });
  });
});
