import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_RECORDS,
  type Attachment,
  type AttachmentList,
  type AttachmentRecordType,
} from '@ushirika/contracts';
import { useEffect, useState } from 'react';
import { api, apiResponse } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';

/** The audit entity each record type's history is kept under (the API writes attachment events there). */
export const HISTORY_ENTITY: Record<AttachmentRecordType, string> = {
  'journal-entry': 'journal_entry',
  voucher: 'payment_or_receipt',
  'bank-transfer': 'bank_transfer',
  'buyer-receipt': 'buyer_receipt',
  'payment-batch': 'payment_batch',
  'delivery-note': 'delivery_note',
  collection: 'collection',
  lot: 'lot',
  auction: 'auction',
  'sales-invoice': 'sales_invoice',
  'purchase-invoice': 'purchase_invoice',
  'purchase-order': 'purchase_order',
  grn: 'grn',
  farmer: 'farmer',
};

export const attachmentKeys = {
  all: ['attachments'] as const,
  list: (type: AttachmentRecordType, id: string) => [...attachmentKeys.all, type, id] as const,
  preview: (type: AttachmentRecordType, id: string, attachmentId: string) =>
    [...attachmentKeys.all, type, id, attachmentId, 'preview'] as const,
};

/** `<record details path>/<id>/attachments`, without the leading slash the api client adds. */
export const attachmentsPath = (type: AttachmentRecordType, id: string) =>
  `${ATTACHMENT_RECORDS[type].path.slice(1)}/${id}/attachments`;

export function useAttachments(type: AttachmentRecordType, id: string) {
  return useQuery({
    queryKey: attachmentKeys.list(type, id),
    queryFn: ({ signal }) => api.get<AttachmentList>(attachmentsPath(type, id), undefined, signal),
    enabled: Boolean(id),
  });
}

function useRefresh(type: AttachmentRecordType, id: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: attachmentKeys.list(type, id) });
    void client.invalidateQueries({ queryKey: auditKeys.history(HISTORY_ENTITY[type], id) });
  };
}

/** Uploads one file (multipart, field `file`); errors come back to the caller, who says them in the user's language. */
export function useAddAttachment(type: AttachmentRecordType, id: string) {
  const refresh = useRefresh(type, id);
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append(ATTACHMENT_FIELD, file, file.name);
      return api.post<{ message: string; data: Attachment }>(attachmentsPath(type, id), form, {
        silent: true,
      });
    },
    onSuccess: refresh,
  });
}

export function useRemoveAttachment(type: AttachmentRecordType, id: string) {
  const refresh = useRefresh(type, id);
  return useMutation({
    mutationFn: (attachmentId: string) =>
      api.delete<{ message: string }>(`${attachmentsPath(type, id)}/${attachmentId}`, { silent: true }),
    onSuccess: refresh,
  });
}

/**
 * An image attachment's downscaled preview as an object URL (an <img> cannot send the bearer
 * token, so the bytes are fetched and shown from memory); revoked when no longer shown.
 */
export function usePreviewUrl(type: AttachmentRecordType, id: string, attachment: Attachment): string | null {
  const query = useQuery({
    queryKey: attachmentKeys.preview(type, id, attachment.id),
    queryFn: async ({ signal }) =>
      (await apiResponse(`${attachmentsPath(type, id)}/${attachment.id}/preview`, { signal })).blob(),
    enabled: attachment.hasPreview,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  return url;
}
