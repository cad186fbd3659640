import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clearAutosave } from '../../components/MarkdownEditor/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { toastSuccess } from '../../lib/notify.ts';

/**
 * Saves a document text (the union's terms, a document's note): on success the editor's autosaved
 * draft is dropped, `onSaved` runs and `savedMessage` is toasted; a refusal goes to `onError`.
 */
export function SaveTextButton({
  save,
  text,
  draftId,
  savedMessage,
  onSaved,
  onError,
  testId,
}: {
  save: {
    mutate: (text: string, callbacks: { onSuccess: () => void; onError: (e: unknown) => void }) => void;
    isPending: boolean;
  };
  text: string;
  draftId: string;
  savedMessage: string;
  onSaved: () => void;
  onError: (message: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      loading={save.isPending}
      data-testid={testId}
      onClick={() =>
        save.mutate(text, {
          onSuccess: () => {
            clearAutosave(draftId);
            onSaved();
            toastSuccess(savedMessage);
          },
          onError: (e) => onError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)),
        })
      }
    >
      {t('common.save')}
    </Button>
  );
}
