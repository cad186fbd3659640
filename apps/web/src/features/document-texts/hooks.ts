import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DocumentKind, DocumentNote, DocumentTerms } from '@ushirika/contracts';
import { api, apiRequest } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';

/** Terms and notes on documents (#18): the union's standard terms and one note per document. */
const NOTE_PATH: Record<DocumentKind, string> = {
  purchase_order: 'purchase/orders',
  sales_invoice: 'sales/invoices',
};
export const NOTE_PERMISSIONS: Record<DocumentKind, { read: string; write: string }> = {
  purchase_order: { read: 'purchase.order.read', write: 'purchase.order.create' },
  sales_invoice: { read: 'sales.invoice.read', write: 'sales.invoice.create' },
};

const keys = {
  terms: (kind: DocumentKind) => ['document-terms', kind] as const,
  note: (kind: DocumentKind, id: string) => ['document-note', kind, id] as const,
};

export function useDocumentTerms(kind: DocumentKind) {
  return useQuery({
    queryKey: keys.terms(kind),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentTerms }>(`settings/document-terms/${kind}`, undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useSaveTerms(kind: DocumentKind) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: string) =>
      apiRequest<{ message: string; data: DocumentTerms }>(`settings/document-terms/${kind}`, {
        method: 'PUT',
        body: { terms },
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: keys.terms(kind) }),
  });
}

export function useDocumentNote(kind: DocumentKind, id: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.note(kind, id),
    queryFn: ({ signal }) =>
      api.get<{ data: DocumentNote }>(`${NOTE_PATH[kind]}/${id}/note`, undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useSaveNote(kind: DocumentKind, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (note: string) =>
      apiRequest<{ message: string; data: DocumentNote }>(`${NOTE_PATH[kind]}/${id}/note`, {
        method: 'PUT',
        body: { note },
        silent: true,
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: keys.note(kind, id) });
      void client.invalidateQueries({ queryKey: auditKeys.history(kind, id) });
    },
  });
}
