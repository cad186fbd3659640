import {
  mayOpen,
  type NavSection,
  type NavViewer,
  type RouteName,
  routePath,
  sectionByKey,
  WEB_ROUTES,
  type WebRoute,
} from '@ushirika/contracts';
import type { MenuGroup, MenuItem, MenuLink } from './menus.ts';

/**
 * Navigation built from the route table and the user's permissions (issue #20): the section tabs,
 * the breadcrumb and the sidebar's highlighted item. Nothing here names a feature's screen, so a
 * route added to the table shows up for everyone allowed to open it.
 */

const APP_ROUTES = WEB_ROUTES.filter((r) => r.layout === 'app');

/** Screens of the app the user may open (any kind). */
export function openableRoutes(viewer: NavViewer): WebRoute[] {
  return APP_ROUTES.filter((r) => mayOpen(r.nav, viewer));
}

export interface SectionTabGroup {
  /** Key under `nav.groups`, or null for a section without sub-groups. */
  group: string | null;
  routes: WebRoute[];
}

/** The screens of a section the user may open, in table order, by sub-group. */
export function sectionTabs(sectionKey: string | null, viewer: NavViewer): SectionTabGroup[] {
  const section = sectionByKey(sectionKey);
  if (!section) return [];
  const screens = APP_ROUTES.filter(
    (r) => r.nav.section === section.key && r.nav.kind === 'screen' && mayOpen(r.nav, viewer),
  );
  const groups = section.groups ?? [null];
  return groups
    .map((group) => ({ group, routes: screens.filter((r) => group === null || r.nav.group === group) }))
    .filter((g) => g.routes.length > 0);
}

/** The list a details page or create form belongs to: the section's screen sharing most of its path. */
export function parentScreen(route: WebRoute, viewer: NavViewer): WebRoute | undefined {
  if (route.nav.kind === 'screen') return undefined;
  let best: WebRoute | undefined;
  let bestLength = 0;
  for (const candidate of APP_ROUTES) {
    if (candidate.nav.section !== route.nav.section || candidate.nav.kind !== 'screen') continue;
    if (!mayOpen(candidate.nav, viewer)) continue;
    const length = commonPrefixLength(candidate.path, route.path);
    if (length > bestLength) {
      best = candidate;
      bestLength = length;
    }
  }
  return best;
}

function commonPrefixLength(a: string, b: string): number {
  const x = a.split('/');
  const y = b.split('/');
  let i = 0;
  while (i < x.length && i < y.length && x[i] === y[i]) i++;
  return i;
}

export interface Crumb {
  /** Translation key. */
  label: string;
  to?: string;
}

/**
 * Where the user is: the sidebar group, the section, the list a details page belongs to, and the
 * screen itself (the last crumb, not a link). "Accounts › Collection accounts", "Settings ›
 * Collections › Season crops", "Collections › Sales › Sales invoices › Sales invoice details".
 */
export function breadcrumbOf(route: WebRoute, viewer: NavViewer): Crumb[] {
  const section = sectionByKey(route.nav.section);
  const crumbs: Crumb[] = [];
  if (section?.area) crumbs.push({ label: `menu.${section.area}` });
  if (section?.label) {
    const first = firstScreen(section, viewer, route.nav.group);
    crumbs.push({ label: section.label, to: first && first.name !== route.name ? first.path : undefined });
  }
  const parent = parentScreen(route, viewer);
  if (parent) crumbs.push({ label: `screens.${parent.name}`, to: parent.path });
  crumbs.push({ label: `screens.${route.name}` });
  return crumbs;
}

/** The first screen of a section the user may open (of the given sub-group when it has one). */
export function firstScreen(section: NavSection, viewer: NavViewer, group: string | null = null) {
  const tabs = sectionTabs(section.key, viewer);
  return (tabs.find((g) => g.group === group) ?? tabs[0])?.routes[0];
}

const routeByName = new Map<string, WebRoute>(WEB_ROUTES.map((r) => [r.name, r]));

export function routeNamed(name: RouteName): WebRoute | undefined {
  return routeByName.get(name);
}

/**
 * Where a sidebar link leads for this user: its SPEC target when they may open it, otherwise the
 * first screen they may open in the same section (same sub-group first), or nothing (link hidden).
 */
export function sidebarTarget(link: MenuLink, viewer: NavViewer): string | null {
  const route = routeNamed(link.route);
  if (!route) return null;
  if (mayOpen(route.nav, viewer)) return routePath(link.route, link.params);
  const section = sectionByKey(route.nav.section);
  const fallback = section ? firstScreen(section, viewer, route.nav.group) : undefined;
  return fallback ? fallback.path : null;
}

/** The sidebar links visible to the user, with their targets; empty groups are dropped. */
export interface VisibleLink extends MenuLink {
  href: string;
}
export type VisibleItem = VisibleLink | (Omit<MenuGroup, 'links'> & { links: VisibleLink[] });

export function visibleMenu(items: MenuItem[], viewer: NavViewer): VisibleItem[] {
  const withHref = (link: MenuLink): VisibleLink | null => {
    const href = sidebarTarget(link, viewer);
    return href ? { ...link, href } : null;
  };
  const visible: VisibleItem[] = [];
  for (const item of items) {
    if (item.kind === 'link') {
      const link = withHref(item);
      if (link) visible.push(link);
      continue;
    }
    const links = item.links.map(withHref).filter((l): l is VisibleLink => l !== null);
    if (links.length > 0) visible.push({ ...item, links });
  }
  return visible;
}

/**
 * Records waiting for the user (#27), each counted on the sidebar link that leads to its list: the
 * link to that very list, else the first link into the same section. Counts a link has none of
 * are left out; a group's count is its links' sum (`groupCount`).
 */
export function sidebarCounts(
  links: VisibleLink[],
  waiting: readonly (readonly [list: RouteName, count: number])[],
): Map<VisibleLink, number> {
  const counts = new Map<VisibleLink, number>();
  for (const [list, count] of waiting) {
    if (count <= 0) continue;
    const section = routeNamed(list)?.nav.section ?? null;
    const link =
      links.find((l) => l.route === list) ??
      links.find((l) => section !== null && routeNamed(l.route)?.nav.section === section);
    if (link) counts.set(link, (counts.get(link) ?? 0) + count);
  }
  return counts;
}

export const groupCount = (links: VisibleLink[], counts: Map<VisibleLink, number>) =>
  links.reduce((n, l) => n + (counts.get(l) ?? 0), 0);

/**
 * The one sidebar link to highlight on the current page: the link to this very page, else one in
 * the same section and sub-group, else one in the same section (the accounting book chosen last
 * breaks a tie between Accounts › Collections and › Operations).
 */
export function activeLink(
  links: VisibleLink[],
  route: WebRoute | undefined,
  pathname: string,
  accountingMode: string | null,
): VisibleLink | undefined {
  if (!route) return undefined;
  const score = (link: VisibleLink): number => {
    if (link.href === pathname || (link.route === 'home' && pathname === '/')) return 4;
    const target = routeNamed(link.route);
    if (!target || target.nav.section === null || target.nav.section !== route.nav.section) return 0;
    const sameGroup = target.nav.group === route.nav.group ? 2 : 1;
    const sameBook = link.accountingMode && link.accountingMode === accountingMode ? 0.5 : 0;
    return sameGroup + sameBook + commonPrefixLength(target.path, route.path) / 100;
  };
  let best: VisibleLink | undefined;
  let bestScore = 0;
  for (const link of links) {
    const s = score(link);
    if (s > bestScore) {
      best = link;
      bestScore = s;
    }
  }
  return best;
}
