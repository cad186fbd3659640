import { Textarea } from '@mantine/core';
import { useForm } from '../lib/form.ts';
import { confirmAction } from './ConfirmAction.ts';
import { RecordFormModal } from './RecordFormModal.tsx';

interface ReasonModalProps {
  title: string;
  reasonLabel: string;
  /** Shown on the field when the reason is left empty. */
  reasonRequired: string;
  submitLabel: string;
  /** The question asked before the irreversible action is sent. */
  confirmTitle: string;
  confirmMessage: string;
  /** Sends the action; its reply message is toasted and the modal closes. */
  mutation: {
    mutate: (
      reason: string,
      callbacks: { onSuccess: (reply: { message: string }) => void; onError: (e: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  onClose: () => void;
  testId?: string;
}

/**
 * An irreversible action that needs a written reason (cancel a note, an invoice...): the reason,
 * then a confirmation, then the action; a refusal shows on the field or above it.
 */
export function ReasonModal({
  title,
  reasonLabel,
  reasonRequired,
  submitLabel,
  confirmTitle,
  confirmMessage,
  mutation,
  onClose,
  testId,
}: ReasonModalProps) {
  const form = useForm({ reason: '' });
  const reason = () => {
    if (form.values.reason.trim()) return form.values.reason;
    form.setErrors({ reason: reasonRequired });
    return null;
  };
  const confirm = (given: string) =>
    confirmAction({
      title: confirmTitle,
      message: confirmMessage,
      confirmLabel: submitLabel,
      onConfirm: () => mutation.mutate(given, form.saved(onClose)),
    });
  return (
    <RecordFormModal
      title={title}
      form={form}
      save={{ submit: confirm, isPending: mutation.isPending }}
      body={reason}
      onClose={onClose}
      testId={testId}
      submitLabel={submitLabel}
    >
      <Textarea label={reasonLabel} required autosize minRows={2} data-autofocus {...form.text('reason')} />
    </RecordFormModal>
  );
}
