import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks before a destructive or irreversible action; Cancel is focused first. */
export function confirmAction({
  title,
  message,
  confirmLabel,
  danger = true,
  onConfirm,
}: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    children: message,
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-action' },
    cancelProps: { 'data-autofocus': true },
    onConfirm,
  });
}
