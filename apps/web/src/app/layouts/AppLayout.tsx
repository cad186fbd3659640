import { AppShell, Box, Progress } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { MainLoader } from '../../components/PageLoader.tsx';
import { useRefreshSessionUser } from '../../features/auth/hooks.ts';
import { useCurrentRoute } from '../../lib/current-route.ts';
import { useSession } from '../../lib/session.ts';
import { DISPLAY_DEFAULTS, DISPLAY_KEYS, readItem } from '../../lib/storage.ts';
import { useMedia } from '../../lib/use-media.ts';
import { menuFor } from '../menus.ts';
import { visibleMenu } from '../navigation.ts';
import { useDocumentTitle } from '../use-document-title.ts';
import { AppFooter, ScrollToTopButton } from './AppChrome.tsx';
import { AppHeader } from './AppHeader.tsx';
import { SectionNav } from './SectionNav.tsx';
import { Sidebar } from './Sidebar.tsx';
import { SkipLink } from './SkipLink.tsx';

/** SPEC section 9: the sidebar closes on screens narrower than 1024 px. */
const WIDE_SCREEN = '(min-width: 64em)';

/** Display preferences applied as classes on the shell (SPEC section 2, root screen). */
function displayClasses(): string {
  const read = (name: keyof typeof DISPLAY_KEYS) => readItem(DISPLAY_KEYS[name]) ?? DISPLAY_DEFAULTS[name];
  return [
    read('menu'),
    read('layout'),
    read('rtlClass'),
    read('navbar'),
    read('semidark') === 'true' ? 'semidark' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

export default function AppLayout() {
  const { user } = useSession();
  const isWide = useMedia(WIDE_SCREEN);
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useDocumentTitle();
  useRefreshSessionUser();
  const route = useCurrentRoute();
  const items = useMemo(() => (user ? visibleMenu(menuFor(user), user) : []), [user]);

  if (!user) return null;
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: 264,
        breakpoint: '64em',
        collapsed: { mobile: !mobileOpened, desktop: !desktopOpened },
      }}
      padding="md"
      className={displayClasses()}
    >
      <SkipLink />
      <AppShell.Header>
        {navigation.state === 'loading' && (
          <Progress value={100} animated size="xs" radius={0} pos="absolute" top={0} left={0} right={0} />
        )}
        <AppHeader
          user={user}
          navbarOpened={isWide ? desktopOpened : mobileOpened}
          onToggleNavbar={isWide ? desktop.toggle : mobile.toggle}
        />
      </AppShell.Header>
      <AppShell.Navbar>
        <Sidebar items={items} onNavigate={mobile.close} />
      </AppShell.Navbar>
      <AppShell.Main className="app-main">
        {/* Drawn again when the user changes how they read dates (#37): every date on it follows. */}
        <Box
          key={`${pathname}|${user.dateFormat}`}
          className="page-enter"
          id="main-content"
          tabIndex={-1}
          data-path={pathname}
        >
          {route && <SectionNav route={route} viewer={user} />}
          <Outlet />
        </Box>
        <AppFooter />
      </AppShell.Main>
      <ScrollToTopButton />
      <MainLoader />
    </AppShell>
  );
}
