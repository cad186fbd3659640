import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NoteSubject, RecordNote } from '@ushirika/contracts';
import { api } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';

/** Notes on farmers and AMCOS (#18), under each record's address. */
const PATH: Record<NoteSubject, string> = { farmer: 'collections/farmers', amcos: 'amcos' };
export const NOTE_PERMISSIONS: Record<
  NoteSubject,
  { read: string; write: string; audience: 'any' | 'union' }
> = {
  farmer: { read: 'amcos.farmer.read', write: 'amcos.farmer.update', audience: 'any' },
  amcos: { read: 'amcos.society.read', write: 'amcos.society.update', audience: 'union' },
};
const key = (subject: NoteSubject, id: string) => ['record-notes', subject, id] as const;

export function useNotes(subject: NoteSubject, id: string, enabled: boolean) {
  return useQuery({
    queryKey: key(subject, id),
    queryFn: ({ signal }) =>
      api.get<{ data: RecordNote[] }>(`${PATH[subject]}/${id}/notes`, undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useAddNote(subject: NoteSubject, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      api.post<{ message: string; data: RecordNote }>(
        `${PATH[subject]}/${id}/notes`,
        { body },
        { silent: true },
      ),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key(subject, id) });
      void client.invalidateQueries({ queryKey: auditKeys.history(subject, id) });
    },
  });
}
