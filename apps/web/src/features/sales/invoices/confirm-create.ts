import type { UseMutationResult } from '@tanstack/react-query';
import { confirmAction } from '../../../components/ConfirmAction.ts';
import { i18n } from '../../../lib/i18n.ts';
import { toastSuccess } from '../../../lib/notify.ts';

type Created<Reply> = { message: string; data: Reply };

/** Asks before a new invoice (or group) is saved with its total; once saved, says so and opens it. */
export function confirmCreate<Body, Reply extends { id: string }>(
  ask: { title: string; message: string; amount: string },
  create: UseMutationResult<Created<Reply>, Error, Body>,
  body: Body,
  then: { open: (id: string) => void; onError: (error: unknown) => void },
): void {
  confirmAction({
    ...ask,
    confirmLabel: i18n.t('common.save'),
    danger: false,
    onConfirm: () =>
      create.mutate(body, {
        onSuccess: (r) => {
          toastSuccess(r.message);
          then.open(r.data.id);
        },
        onError: then.onError,
      }),
  });
}
