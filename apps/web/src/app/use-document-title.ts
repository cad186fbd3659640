import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** SPEC: the page title is the brand prefix followed by "Sales Admin". */
export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const title = `${t('app.brand')} ${t('app.salesAdmin')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
