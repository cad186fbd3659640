import { Modal } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormLayout } from './FormLayout.tsx';

interface FormModalProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  onSubmit: (event: FormEvent) => void;
  error?: string | null;
  submitLabel: string;
  submitting?: boolean;
  size?: string;
  testId?: string;
  /** Put `data-autofocus` on the first field: the modal focuses it when it opens. */
  children: ReactNode;
}

/** A create or edit form in a modal, with the shared form layout. */
export function FormModal({ opened, onClose, title, size = 'lg', testId, ...form }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} size={size} centered>
      <FormLayout {...form} onCancel={onClose} testId={testId} />
    </Modal>
  );
}
