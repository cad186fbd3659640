import { WEB_ROUTES } from '@ushirika/contracts';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../components/PageLoader.tsx';
import OfflineWeighingRoute from '../features/crop-flow/devices/OfflineWeighingPage.tsx';
import { useSession } from '../lib/session.ts';
import { guardRedirect } from './guard.ts';
import { DeviceLayout } from './layouts/DeviceLayout.tsx';

const WEIGHING = WEB_ROUTES.find((route) => route.name === 'offline_weighing');

/**
 * The installed buying-post app (#29, device.html at BUYING_POST_PATH): the office's weighing
 * device screen in a page of its own. The office's guard decides who may stay (signed out, locked,
 * a first password to replace: the office's screen for it opens instead).
 */
export function BuyingPostApp() {
  const { t } = useTranslation();
  const session = useSession();
  const redirect = guardRedirect(WEIGHING, session);
  useEffect(() => {
    if (redirect) window.location.replace(redirect);
  }, [redirect]);
  const title = `${t('offlineMd.appName')} · ${t('app.brand')} ${t('app.salesAdmin')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
  if (redirect || !session.user) return <PageLoader />;
  return (
    <DeviceLayout user={session.user}>
      <OfflineWeighingRoute />
    </DeviceLayout>
  );
}
