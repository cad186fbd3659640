import { notifications } from '@mantine/notifications';
import { successMessage } from './success-message.ts';

/** SPEC section 8: toasts at the top right for 3 seconds with a progress line. */
export const TOAST_DURATION_MS = 3000;

/** A success toast; the server's English success messages are shown in the user's language. */
export function toastSuccess(message: string): void {
  notifications.show({
    message: successMessage(message),
    color: 'teal',
    autoClose: TOAST_DURATION_MS,
    withAutoCloseProgress: true,
  });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS, withAutoCloseProgress: true });
}
