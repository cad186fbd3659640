import type { PurchaseOrderDetail, SupplierAgedReport, SupplierPaymentDetail } from '@ushirika/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { agedBucketsSum, type Letterhead, money, type StatementLine } from '../../platform/document-pdf.ts';
import { currentLanguage, unitLabel } from '../../platform/labels.ts';
import { agedBalanceColumn, agedHeading, agedInvoiceColumns, agedTablePdf } from '../accounts/reports/pdf.ts';
import { unionDocumentPdf, unionStatementPdf } from '../cooperative/union.ts';
import { printedDocumentTexts } from '../document-texts/queries.ts';

/** The approved order the supplier receives: lines, VAT, totals, and its delivery and payment terms. */
export async function purchaseOrderPdf(
  db: DbOrTx,
  o: PurchaseOrderDetail,
  supplier: { tin: string | null; vrn: string | null; paymentTermsDays: number },
) {
  // The union's standard terms and the order's note, written in the editor (#18).
  const texts = await printedDocumentTexts(db, 'purchase_order', o.id);
  return unionDocumentPdf(db, {
    title: 'Purchase order',
    number: o.orderNo,
    fields: [
      ['Supplier', o.supplierName],
      ['Supplier TIN / VRN', [supplier.tin, supplier.vrn].filter(Boolean).join(' / ')],
      ['Order date', o.orderDate],
      ['Deliver by', o.expectedDate ?? ''],
      ['Payment terms', `${supplier.paymentTermsDays} days from invoice`],
      ['Approved by', o.approvedByName ?? ''],
    ],
    tables: [
      {
        headers: ['#', 'Item', 'Quantity', 'Unit price', 'Amount', 'VAT'],
        right: [2, 3, 4, 5],
        rows: o.lines.map((l) => [
          String(l.lineNo),
          `${l.itemCode} ${l.description}`,
          `${l.quantity} ${unitLabel(currentLanguage(), l.unit, l.quantity)}`,
          money(l.unitPrice),
          money(l.amount),
          money(l.vatAmount),
        ]),
        totals: [
          '',
          `Total TZS ${money(o.total)} (VAT ${o.vatRate}%)`,
          '',
          '',
          money(o.subtotal),
          money(o.vatTotal),
        ],
      },
    ],
    ...(o.terms ? { note: `Terms: ${o.terms}` } : {}),
    texts,
    signatures: ['Prepared by', 'Approved by', 'Supplier'],
  });
}

/** The remittance advice: which invoices of the supplier a payment settles. */
export function remittancePdf(db: DbOrTx, p: SupplierPaymentDetail) {
  return unionDocumentPdf(db, {
    title: 'Remittance advice',
    number: p.paymentNo,
    fields: [
      ['Supplier', p.supplierName],
      ['Payment date', p.paymentDate],
      ['Paid from', p.bankAccountName],
      ['Reference', p.reference ?? ''],
      ['Amount (TZS)', money(p.amount)],
      ['Status', p.status],
    ],
    tables: [
      {
        headers: ['Invoice', 'Supplier invoice', 'Date', 'Invoice total', 'Paid now'],
        right: [3, 4],
        rows: p.allocations.map((a) => [
          a.invoiceNo,
          a.supplierInvoiceNo,
          a.invoiceDate,
          money(a.invoiceTotal),
          money(a.amount),
        ]),
        totals: ['Total', '', '', '', money(p.amount)],
      },
    ],
    signatures: ['Prepared by', 'Approved by'],
  });
}

export function supplierStatementPdf(
  db: DbOrTx,
  s: {
    supplierName: string;
    from: string;
    to: string;
    opening: string;
    closing: string;
    lines: StatementLine[];
  },
) {
  return unionStatementPdf(db, {
    ...s,
    title: 'Supplier statement',
    party: ['Supplier', s.supplierName],
    opening: ['Owed at the start (TZS)', s.opening],
    closing: ['Owed at the end (TZS)', s.closing],
    amountHeaders: ['Paid', 'Invoiced', 'Owed'],
  });
}

export function supplierAgedPdf(
  report: SupplierAgedReport,
  letterhead: Letterhead,
  view: 'summary' | 'details',
) {
  const heading = agedHeading(report, letterhead);
  const t = heading.totals;
  type Row = SupplierAgedReport['details'][number];
  if (view === 'details')
    return agedTablePdf<Row>({
      ...heading,
      title: 'Supplier aged payables details',
      rows: report.details,
      lead: [
        { header: 'Supplier', value: (r) => r.supplierName },
        ...agedInvoiceColumns<Row>((r) => `${r.invoiceNo} (${r.supplierInvoiceNo})`),
      ],
      trail: [agedBalanceColumn()],
      trailTotals: [money(t.balance)],
    });
  return agedTablePdf<SupplierAgedReport['summary'][number]>({
    ...heading,
    title: 'Supplier aged payables summary',
    rows: report.summary,
    lead: [{ header: 'Supplier', value: (r) => r.supplierName }],
    trail: [agedBalanceColumn()],
    trailTotals: [money(agedBucketsSum(t))],
  });
}
