import type { WebRoute } from '@ushirika/contracts';
import { useMatches } from 'react-router';

/** What each route of the router carries: its entry in the route table. */
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
