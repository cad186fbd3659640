import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Buyer,
  BuyerAgedReport,
  BuyerReceipt,
  BuyerReceiptDetail,
  createBuyerBody,
  createBuyerReceiptBody,
  createGroupInvoiceBody,
  createReleaseNoteBody,
  createSalesInvoiceBody,
  GroupInvoice,
  GroupInvoiceDetail,
  Paged,
  ReleasableLot,
  ReleaseNote,
  ReleaseNoteDetail,
  SalesInvoice,
  SalesInvoiceDetail,
  SalesSettings,
  updateBuyerBody,
} from '@ushirika/contracts';
import type { z } from 'zod';
import { api, apiRequest, type Query } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import { invalidateBooks } from '../../lib/books.ts';
import { documentDetail, useCreateDocument, useDocumentAction } from '../../lib/document-hooks.ts';
import { resource } from '../../lib/resource.ts';

/** Issue 6, the buyer half: buyers, invoices, group invoices, receipts, release notes, aged report. */
export const buyers = resource<Buyer, z.input<typeof createBuyerBody>, z.input<typeof updateBuyerBody>>(
  'sales/buyers',
  { key: 'buyers', audit: 'buyer', exportName: 'buyers' },
);
export const salesInvoices = resource<SalesInvoice, z.input<typeof createSalesInvoiceBody>>(
  'sales/invoices',
  {
    key: 'sales-invoices',
    audit: 'sales_invoice',
    exportName: 'sales-invoices',
  },
);
export const groupInvoices = resource<GroupInvoice, z.input<typeof createGroupInvoiceBody>>(
  'sales/group-invoices',
  { key: 'group-invoices', audit: 'group_invoice', exportName: 'group-invoices' },
);
export const salesReceipts = resource<BuyerReceipt, z.input<typeof createBuyerReceiptBody>>(
  'sales/receipts',
  {
    key: 'sales-receipts',
    audit: 'buyer_receipt',
    exportName: 'buyer-receipts',
  },
);
export const releaseNotes = resource<ReleaseNote, z.input<typeof createReleaseNoteBody>>(
  'sales/release-notes',
  {
    key: 'release-notes',
    audit: 'release_note',
    exportName: 'release-notes',
  },
);

/**
 * Every sales list and the buyers' balances move together: refresh them all after a change, and
 * the books (an invoice or a receipt posts to the ledger).
 */
function useRefreshSales() {
  const client = useQueryClient();
  return (entity?: string, id?: string) => {
    for (const key of [
      'buyers',
      'sales-invoices',
      'group-invoices',
      'sales-receipts',
      'release-notes',
      'buyer-aged',
    ])
      void client.invalidateQueries({ queryKey: [key] });
    invalidateBooks(client);
    if (entity && id) void client.invalidateQueries({ queryKey: auditKeys.history(entity, id) });
  };
}

export const useInvoice = (id: string | undefined) =>
  useQuery(documentDetail<SalesInvoiceDetail>('sales-invoices', 'sales/invoices', id));
export const useGroupInvoice = (id: string | undefined) =>
  useQuery(documentDetail<GroupInvoiceDetail>('group-invoices', 'sales/group-invoices', id));
export const useReceipt = (id: string | undefined) =>
  useQuery(documentDetail<BuyerReceiptDetail>('sales-receipts', 'sales/receipts', id));
export const useReleaseNote = (id: string | undefined) =>
  useQuery(documentDetail<ReleaseNoteDetail>('release-notes', 'sales/release-notes', id));

/** A buyer's open invoices, oldest first (receipts allocate to them, group invoices combine them). */
export function useOpenInvoices(buyerId: string | null) {
  return useQuery({
    queryKey: ['sales-invoices', 'open', buyerId],
    queryFn: ({ signal }) =>
      api.get<Paged<SalesInvoice>>(
        'sales/invoices',
        { buyer_id: buyerId, open: 'true', sort: 'invoiceDate:asc', per_page: 200 },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(buyerId),
  });
}

export function useReleasableLots(buyerId: string | null) {
  return useQuery({
    queryKey: ['release-notes', 'releasable', buyerId],
    queryFn: ({ signal }) =>
      api.get<{ data: ReleasableLot[] }>('sales/release-notes/releasable', { buyer_id: buyerId }, signal),
    select: (reply) => reply.data,
    enabled: Boolean(buyerId),
  });
}

export function useAgedReport(view: 'summary' | 'details', query: Query) {
  return useQuery({
    queryKey: ['buyer-aged', view, query],
    queryFn: ({ signal }) => api.get<{ data: BuyerAgedReport }>(`reports/buyer/aged-${view}`, query, signal),
    select: (reply) => reply.data,
  });
}

/** Sends a sales action (PATCH to cancel, POST to allocate); refreshes the sales lists and the record's history. */
export function useSalesAction<Body, Reply extends { id: string }>(
  entity: string,
  path: (id: string) => string,
) {
  return useDocumentAction<Body, Reply>(useRefreshSales(), entity, path);
}

/** POST a new sales document; refreshes every sales list (balances change with it). */
export function useCreateSales<Body, Reply extends { id: string }>(path: string) {
  return useCreateDocument<Body, Reply>(useRefreshSales(), path);
}

/** The sales settings (days an invoice has to be paid when no due date is given). */
export function useSalesSettings(enabled = true) {
  return useQuery({
    queryKey: ['sales-settings'],
    queryFn: ({ signal }) => api.get<{ data: SalesSettings }>('sales/settings', undefined, signal),
    select: (reply) => reply.data,
    enabled,
  });
}

export function useSaveSalesSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SalesSettings) =>
      apiRequest<{ message: string; data: SalesSettings }>('sales/settings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['sales-settings'] }),
  });
}
