// First: asks for the first screen's chunks before the rest of the entry runs (#29).
import './app/first-screen.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { registerSW } from 'virtual:pwa-register';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { i18nReady } from './lib/i18n.ts';
import { ensureDisplayDefaults } from './lib/storage.ts';

ensureDisplayDefaults();
// The installable app's service worker (#29): a no-op in development.
registerSW({ immediate: true });
const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// The reader's language first (its texts are a chunk of their own), then the app.
void i18nReady.then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
