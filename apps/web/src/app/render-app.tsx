import { type ReactNode, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from '../lib/i18n.ts';
import { AppProviders } from './providers.tsx';

/** Draws a page's app into #root once the reader's language is loaded (its texts are a chunk of their own). */
export function renderApp(app: ReactNode): void {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  void i18nReady.then(() =>
    createRoot(container).render(
      <StrictMode>
        <AppProviders>{app}</AppProviders>
      </StrictMode>,
    ),
  );
}
