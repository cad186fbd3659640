// The texts' gate first: a chunk asked for below may arrive before i18n runs.
import '../lib/area-texts-gate.ts';
import { WEB_ROUTES } from '@ushirika/contracts';
import { matchRoutes } from 'react-router';
import { getAccessToken } from '../lib/session.ts';
import { LAYOUTS, SCREENS } from './screens.ts';

/**
 * Starts fetching the first screen's layout and module (their chunks, and through them their
 * texts) while the rest of the entry is still being evaluated, instead of once the router renders:
 * a page opened at a link, a reload, or the installed app's start screen (#29) waits for one round
 * of chunks less, and the weighing screen's device is read meanwhile. A failure is left to the
 * router, which asks for the same modules again and shows its error screen.
 */
export function preloadFirstScreen(pathname: string): void {
  const route = matchRoutes(
    WEB_ROUTES.map((r) => ({ path: r.path, route: r })),
    pathname,
  )?.at(-1)?.route.route;
  if (!route) return;
  for (const load of [LAYOUTS[route.layout], SCREENS[route.name]]) load?.().catch(() => undefined);
  // The weighing device's own data too, for a signed-in clerk (never a fresh store otherwise).
  if (route.name === 'offline_weighing' && getAccessToken())
    import('../features/crop-flow/devices/device-state.ts')
      .then((device) => device.prefetchDeviceState())
      .catch(() => undefined);
}

// Imported first by main.tsx, so this runs before the rest of the entry's modules.
preloadFirstScreen(window.location.pathname);
