import { Button, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../components/ConfirmAction.ts';
import { ReasonModal } from '../../components/ReasonModal.tsx';
import { toastError, toastSuccess } from '../../lib/notify.ts';
import { usePurchaseAction } from './hooks.ts';

/** The kinds of purchasing document, as the audit trail and the API's paths name them. */
const DOCUMENTS = {
  purchase_order: 'purchase/orders',
  purchase_invoice: 'purchase/invoices',
  supplier_payment: 'purchase/payments',
} as const;

type PurchaseDocument = keyof typeof DOCUMENTS;

/**
 * Runs an action that takes no body (submit, approve) on a purchasing document:
 * `POST /api/<document path>/<id>/<action>`, its reply toasted.
 */
export function usePurchaseStep(document: PurchaseDocument, action: 'submit' | 'approve') {
  const { t } = useTranslation();
  const mutation = usePurchaseAction<Record<string, never>, { id: string }>(
    document,
    (id) => `${DOCUMENTS[document]}/${id}/${action}`,
  );
  return {
    run: (id: string) =>
      mutation.mutate(
        { id, body: {} },
        {
          onSuccess: (r) => {
            toastSuccess(r.message);
            // A payment approved although the bank's book balance cannot cover it (#37).
            if ((r as { warning?: string }).warning) toastError(t('bankCover.approvedBelowZero'));
          },
          onError: (e) => toastError(e.message),
        },
      ),
    isPending: mutation.isPending,
  };
}

/** The approve button of a purchasing document: asks first (what is approved, for how much). */
export function ApproveButton({
  confirmTitle,
  confirmMessage,
  confirmNote,
  loading,
  onConfirm,
  testId,
}: {
  confirmTitle: string;
  confirmMessage: string;
  /** Read when the dialog opens, under the message (a payment's bank balance, #37). */
  confirmNote?: ReactNode;
  loading: boolean;
  onConfirm: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      color="teal"
      loading={loading}
      data-testid={testId}
      onClick={() =>
        confirmAction({
          title: confirmTitle,
          message: confirmNote ? (
            <Stack gap="xs">
              <div>{confirmMessage}</div>
              {confirmNote}
            </Stack>
          ) : (
            confirmMessage
          ),
          confirmLabel: t('purchaseMd.approve'),
          danger: false,
          onConfirm,
        })
      }
    >
      {t('purchaseMd.approve')}
    </Button>
  );
}

/** The cancel button of a purchasing document; it opens the document's reason form. */
export function CancelButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button color="red" variant="light" onClick={onClick} data-testid={testId}>
      {t('purchaseMd.cancel')}
    </Button>
  );
}

/** The reject button of a submitted purchasing document (issue 37); it opens the reason form. */
export function RejectButton({ onClick, testId }: { onClick: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Button color="red" variant="outline" onClick={onClick} data-testid={testId}>
      {t('purchaseMd.reject')}
    </Button>
  );
}

/**
 * An action on a purchasing document that needs a written reason (cancel; approve an invoice
 * that differs from its order): `POST /api/<document path>/<id>/<action>` with `{ reason }`,
 * after a confirmation.
 */
export function ReasonActionModal({
  document,
  action,
  id,
  title,
  reasonLabel,
  submitLabel,
  confirmMessage,
  onClose,
  testId,
}: {
  document: PurchaseDocument;
  action: 'cancel' | 'approve' | 'reject';
  id: string;
  title: string;
  reasonLabel: string;
  submitLabel: string;
  confirmMessage: string;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const mutation = usePurchaseAction<{ reason: string }, { id: string }>(
    document,
    (x) => `${DOCUMENTS[document]}/${x}/${action}`,
  );
  return (
    <ReasonModal
      title={title}
      reasonLabel={reasonLabel}
      reasonRequired={t('purchaseMd.reasonRequired')}
      submitLabel={submitLabel}
      confirmTitle={title}
      confirmMessage={confirmMessage}
      mutation={{
        mutate: (reason, callbacks) => mutation.mutate({ id, body: { reason } }, callbacks),
        isPending: mutation.isPending,
      }}
      onClose={onClose}
      testId={testId}
    />
  );
}
