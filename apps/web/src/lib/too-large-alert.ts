import { modals } from '@mantine/modals';
import { i18n } from './i18n.ts';

/** SPEC section 8: a 413 reply raises an alert besides the toast. */
export function showTooLargeAlert(): void {
  modals.openConfirmModal({
    title: i18n.t('errors.tooLargeTitle'),
    children: i18n.t('errors.tooLargeAlert'),
    labels: { confirm: i18n.t('common.ok'), cancel: i18n.t('common.close') },
    cancelProps: { display: 'none' },
    role: 'alertdialog',
  });
}
