import { useTranslation } from 'react-i18next';

/** The first Tab stop: jumps over the header and the sidebar to the page's content. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#main-content" className="skip-link" data-testid="skip-link">
      {t('nav.skipToContent')}
    </a>
  );
}
