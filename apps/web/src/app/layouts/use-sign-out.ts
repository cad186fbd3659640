import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { clearDeviceOnSignOut, deviceWaitingCount } from '../../features/crop-flow/devices/sign-out-check.ts';
import { signOut } from '../../lib/api.ts';

/**
 * Sign-out as the header's menu and the buying-post app do it: on a weighing device (#29) it asks
 * first (the society's data leaves the device, and receipts still waiting are named: they stay on
 * it and sync at the next sign-in here); anywhere else it signs out at once.
 */
export function useSignOut(): () => Promise<void> {
  const { t } = useTranslation();
  return async () => {
    const waiting = await deviceWaitingCount().catch(() => null);
    if (waiting === null) return signOut();
    confirmAction({
      title: t('offlineMd.signOutTitle'),
      message: waiting > 0 ? t('offlineMd.signOutWaiting', { count: waiting }) : t('offlineMd.signOutHint'),
      confirmLabel: t('header.signOut'),
      danger: waiting > 0,
      onConfirm: () => void clearDeviceOnSignOut().finally(() => void signOut()),
    });
  };
}
