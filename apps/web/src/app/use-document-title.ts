import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentRoute } from '../lib/current-route.ts';

/**
 * SPEC: the page title is the brand prefix followed by "Sales Admin"; each screen puts its own
 * name first ("Journal entries · Ushirika Sales Admin") so tabs and history tell pages apart.
 */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const brand = `${t('app.brand')} ${t('app.salesAdmin')}`;
  // The root screen (dashboard) keeps the bare SPEC title.
  const isRoot = !route || route.name === 'home' || route.name === 'dashboard';
  const title = isRoot ? brand : `${t(`screens.${route.name}`)} · ${brand}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
