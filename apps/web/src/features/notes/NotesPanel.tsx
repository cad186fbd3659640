import { Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { NoteSubject } from '@ushirika/contracts';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearAutosave, MarkdownEditor, MarkdownView } from '../../components/MarkdownEditor/index.ts';
import { ApiError } from '../../lib/api-error.ts';
import { formatDateTime } from '../../lib/format.ts';
import { toastSuccess } from '../../lib/notify.ts';
import { useCan } from '../../lib/use-can.ts';
import { NOTE_PERMISSIONS, useAddNote, useNotes } from './hooks.ts';

/**
 * The notes on a farmer or an AMCOS (#18): visits, disputes, agreements, newest first with author
 * and time; a new one written in the markdown editor (its draft autosaved until it is added).
 */
export function NotesPanel({ subject, id }: { subject: NoteSubject; id: string }) {
  const { t } = useTranslation();
  const rules = NOTE_PERMISSIONS[subject];
  const canRead = useCan(rules.read);
  const canWrite = useCan(rules.write, rules.audience);
  const notes = useNotes(subject, id, canRead && Boolean(id));
  const add = useAddNote(subject, id);
  const [writing, setWriting] = useState(false);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const draftId = `note-${subject}-${id}`;
  if (!canRead) return null;
  return (
    <Paper withBorder p="md" mt="md" data-testid="record-notes">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h5">
            {t('recordNotes.title')}
          </Title>
          {canWrite && !writing && (
            <Button
              variant="default"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              onClick={() => {
                setError(null);
                setWriting(true);
              }}
            >
              {t('recordNotes.add')}
            </Button>
          )}
        </Group>
        {writing && (
          <>
            <MarkdownEditor
              autosaveId={draftId}
              initialValue=""
              onChange={setDraft}
              label={t('recordNotes.new')}
              description={t('recordNotes.hint')}
              error={error}
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setWriting(false)} disabled={add.isPending}>
                {t('common.cancel')}
              </Button>
              <Button
                loading={add.isPending}
                onClick={() =>
                  add.mutate(draft, {
                    onSuccess: () => {
                      clearAutosave(draftId);
                      setDraft('');
                      setWriting(false);
                      toastSuccess(t('recordNotes.added'));
                    },
                    onError: (e) =>
                      setError(e instanceof ApiError ? (e.serverMessage ?? e.message) : String(e)),
                  })
                }
              >
                {t('recordNotes.save')}
              </Button>
            </Group>
          </>
        )}
        {(notes.data ?? []).length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('recordNotes.empty')}
          </Text>
        ) : (
          (notes.data ?? []).map((n, i) => (
            <Fragment key={n.id}>
              {i > 0 && <Divider />}
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {t('recordNotes.by', { by: n.authorName, at: formatDateTime(n.createdAt) })}
                </Text>
                <MarkdownView text={n.body} />
              </Stack>
            </Fragment>
          ))
        )}
      </Stack>
    </Paper>
  );
}
