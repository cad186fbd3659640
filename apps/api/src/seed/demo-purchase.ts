import { todayInTanzania } from '@ushirika/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts } from '../modules/accounts/schema.ts';
import { receiveOrderGrn } from '../modules/inventory/grns/receive-order-grn.ts';
import { createPurchaseInvoice } from '../modules/purchase/invoices/create-purchase-invoice.ts';
import { approvePurchaseOrder, submitPurchaseOrder } from '../modules/purchase/orders/change-order-status.ts';
import { createPurchaseOrder } from '../modules/purchase/orders/create-purchase-order.ts';
import { approveSupplierPayment } from '../modules/purchase/payments/approve-supplier-payment.ts';
import { createSupplierPayment } from '../modules/purchase/payments/create-supplier-payment.ts';
import { suppliers } from '../modules/purchase/suppliers/schema.ts';
import { supplierResource } from '../modules/purchase/suppliers/suppliers.ts';
import type { Actor } from '../platform/access.ts';
import { createRecord } from '../platform/catalog.ts';
import { addDays, demoActors, later } from './demo-sales-support.ts';
import type { DemoStores } from './demo-stores.ts';

export type DemoPurchase = {
  skipped: boolean;
  suppliers: number;
  orders: number;
  invoices: number;
  payments: number;
};

const SUPPLIERS = [
  { name: 'Mbolea Bora Ltd', tin: '112-450-781', vrn: '40-015522-K', terms: 30, phone: '255784220155' },
  {
    name: 'Kilimo Agro-Chemicals Ltd',
    tin: '118-302-649',
    vrn: '40-031877-T',
    terms: 45,
    phone: '255715603300',
  },
  { name: 'Mtwara Packaging Co.', tin: '121-774-015', vrn: null, terms: 14, phone: '255766118204' },
] as const;

/**
 * The demo union's purchasing (issue 13), through the real use cases after the stores demo: three
 * suppliers; an order of fertiliser approved, received in full into the main store (a GRN against
 * the order, the inventory use case), invoiced as ordered (matched, posted) and paid; an order of
 * agro-chemicals approved and partly received, its invoice 500 a bag above the order price waiting
 * for approval; a packaging order submitted. Skipped when the first supplier exists.
 */
export async function loadDemoPurchase(db: Db, stores: DemoStores): Promise<DemoPurchase> {
  const none = { skipped: true, suppliers: 0, orders: 0, invoices: 0, payments: 0 };
  const [existing] = await db
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(eq(suppliers.tin, SUPPLIERS[0].tin));
  const actors = await demoActors(db);
  const item = (code: string) => stores.itemIds[code] ?? '';
  if (existing || !actors || !stores.mainStoreId || !item('UREA50')) return none;
  const maker: Actor = actors.administrator;
  const checker: Actor = actors.financeManager;
  const made = [];
  for (const s of SUPPLIERS)
    made.push(
      await createRecord(db, maker, {
        resource: supplierResource,
        body: {
          name: s.name,
          tin: s.tin,
          vrn: s.vrn,
          contactPerson: null,
          phone: s.phone,
          email: null,
          address: 'Mtwara',
          paymentMethod: 'mobile_money',
          bankId: null,
          accountName: null,
          accountNo: null,
          mobileMoneyNo: s.phone,
          paymentTermsDays: s.terms,
        },
      }),
    );
  const [fertiliser, chemicals, packaging] = made;
  if (!fertiliser || !chemicals || !packaging) return none;
  const today = todayInTanzania();
  const daysAgo = (n: number) => later(addDays(today, -n), `${today.slice(0, 4)}-01-01`);
  const approved = async (body: Parameters<typeof createPurchaseOrder>[2]) => {
    const order = await createPurchaseOrder(db, maker, body);
    await submitPurchaseOrder(db, maker, { id: order.id });
    return approvePurchaseOrder(db, checker, { id: order.id });
  };
  const terms =
    'Delivered to the union main store, Mtwara. Payment within the supplier terms from the invoice.';

  // 200 x 61,500 = 12,300,000 + 100 x 70,000 = 7,000,000; VAT 18% 3,474,000; total 22,774,000.00.
  const first = await approved({
    supplierId: fertiliser.id,
    orderDate: daysAgo(20),
    expectedDate: daysAgo(12),
    terms,
    remarks: null,
    lines: [
      { itemId: item('UREA50'), description: null, quantity: '200', unitPrice: '61500', vat: true },
      { itemId: item('NPK50'), description: null, quantity: '100', unitPrice: '70000', vat: true },
    ],
  });
  await receiveOrderGrn(db, maker, {
    orderId: first.id,
    storeId: stores.mainStoreId,
    receivedOn: daysAgo(12),
    supplierRef: 'DN-MB-2231',
    remarks: null,
    lines: first.lines.map((l) => ({
      orderLineId: l.id,
      quantity: l.quantity,
      batchNo: null,
      expiryDate: null,
    })),
  });
  const invoice = await createPurchaseInvoice(db, maker, {
    orderId: first.id,
    supplierInvoiceNo: 'MB/INV/0457',
    invoiceDate: daysAgo(11),
    dueDate: null,
    lines: first.lines.map((l) => ({ orderLineId: l.id, quantity: l.quantity, unitPrice: l.unitPrice })),
  });
  // The Operation book's bank account of the default chart.
  const [opBank] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.book, 'operation'), eq(accounts.code, '1101')));
  let payments = 0;
  if (opBank) {
    const payment = await createSupplierPayment(db, maker, {
      supplierId: fertiliser.id,
      paymentDate: daysAgo(4),
      bankAccountId: opBank.id,
      reference: 'TT-NMB-88412',
      allocations: [{ invoiceId: invoice.id, amount: invoice.total }],
    });
    await approveSupplierPayment(db, checker, { id: payment.id });
    payments++;
  }

  // 300 x 37,500 + 20 x 140,000 + transport 1 x 450,000: 200 bags of sulphur came in so far.
  const second = await approved({
    supplierId: chemicals.id,
    orderDate: daysAgo(9),
    expectedDate: daysAgo(1),
    terms,
    remarks: 'Sulphur for the coming spraying round',
    lines: [
      { itemId: item('SUL25'), description: null, quantity: '300', unitPrice: '37500', vat: true },
      { itemId: item('SPRAYER'), description: null, quantity: '20', unitPrice: '140000', vat: false },
      {
        itemId: item('TRANSPORT'),
        description: 'Transport Dar es Salaam - Mtwara',
        quantity: '1',
        unitPrice: '450000',
        vat: true,
      },
    ],
  });
  const sulphur = second.lines[0];
  if (sulphur) {
    await receiveOrderGrn(db, maker, {
      orderId: second.id,
      storeId: stores.mainStoreId,
      receivedOn: daysAgo(5),
      supplierRef: 'KAC-DN-0913',
      remarks: 'First truck; the rest follows',
      lines: [{ orderLineId: sulphur.id, quantity: '200', batchNo: 'SUL-2026-09', expiryDate: '2027-12-31' }],
    });
    // Billed at 38,000 a bag, 500 above the order: it waits for the finance manager's approval.
    await createPurchaseInvoice(db, maker, {
      orderId: second.id,
      supplierInvoiceNo: 'KAC-2026-1180',
      invoiceDate: daysAgo(4),
      dueDate: null,
      lines: [{ orderLineId: sulphur.id, quantity: '200', unitPrice: '38000' }],
    });
  }

  const third = await createPurchaseOrder(db, maker, {
    supplierId: packaging.id,
    orderDate: daysAgo(1),
    expectedDate: null,
    terms,
    remarks: null,
    lines: [{ itemId: item('GUNNY'), description: null, quantity: '2000', unitPrice: '1750', vat: true }],
  });
  await submitPurchaseOrder(db, maker, { id: third.id });
  return { skipped: false, suppliers: made.length, orders: 3, invoices: sulphur ? 2 : 1, payments };
}
