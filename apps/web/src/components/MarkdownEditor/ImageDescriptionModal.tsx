import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm } from '../../lib/form.ts';
import { FormModal } from '../FormModal.tsx';

/** An uploaded image waiting for its description before it goes into the text. */
export type PendingImage = { fileName: string; insert: (description: string) => void; drop: () => void };

/** The longest description kept: a sentence a screen reader reads out, not a caption. */
const MAX_DESCRIPTION = 150;

/** Markdown image text: brackets and backslashes escaped, one line. */
export const imageAltText = (description: string) =>
  description
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\[\]]/g, (c) => `\\${c}`);

/**
 * Asks what an uploaded image shows before it is inserted: its alt text, read out to readers who
 * cannot see it (WCAG 1.1.1). Cancelling inserts nothing.
 */
export function ImageDescriptionModal({ image }: { image: PendingImage }) {
  const { t } = useTranslation();
  const form = useForm({ description: '' });
  const submit = form.onSubmit(() => {
    if (!form.values.description.trim()) {
      form.setErrors({ description: t('editor.imageDescription.required') });
      return;
    }
    image.insert(form.values.description);
  });
  return (
    <FormModal
      opened
      onClose={image.drop}
      title={t('editor.imageDescription.title', { name: image.fileName })}
      onSubmit={submit}
      submitLabel={t('editor.imageDescription.insert')}
      size="md"
      testId="image-description"
    >
      <TextInput
        label={t('editor.imageDescription.label')}
        description={t('editor.imageDescription.hint')}
        required
        maxLength={MAX_DESCRIPTION}
        data-autofocus
        {...form.text('description')}
      />
    </FormModal>
  );
}
