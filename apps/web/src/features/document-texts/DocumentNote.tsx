import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import type { DocumentKind } from '@ushirika/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAutosave, MarkdownEditor, MarkdownView } from '../../components/MarkdownEditor/index.ts';
import { formatDateTime } from '../../lib/format.ts';
import { useCan } from '../../lib/use-can.ts';
import { NOTE_PERMISSIONS, useDocumentNote, useSaveNote } from './hooks.ts';
import { SaveTextButton } from './SaveTextButton.tsx';

/**
 * A purchase order's or sales invoice's note (#18), written in the markdown editor and printed on
 * its PDF after the union's terms. Shown to readers of the document; editable by its makers.
 */
export function DocumentNote({ kind, id }: { kind: DocumentKind; id: string }) {
  const { t } = useTranslation();
  const canRead = useCan(NOTE_PERMISSIONS[kind].read, 'union');
  const canWrite = useCan(NOTE_PERMISSIONS[kind].write, 'union');
  const note = useDocumentNote(kind, id, canRead && Boolean(id));
  const save = useSaveNote(kind, id);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const draftId = `note-${kind}-${id}`;
  if (!canRead || !note.data) return null;
  const text = note.data.note;
  return (
    <Paper withBorder p="md" mt="md" data-testid="document-note">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('documentTexts.note')}
          </Title>
          {canWrite && !editing && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => {
                setDraft(text);
                setError(null);
                setEditing(true);
              }}
            >
              {t('documentTexts.editNote')}
            </Button>
          )}
        </Group>
        {editing ? (
          <>
            <MarkdownEditor
              autosaveId={draftId}
              initialValue={text}
              onChange={setDraft}
              label={t('documentTexts.note')}
              description={t('documentTexts.noteHint')}
              error={error}
            />
            <Group justify="flex-end" gap="xs">
              <Button
                variant="default"
                onClick={() => {
                  clearAutosave(draftId);
                  setEditing(false);
                }}
                disabled={save.isPending}
              >
                {t('common.cancel')}
              </Button>
              <SaveTextButton
                save={save}
                text={draft}
                draftId={draftId}
                savedMessage={t('documentTexts.noteSaved')}
                onSaved={() => setEditing(false)}
                onError={setError}
              />
            </Group>
          </>
        ) : text ? (
          <>
            <MarkdownView text={text} />
            {note.data.updatedAt && (
              <Text size="xs" c="dimmed">
                {t('documentTexts.updated', {
                  by: note.data.updatedBy ?? '',
                  at: formatDateTime(note.data.updatedAt),
                })}
              </Text>
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('documentTexts.noNote')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
