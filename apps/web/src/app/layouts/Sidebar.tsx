import { NavLink, ScrollArea } from '@mantine/core';
import { routePath } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { readItem, SESSION_KEYS, writeItem } from '../../lib/storage.ts';
import type { MenuGroup, MenuItem, MenuLink } from '../menus.ts';

interface SidebarProps {
  items: MenuItem[];
  onNavigate: () => void;
}

function hrefOf(link: MenuLink): string {
  return routePath(link.route, link.params);
}

function isActive(link: MenuLink, pathname: string): boolean {
  if (link.route === 'home' && pathname === '/') return true;
  const href = hrefOf(link);
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The sidebar menu; the open group is remembered in the `active_side_route` storage item. */
export function Sidebar({ items, onNavigate }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [openGroup, setOpenGroup] = useState<string | null>(() => {
    const active = items.find(
      (item): item is MenuGroup => item.kind === 'group' && item.links.some((l) => isActive(l, pathname)),
    );
    return active?.key ?? readItem(SESSION_KEYS.activeSideRoute);
  });

  const toggleGroup = (key: string, opened: boolean) => {
    const next = opened ? key : null;
    setOpenGroup(next);
    writeItem(SESSION_KEYS.activeSideRoute, next);
  };

  const renderLink = (link: MenuLink, groupKey: string | null) => {
    const Icon = link.icon;
    return (
      <NavLink
        key={`${groupKey ?? 'top'}-${link.route}`}
        component={Link}
        to={hrefOf(link)}
        label={t(`menu.${link.label}`)}
        leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : null}
        active={isActive(link, pathname)}
        aria-current={isActive(link, pathname) ? 'page' : undefined}
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
            label={t(`menu.${item.label}`)}
            leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
            opened={openGroup === item.key}
            onChange={(opened) => toggleGroup(item.key, opened)}
            aria-expanded={openGroup === item.key}
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
