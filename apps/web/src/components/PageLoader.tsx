import { Center, Loader, LoadingOverlay } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC section 9: the main loader shows for 500 ms. */
export const MAIN_LOADER_MS = 500;

/** Full-page spinner while a screen's code is fetched. */
export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Center mih="60vh" role="status" aria-label={t('common.loading')} data-testid="page-loader">
      <Loader />
    </Center>
  );
}

/** The layout's loader overlay, shown for 500 ms when the layout appears. */
export function MainLoader() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(true);
  const { start, clear } = useTimeout(() => setVisible(false), MAIN_LOADER_MS);
  useEffect(() => {
    start();
    return clear;
  }, [start, clear]);
  if (!visible) return null;
  return (
    <LoadingOverlay
      visible
      pos="fixed"
      zIndex={1000}
      overlayProps={{ blur: 1 }}
      loaderProps={{ 'aria-label': t('common.loading') }}
      data-testid="main-loader"
    />
  );
}
