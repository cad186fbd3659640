import { DirectionProvider, MantineProvider, mergeThemeOverrides, useDirection } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { hashKey, MutationCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setNonce } from 'get-nonce';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { directionOf, i18n } from '../lib/i18n.ts';
import { TOAST_DURATION_MS } from '../lib/notify.ts';
import { cssVariablesResolver, theme, themeStorageManager } from '../lib/theme.ts';

const colorSchemeManager = themeStorageManager();

/**
 * The server's Content-Security-Policy admits only <style> elements carrying the nonce it put in
 * the page (meta csp-nonce); Mantine writes its CSS variables into such elements. None in dev.
 */
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
const nonceProps = styleNonce ? { getStyleNonce: () => styleNonce } : {};
// A modal's scroll lock (react-remove-scroll) writes its own <style>; it takes the nonce from here.
if (styleNonce) setNonce(styleNonce);

/**
 * What any save anywhere may change beyond its own record: what waits for the user (#27: an
 * approval takes a record off their inbox, a new draft puts one on someone's) and a farmer's
 * season statement (a weighing, a distribution, a settlement, a payment).
 */
const REFRESHED_AFTER_EVERY_SAVE = [['inbox'], ['farmer-statements']] as const;

function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: new MutationCache({
      onSuccess: () => {
        for (const queryKey of REFRESHED_AFTER_EVERY_SAVE) void client.invalidateQueries({ queryKey });
      },
    }),
    defaultOptions: {
      // The API client already routes failures (error screens, refresh, toasts); no blind retries.
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: 30_000,
        // The server answers names in the reader's language (Accept-Language): an answer is cached
        // per language, so switching to Swahili never shows an English answer kept from before.
        queryKeyHashFn: (queryKey) => hashKey([i18n.language, ...queryKey]),
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/** Keeps Mantine's text direction in step with the interface language. */
function DirectionSync() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  useEffect(() => setDirection(directionOf(i18n.language)), [i18n.language, setDirection]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const { t, i18n } = useTranslation();
  // Every modal and drawer close button is named in the interface language (issue #20).
  const closeLabel = t('a11y.close');
  const localizedTheme = useMemo(() => {
    const closeButtonProps = { 'aria-label': closeLabel, title: closeLabel };
    return mergeThemeOverrides(theme, {
      components: {
        Modal: { defaultProps: { closeButtonProps } },
        Drawer: { defaultProps: { closeButtonProps } },
      },
    });
  }, [closeLabel]);
  return (
    <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection={false}>
      <DirectionSync />
      <MantineProvider
        theme={localizedTheme}
        cssVariablesResolver={cssVariablesResolver}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="light"
        {...nonceProps}
      >
        <QueryClientProvider client={queryClient}>
          <ModalsProvider
            labels={{ confirm: t('common.confirm'), cancel: t('common.cancel') }}
            // Confirmations and alerts open above any form modal that raised them.
            modalProps={{ zIndex: 1150, centered: true }}
          >
            <Notifications
              position="top-right"
              autoClose={TOAST_DURATION_MS}
              withAutoCloseProgress
              zIndex={1200}
            />
            {children}
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}
