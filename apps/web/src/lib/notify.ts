import { notifications } from '@mantine/notifications';

/** SPEC section 8: toasts at the top right for 3 seconds with a progress line. */
export const TOAST_DURATION_MS = 3000;

export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'teal', autoClose: TOAST_DURATION_MS, withAutoCloseProgress: true });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TOAST_DURATION_MS, withAutoCloseProgress: true });
}
