import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreatePurchaseInvoiceBody,
  CreatePurchaseOrderBody,
  CreateSupplierPaymentBody,
  createSupplierBody,
  Paged,
  PurchaseInvoice,
  PurchaseInvoiceDetail,
  PurchaseOrder,
  PurchaseOrderDetail,
  PurchaseSettings,
  Supplier,
  SupplierAgedReport,
  SupplierDetail,
  SupplierPayment,
  SupplierPaymentDetail,
  updateSupplierBody,
} from '@ushirika/contracts';
import type { z } from 'zod';
import { api, apiRequest, type Query } from '../../lib/api.ts';
import { auditKeys } from '../../lib/audit.ts';
import { documentDetail, useCreateDocument, useDocumentAction } from '../../lib/document-hooks.ts';
import { resource } from '../../lib/resource.ts';

/** Issue 13, purchasing: suppliers, orders, invoices, payments and the aged payables report. */
export const suppliers = resource<
  Supplier,
  z.input<typeof createSupplierBody>,
  z.input<typeof updateSupplierBody>
>('purchase/suppliers', { key: 'suppliers', audit: 'supplier', exportName: 'suppliers' });
export const purchaseOrders = resource<PurchaseOrder, CreatePurchaseOrderBody>('purchase/orders', {
  key: 'purchase-orders',
  audit: 'purchase_order',
  exportName: 'purchase-orders',
});
export const purchaseInvoices = resource<PurchaseInvoice, CreatePurchaseInvoiceBody>('purchase/invoices', {
  key: 'purchase-invoices',
  audit: 'purchase_invoice',
  exportName: 'purchase-invoices',
});
export const supplierPayments = resource<SupplierPayment, CreateSupplierPaymentBody>('purchase/payments', {
  key: 'supplier-payments',
  audit: 'supplier_payment',
  exportName: 'supplier-payments',
});

/** Orders, invoices, payments, supplier balances and the aged report move together. */
const PURCHASE_KEYS = [
  'suppliers',
  'purchase-orders',
  'purchase-invoices',
  'supplier-payments',
  'supplier-aged',
];

function useRefreshPurchase() {
  const client = useQueryClient();
  return (entity?: string, id?: string) => {
    for (const key of PURCHASE_KEYS) void client.invalidateQueries({ queryKey: [key] });
    if (entity && id) void client.invalidateQueries({ queryKey: auditKeys.history(entity, id) });
  };
}

export const usePurchaseOrder = (id: string | undefined) =>
  useQuery(documentDetail<PurchaseOrderDetail>('purchase-orders', 'purchase/orders', id));
export const usePurchaseInvoice = (id: string | undefined) =>
  useQuery(documentDetail<PurchaseInvoiceDetail>('purchase-invoices', 'purchase/invoices', id));
export const useSupplierPayment = (id: string | undefined) =>
  useQuery(documentDetail<SupplierPaymentDetail>('supplier-payments', 'purchase/payments', id));
export const useSupplierDetail = (id: string | undefined) =>
  useQuery({
    queryKey: ['suppliers', 'details', id ?? ''],
    queryFn: ({ signal }) =>
      api.get<{ data: SupplierDetail }>(`purchase/suppliers/${id}/details`, undefined, signal),
    select: (reply) => reply.data,
    enabled: Boolean(id),
  });

/** A supplier's open (unpaid) invoices, oldest first: what a payment can pay. */
export function useOpenPurchaseInvoices(supplierId: string | null) {
  return useQuery({
    queryKey: ['purchase-invoices', 'open', supplierId],
    queryFn: ({ signal }) =>
      api.get<Paged<PurchaseInvoice>>(
        'purchase/invoices',
        { supplier_id: supplierId, open: 'true', sort: 'invoiceDate:asc', per_page: 200 },
        signal,
      ),
    select: (reply) => reply.data,
    enabled: Boolean(supplierId),
  });
}

export function useSupplierAged(query: Query) {
  return useQuery({
    queryKey: ['supplier-aged', query],
    queryFn: ({ signal }) => api.get<{ data: SupplierAgedReport }>('reports/supplier/aged', query, signal),
    select: (reply) => reply.data,
  });
}

/** PATCH to a purchasing action (submit, approve, cancel); refreshes the lists and the record's history. */
export function usePurchaseAction<Body, Reply extends { id: string }>(
  entity: string,
  path: (id: string) => string,
) {
  return useDocumentAction<Body, Reply>(useRefreshPurchase(), entity, path);
}

/** POST a new purchasing document; refreshes every purchasing list (balances change with it). */
export function useCreatePurchase<Body, Reply extends { id: string }>(path: string) {
  return useCreateDocument<Body, Reply>(useRefreshPurchase(), path);
}

/** Saves the order form: a new draft (POST), or the draft being edited whole (PUT). */
export function useSavePurchaseOrder(id: string | undefined) {
  const refresh = useRefreshPurchase();
  return useMutation({
    mutationFn: (body: unknown) =>
      id
        ? apiRequest<{ message: string; data: PurchaseOrderDetail }>(`purchase/orders/${id}`, {
            method: 'PUT',
            body,
            silent: true,
          })
        : api.post<{ message: string; data: PurchaseOrderDetail }>('purchase/orders', body, { silent: true }),
    onSuccess: (reply) => refresh('purchase_order', reply.data.id),
  });
}

export function usePurchaseSettings() {
  return useQuery({
    queryKey: ['purchase-settings'],
    queryFn: ({ signal }) => api.get<{ data: PurchaseSettings }>('purchase/settings', undefined, signal),
    select: (reply) => reply.data,
  });
}

export function useSavePurchaseSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PurchaseSettings) =>
      apiRequest<{ message: string; data: PurchaseSettings }>('purchase/settings', {
        method: 'PUT',
        body,
        silent: true,
      }),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['purchase-settings'] }),
  });
}
