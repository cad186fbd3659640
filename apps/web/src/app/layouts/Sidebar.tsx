import { Badge, Group, NavLink, ScrollArea } from '@mantine/core';
import type { InboxSource } from '@ushirika/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useInboxCounts } from '../../features/inbox/hooks.ts';
import { INBOX_LIST_ROUTE } from '../../features/inbox/links.ts';
import { useCurrentRoute } from '../../lib/current-route.ts';
import { readItem, SESSION_KEYS, writeItem } from '../../lib/storage.ts';
import { activeLink, groupCount, sidebarCounts, type VisibleItem, type VisibleLink } from '../navigation.ts';

interface SidebarProps {
  items: VisibleItem[];
  onNavigate: () => void;
}

/**
 * The sidebar menu (SPEC's entries, each leading where the user may go). The item of the current
 * area stays highlighted on nested pages; the open group is remembered in `active_side_route`.
 */
export function Sidebar({ items, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const route = useCurrentRoute();
  const allLinks = useMemo(
    () => items.flatMap((item): VisibleLink[] => (item.kind === 'link' ? [item] : item.links)),
    [items],
  );
  const active = activeLink(allLinks, route, pathname, readItem(SESSION_KEYS.accountingMode));
  const inbox = useInboxCounts();
  const counts = useMemo(
    () =>
      sidebarCounts(
        allLinks,
        Object.entries(inbox.data?.sources ?? {}).map(
          ([source, n]) => [INBOX_LIST_ROUTE[source as InboxSource], n ?? 0] as const,
        ),
      ),
    [allLinks, inbox.data],
  );
  const badge = (count: number, testId: string) =>
    count > 0 ? (
      <Badge size="sm" variant="light" data-testid={testId} aria-label={t('inbox.linkCount', { count })}>
        {count}
      </Badge>
    ) : null;
  const activeGroup = items.find((item) => item.kind === 'group' && active && item.links.includes(active));
  const [openGroup, setOpenGroup] = useState<string | null>(() =>
    activeGroup?.kind === 'group' ? activeGroup.key : readItem(SESSION_KEYS.activeSideRoute),
  );
  const [followed, setFollowed] = useState(activeGroup);
  if (activeGroup !== followed) {
    // A page of another group was opened (a tab, a breadcrumb): open that group.
    setFollowed(activeGroup);
    if (activeGroup?.kind === 'group') setOpenGroup(activeGroup.key);
  }

  const toggleGroup = (key: string, opened: boolean) => {
    const next = opened ? key : null;
    setOpenGroup(next);
    writeItem(SESSION_KEYS.activeSideRoute, next);
  };

  const renderLink = (link: VisibleLink, groupKey: string | null) => {
    const Icon = link.icon;
    const isActive = link === active;
    return (
      <NavLink
        key={`${groupKey ?? 'top'}-${link.route}`}
        component={Link}
        to={link.href}
        label={t(`menu.${link.label}`)}
        leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : null}
        rightSection={badge(counts.get(link) ?? 0, `nav-count-${link.route}`)}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        data-testid={`nav-${groupKey ? `${groupKey}-` : ''}${link.route}`}
        onClick={() => {
          if (link.accountingMode) writeItem(SESSION_KEYS.accountingMode, link.accountingMode);
          if (!groupKey) writeItem(SESSION_KEYS.activeSideRoute, null);
          onNavigate();
        }}
      />
    );
  };

  return (
    <ScrollArea component="nav" aria-label={t('menu.ariaLabel')} type="scroll" h="100%" p="xs">
      {items.map((item) => {
        if (item.kind === 'link') return renderLink(item, null);
        const Icon = item.icon;
        return (
          <NavLink
            key={item.key}
            component="button"
            type="button"
            label={
              <Group gap={6} justify="space-between" wrap="nowrap">
                {t(`menu.${item.label}`)}
                {openGroup !== item.key && badge(groupCount(item.links, counts), `nav-count-${item.key}`)}
              </Group>
            }
            leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
            opened={openGroup === item.key}
            onChange={(opened) => toggleGroup(item.key, opened)}
            aria-expanded={openGroup === item.key}
            active={item === activeGroup && openGroup !== item.key}
            data-testid={`nav-group-${item.key}`}
            childrenOffset={28}
          >
            {item.links.map((link) => renderLink(link, item.key))}
          </NavLink>
        );
      })}
    </ScrollArea>
  );
}
