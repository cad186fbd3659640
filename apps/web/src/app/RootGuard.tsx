import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useCurrentRoute } from '../lib/current-route.ts';
import { clearLanding, useSession } from '../lib/session.ts';
import { guardRedirect } from './guard.ts';

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
