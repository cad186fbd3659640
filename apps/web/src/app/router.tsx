import { type RouteLayout, WEB_ROUTES, type WebRoute } from '@ushirika/contracts';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { RouteErrorFallback } from '../components/RouteErrorFallback.tsx';
import type { RouteHandle } from '../lib/current-route.ts';
import { registerNavigator } from '../lib/navigation.ts';
import { RootGuard } from './RootGuard.tsx';
import { LAYOUTS, notAvailableScreen, SCREENS } from './screens.ts';

function screenRoute(route: WebRoute): RouteObject {
  const load = SCREENS[route.name] ?? notAvailableScreen;
  const handle: RouteHandle = { route };
  return { path: route.path, handle, lazy: async () => ({ Component: (await load()).default }) };
}

function layoutRoute(layout: RouteLayout): RouteObject {
  const load = LAYOUTS[layout];
  return {
    lazy: async () => ({ Component: (await load()).default }),
    children: WEB_ROUTES.filter((route) => route.layout === layout).map(screenRoute),
  };
}

/** The router, built from the shared route table (packages/contracts/src/routes.ts). */
export function createAppRouter() {
  const router = createBrowserRouter([
    {
      element: <RootGuard />,
      hydrateFallbackElement: <PageLoader />,
      errorElement: <RouteErrorFallback />,
      children: [
        layoutRoute('auth'),
        layoutRoute('app'),
        { path: '*', element: <Navigate to="/not-found" replace /> },
      ],
    },
  ]);
  registerNavigator((path, options) => void router.navigate(path, options));
  return router;
}
