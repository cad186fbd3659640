import { z } from 'zod';
import { uuid } from './common.ts';

/**
 * Notes on a farmer or on an AMCOS (#18): the history of visits, disputes and agreements, written in
 * the markdown editor, each with its author and time. Notes are kept as written (no edit, no delete).
 */
export const NOTE_SUBJECTS = ['farmer', 'amcos'] as const;
export type NoteSubject = (typeof NOTE_SUBJECTS)[number];
export const NOTE_MAX = 10_000;

export const addNoteBody = z.object({
  body: z.string().trim().min(1, 'Write the note').max(NOTE_MAX, `At most ${NOTE_MAX} characters`),
});
export const recordNote = z.object({
  id: uuid,
  subject: z.enum(NOTE_SUBJECTS),
  subjectId: uuid,
  body: z.string(),
  authorName: z.string(),
  createdAt: z.string(),
});
export type RecordNote = z.infer<typeof recordNote>;
export const recordNotesReply = z.object({ data: z.array(recordNote) });
export const recordNoteSavedReply = z.object({ message: z.string(), data: recordNote });
