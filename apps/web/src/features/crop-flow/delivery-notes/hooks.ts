import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectionSelection,
  CreateDeliveryNoteBody,
  DeliveryNote,
  DeliveryNoteDetail,
  PendingCollection,
  ReceiveDeliveryNoteBody,
} from '@ushirika/contracts';
import { api } from '../../../lib/api.ts';
import { auditKeys } from '../../../lib/audit.ts';
import { openPdf } from '../../../lib/open-pdf.ts';
import { resource } from '../../../lib/resource.ts';

/** Crop delivery notes: `/api/collections/delivery-notes`. */
export const deliveryNotes = resource<DeliveryNote & Partial<DeliveryNoteDetail>, CreateDeliveryNoteBody>(
  'collections/delivery-notes',
  { key: 'delivery-notes', audit: 'delivery_note', exportName: 'crop-delivery-notes' },
);

/** A society's pending collections of a season crop (what a note can take). */
export function usePendingCollections(amcosId: string | null, seasonCropId: string | null, enabled = true) {
  return useQuery({
    queryKey: ['delivery-notes', 'pending', amcosId, seasonCropId],
    queryFn: ({ signal }) =>
      api.get<{ data: PendingCollection[] }>(
        'collections/delivery-notes/pending',
        { season_crop_id: seasonCropId, amcos_id: amcosId ?? undefined },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: enabled && Boolean(seasonCropId),
  });
}

type Saved = { message: string; data: DeliveryNoteDetail };

/**
 * The state changes of one note. Each refreshes the notes, the collections and stock (they move
 * with the note), the lots queue and the note's history. Errors stay silent for the form to show.
 */
export function useNoteActions(id: string) {
  const client = useQueryClient();
  const onSuccess = () => {
    for (const key of [
      ['delivery-notes'],
      ['collections'],
      ['lots'],
      auditKeys.history('delivery_note', id),
    ]) {
      void client.invalidateQueries({ queryKey: key });
    }
  };
  const path = `collections/delivery-notes/${id}`;
  return {
    dispatch: useMutation({ mutationFn: () => api.patch<Saved>(`${path}/dispatch`), onSuccess }),
    receive: useMutation({
      mutationFn: (body: ReceiveDeliveryNoteBody) =>
        api.patch<Saved>(`${path}/receive`, body, { silent: true }),
      onSuccess,
    }),
    cancel: useMutation({
      mutationFn: (reason: string) => api.patch<Saved>(`${path}/cancel`, { reason }, { silent: true }),
      onSuccess,
    }),
    add: useMutation({
      mutationFn: (selection: CollectionSelection) =>
        api.post<Saved>(`${path}/collections`, { selection }, { silent: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (collectionIds: string[]) =>
        api.patch<Saved>(`${path}/remove-collections`, { collectionIds }),
      onSuccess,
    }),
  };
}

export const openDeliveryNotePdf = (note: { id: string; dnNo: string }) =>
  openPdf(`collections/delivery-notes/${note.id}/pdf`, `${note.dnNo}.pdf`);
