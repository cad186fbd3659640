import type {
  BuyerAgedReport,
  GroupInvoiceDetail,
  ReleaseNoteDetail,
  SalesInvoiceDetail,
} from '@ushirika/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { agedBucketsSum, type Letterhead, money, type StatementLine } from '../../platform/document-pdf.ts';
import { currentLanguage, translate } from '../../platform/labels.ts';
import { agedBalanceColumn, agedHeading, agedInvoiceColumns, agedTablePdf } from '../accounts/reports/pdf.ts';
import { unionDocumentPdf, unionStatementPdf } from '../cooperative/union.ts';
import { printedDocumentTexts } from '../document-texts/queries.ts';

const STATUS: Record<string, string> = {
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export async function invoicePdf(db: DbOrTx, inv: SalesInvoiceDetail): Promise<Buffer> {
  // The union's standard terms and the invoice's note, written in the editor (#18).
  const texts = await printedDocumentTexts(db, 'sales_invoice', inv.id);
  return unionDocumentPdf(db, {
    title: 'Sales invoice',
    number: inv.invoiceNo,
    fields: [
      ['Buyer', inv.buyerName],
      ['Invoice date', inv.invoiceDate],
      ['Due date', inv.dueDate],
      ['Status', STATUS[inv.status] ?? inv.status],
      ['Total (TZS)', money(inv.total)],
      ['Paid (TZS)', money(inv.paidAmount)],
      ['Balance (TZS)', money(inv.balance)],
      ...(inv.cancelReason ? ([['Cancelled', inv.cancelReason]] as [string, string][]) : []),
    ],
    tables: [
      {
        headers: ['#', 'Description', 'Lot', 'Kg', 'Price/kg', 'Amount (TZS)'],
        right: [3, 4, 5],
        rows: inv.lines.map((l) => [
          String(l.lineNo),
          l.kind === 'buyer_levy'
            ? `${l.description} (${translate(currentLanguage(), 'salesMd.levyLine')})`
            : l.description,
          l.lotNo ?? '',
          l.kg ?? '',
          money(l.pricePerKg),
          money(l.amount),
        ]),
        totals: ['', 'Total', '', '', '', money(inv.total)],
      },
    ],
    note: `Please pay by ${inv.dueDate} quoting ${inv.invoiceNo}. Lots are released only when fully paid.`,
    texts,
    signatures: ['Prepared by', 'Approved by'],
  });
}

export function groupInvoicePdf(db: DbOrTx, g: GroupInvoiceDetail): Promise<Buffer> {
  return unionDocumentPdf(db, {
    title: 'Group invoice',
    number: g.groupNo,
    fields: [
      ['Buyer', g.buyerName],
      ['Date', g.groupDate],
      ['Due date', g.dueDate],
      ['Invoices', String(g.invoiceCount)],
      ['Total at grouping (TZS)', money(g.total)],
      ['Balance now (TZS)', money(g.balance)],
    ],
    tables: [
      {
        headers: ['Invoice', 'Date', 'Due', 'Total', 'Paid', 'Balance'],
        right: [3, 4, 5],
        rows: g.invoices.map((i) => [
          i.invoiceNo,
          i.invoiceDate,
          i.dueDate,
          money(i.total),
          money(i.paidAmount),
          money(i.balance),
        ]),
      },
    ],
    signatures: ['Prepared by', 'Approved by'],
  });
}

export function releaseNotePdf(db: DbOrTx, n: ReleaseNoteDetail): Promise<Buffer> {
  return unionDocumentPdf(db, {
    title: 'Release note',
    number: n.releaseNo,
    fields: [
      ['Buyer', n.buyerName],
      ['Warehouse', n.warehouseName],
      ['Date', n.releaseDate],
      ['Lots', String(n.lotCount)],
      ['Net kg', n.totalKg],
      ['Collected by', n.collectorName ?? ''],
      ['Vehicle', n.vehiclePlate ?? ''],
      ['Remarks', n.remarks ?? ''],
    ],
    tables: [
      {
        headers: ['Lot', 'WHR', 'AMCOS', 'Grade', 'Bags', 'Net kg', 'Invoice'],
        right: [4, 5],
        rows: n.lots.map((l) => [
          l.lotNo,
          l.whrNo,
          l.amcosName,
          l.gradeName,
          String(l.bags),
          l.netKg,
          l.invoiceNo,
        ]),
      },
    ],
    note: 'The lots above are fully paid. Release them to the bearer of this note.',
    signatures: ['Issued by', 'Warehouse officer', "Buyer's representative"],
  });
}

export function buyerStatementPdf(
  db: DbOrTx,
  s: {
    buyerName: string;
    from: string;
    to: string;
    opening: string;
    closing: string;
    lines: StatementLine[];
  },
): Promise<Buffer> {
  return unionStatementPdf(db, {
    ...s,
    title: 'Buyer statement',
    party: ['Buyer', s.buyerName],
    opening: ['Opening balance (TZS)', s.opening],
    closing: ['Closing balance (TZS)', s.closing],
    amountHeaders: ['Debit', 'Credit', 'Balance'],
  });
}

export function agedReportPdf(
  report: BuyerAgedReport | Pick<BuyerAgedReport, 'asAt' | 'summary' | 'totals'>,
  letterhead: Letterhead,
) {
  const heading = agedHeading(report, letterhead);
  const t = heading.totals;
  if ('details' in report) {
    type Row = BuyerAgedReport['details'][number];
    return agedTablePdf<Row>({
      ...heading,
      title: 'Buyer aged details',
      rows: report.details,
      lead: [{ header: 'Buyer', value: (r) => r.buyerName }, ...agedInvoiceColumns<Row>((r) => r.invoiceNo)],
      trail: [agedBalanceColumn()],
      trailTotals: [money(agedBucketsSum(t))],
    });
  }
  return agedTablePdf<BuyerAgedReport['summary'][number]>({
    ...heading,
    title: 'Buyer aged summary',
    rows: report.summary,
    lead: [{ header: 'Buyer', value: (r) => r.buyerName }],
    trail: [{ header: 'Credit', value: (r) => money(r.credit), align: 'right' }, agedBalanceColumn()],
    trailTotals: [money(t.credit), money(t.balance)],
  });
}
