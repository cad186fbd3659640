// First: asks for the first screen's chunks before the rest of the entry runs (#29).
import './app/first-screen.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { registerSW } from 'virtual:pwa-register';
import { RouterProvider } from 'react-router';
import { renderApp } from './app/render-app.tsx';
import { createAppRouter } from './app/router.tsx';
import { ensureDisplayDefaults } from './lib/storage.ts';

ensureDisplayDefaults();
// The installable app's service worker (#29): a no-op in development.
registerSW({ immediate: true });
renderApp(<RouterProvider router={createAppRouter()} />);
