import { Anchor, Box, Breadcrumbs, Button, Group, Text } from '@mantine/core';
import type { NavViewer, WebRoute } from '@ushirika/contracts';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { breadcrumbOf, parentScreen, sectionTabs } from '../navigation.ts';

interface SectionNavProps {
  route: WebRoute;
  viewer: NavViewer;
}

/**
 * Above every page of the app: the breadcrumb (where the user is) and the screens of the page's
 * section as tabs (what else is here), both from the route table and the user's permissions.
 */
export function SectionNav({ route, viewer }: SectionNavProps) {
  const { t } = useTranslation();
  const crumbs = breadcrumbOf(route, viewer);
  const tabs = sectionTabs(route.nav.section, viewer);
  const tabCount = tabs.reduce((n, g) => n + g.routes.length, 0);
  const grouped = tabs.length > 1;
  // On a details page or create form, its list is the current tab.
  const currentTab = parentScreen(route, viewer)?.name ?? route.name;
  return (
    <Box mb="md" data-testid="section-nav">
      {crumbs.length > 1 && (
        <Box component="nav" aria-label={t('nav.breadcrumb')} mb={6}>
          <Breadcrumbs separatorMargin={6} fz="sm" data-testid="breadcrumb">
            {crumbs.map((crumb, i) =>
              crumb.to ? (
                <Anchor key={crumb.label} component={Link} to={crumb.to} size="sm">
                  {t(crumb.label as ParseKeys)}
                </Anchor>
              ) : (
                <Text
                  key={crumb.label}
                  size="sm"
                  c={i === crumbs.length - 1 ? undefined : 'dimmed'}
                  aria-current={i === crumbs.length - 1 ? 'page' : undefined}
                >
                  {t(crumb.label as ParseKeys)}
                </Text>
              ),
            )}
          </Breadcrumbs>
        </Box>
      )}
      {tabCount > 1 && (
        <Box
          component="nav"
          aria-label={t('nav.sectionScreens')}
          data-testid="section-tabs"
          className="section-tabs"
          pb={6}
        >
          {tabs.map(({ group, routes }) => (
            <Group key={group ?? 'all'} gap={4} wrap="wrap" mb={grouped ? 4 : 0} align="center">
              {grouped && group && (
                <Text size="xs" fw={600} c="dimmed" w={grouped ? 130 : undefined} tt="uppercase">
                  {t(`nav.groups.${group}` as ParseKeys)}
                </Text>
              )}
              {routes.map((tab) => {
                const current = tab.name === currentTab;
                return (
                  <Button
                    key={tab.name}
                    component={Link}
                    to={tab.path}
                    size="compact-sm"
                    variant={current ? 'light' : 'subtle'}
                    color={current ? undefined : 'gray'}
                    aria-current={current ? 'page' : undefined}
                    data-testid={`tab-${tab.name}`}
                  >
                    {t(`screens.${tab.name}`)}
                  </Button>
                );
              })}
            </Group>
          ))}
        </Box>
      )}
    </Box>
  );
}
