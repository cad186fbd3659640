import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from './FormModal.tsx';

/**
 * A resource record's create or edit form in a modal: Save checks the form (`body` gives the
 * body, or null when the form's own check refused it and shows why), then creates the record
 * or updates the one being edited (`save` is the resource's `useSave`, or any `{ submit, isPending }`,
 * e.g. a create hook's `mutate` with the form's `saved` callbacks).
 */
export function RecordFormModal<B>({
  title,
  form,
  save,
  body,
  onClose,
  testId,
  size,
  submitLabel,
  children,
}: {
  title: string;
  form: { formError: string | null; onSubmit: (handler: () => void) => (event: FormEvent) => void };
  save: { submit: (body: B) => void; isPending: boolean };
  body: () => B | null;
  onClose: () => void;
  testId?: string | undefined;
  size?: string;
  /** The submit button's label when it is not Save. */
  submitLabel?: string;
  /** Put `data-autofocus` on the first field. */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const submit = form.onSubmit(() => {
    const valid = body();
    if (valid) save.submit(valid);
  });
  return (
    <FormModal
      opened
      onClose={onClose}
      title={title}
      onSubmit={submit}
      error={form.formError}
      submitLabel={submitLabel ?? t('common.save')}
      submitting={save.isPending}
      testId={testId}
      {...(size ? { size } : {})}
    >
      {children}
    </FormModal>
  );
}
