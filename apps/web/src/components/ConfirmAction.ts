import { Stack } from '@mantine/core';
import { modals } from '@mantine/modals';
import { createElement, type ReactNode } from 'react';
import { i18n } from '../lib/i18n.ts';

interface ConfirmOptions {
  title: string;
  message: ReactNode;
  /** The money (or stock) the action moves, formatted: shown under the message as "Amount: …". */
  amount?: string | undefined;
  confirmLabel: string;
  /** Red confirm button for destructive actions (default true). */
  danger?: boolean;
  onConfirm: () => void;
}

/** Asks before a destructive or irreversible action, with its amount; Cancel is focused first. */
export function confirmAction({
  title,
  message,
  amount,
  confirmLabel,
  danger = true,
  onConfirm,
}: ConfirmOptions): void {
  modals.openConfirmModal({
    title,
    children:
      amount === undefined
        ? message
        : createElement(
            Stack,
            { gap: 'xs' },
            createElement('div', null, message),
            createElement(
              'strong',
              { 'data-testid': 'confirm-amount' },
              i18n.t('confirmations.amount', { amount }),
            ),
          ),
    labels: { confirm: confirmLabel, cancel: i18n.t('common.cancel') },
    confirmProps: { color: danger ? 'red' : undefined, 'data-testid': 'confirm-action' },
    cancelProps: { 'data-autofocus': true },
    onConfirm,
  });
}
