import { mayOpen, type RouteName, routePath, WEB_ROUTES } from '@ushirika/contracts';
import { useSession } from './session.ts';

const routes = new Map(WEB_ROUTES.map((r) => [r.name, r]));

/**
 * Where a named route leads for the signed-in user, or null when they may not open it (its
 * permission or audience): a link is only shown to whom it opens for.
 */
export function useRouteLink(): (name: RouteName, params?: Record<string, string>) => string | null {
  const { user } = useSession();
  return (name, params) => {
    const route = routes.get(name);
    if (!route || !user || !mayOpen(route.nav, user)) return null;
    return routePath(name, params);
  };
}
