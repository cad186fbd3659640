import type { WebRoute } from '@ushirika/contracts';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useMatches } from 'react-router';
import { clearLanding, useSession } from '../lib/session.ts';
import { guardRedirect } from './guard.ts';

export interface RouteHandle {
  route: WebRoute;
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle;
}

/** The route-table entry of the screen being shown. */
export function useCurrentRoute(): WebRoute | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.route;
  }
  return undefined;
}

/** Applies the navigation guard to every screen and scrolls to the top on each navigation. */
export function RootGuard() {
  const session = useSession();
  const route = useCurrentRoute();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll on every path change
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [pathname]);

  const redirect = guardRedirect(route, session);
  const arrived = session.landing !== null && redirect === null && route?.access === 'signed-in';
  useEffect(() => {
    if (arrived) clearLanding();
  }, [arrived]);

  if (redirect && redirect !== pathname) return <Navigate to={redirect} replace />;
  return <Outlet />;
}
