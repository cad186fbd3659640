// First: the weighing device's own data is read while the rest of the entry starts (#29).
import './app/device-read-ahead.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './app.css';
import { BuyingPostApp } from './app/BuyingPostApp.tsx';
import { renderApp } from './app/render-app.tsx';
import { ensureDisplayDefaults } from './lib/storage.ts';

// The installed buying-post app's page (device.html): main.tsx's start with no router.
ensureDisplayDefaults();
// The office's service worker: built with the office app, it precaches this page's files too. An
// update takes over at once (skipWaiting) and shows at the next opening: never a reload mid-weighing.
if (import.meta.env.PROD) navigator.serviceWorker?.register('/sw.js', { scope: '/' }).catch(() => undefined);
renderApp(<BuyingPostApp />);
