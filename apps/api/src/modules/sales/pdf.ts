import type {
  BuyerAgedReport,
  GroupInvoiceDetail,
  ReleaseNoteDetail,
  SalesInvoiceDetail,
} from '@ushirika/contracts';
import { sum } from '@ushirika/domain';
import type { DbOrTx } from '../../db/client.ts';
import { loadPdfmake } from '../../platform/heavy-modules.ts';
import { grouped, tablePdf } from '../accounts/reports/pdf.ts';
import { unionProfile } from '../cooperative/schema.ts';

type Table = { title?: string; headers: string[]; rows: string[][]; right?: number[]; totals?: string[] };

export const money = (amount: string | null) => (amount === null ? '' : grouped(amount));

/**
 * A portrait A4 sales document: the union's letterhead (name, address, TIN, phone, email), the
 * title and number, labelled fields in two columns, tables, and signature lines.
 */
export async function salesDocumentPdf(
  db: DbOrTx,
  doc: {
    title: string;
    number: string;
    fields: [string, string][];
    tables: Table[];
    signatures: string[];
    note?: string;
  },
): Promise<Buffer> {
  const [union] = await db.select().from(unionProfile);
  const half = Math.ceil(doc.fields.length / 2);
  const fieldColumn = (fields: [string, string][]) => ({
    table: { widths: ['auto', '*'], body: fields.map(([k, v]) => [{ text: k, bold: true }, v || '-']) },
    layout: 'noBorders',
  });
  const contact = [
    union?.tin ? `TIN ${union.tin}` : '',
    union?.phone ? `Tel ${union.phone}` : '',
    union?.email ?? '',
  ].filter(Boolean);
  const pdf = (await loadPdfmake()).createPdf({
    pageSize: 'A4',
    defaultStyle: { fontSize: 9 },
    content: [
      { text: union?.name ?? '', fontSize: 13, bold: true, alignment: 'center' },
      ...(union?.address
        ? [{ text: [union.address, union.region].filter(Boolean).join(', '), alignment: 'center' }]
        : []),
      ...(contact.length ? [{ text: contact.join(' · '), alignment: 'center' }] : []),
      { text: `${doc.title} ${doc.number}`, fontSize: 14, bold: true, margin: [0, 10, 0, 8] },
      {
        columns: [fieldColumn(doc.fields.slice(0, half)), fieldColumn(doc.fields.slice(half))],
        columnGap: 16,
      },
      ...doc.tables.flatMap((t) => [
        ...(t.title
          ? [{ text: t.title, bold: true, margin: [0, 10, 0, 4] }]
          : [{ text: '', margin: [0, 8, 0, 0] }]),
        {
          table: {
            headerRows: 1,
            widths: t.headers.map((_, i) => (i === 1 ? '*' : 'auto')),
            body: [
              t.headers.map((h, i) => ({
                text: h,
                bold: true,
                alignment: t.right?.includes(i) ? 'right' : 'left',
              })),
              ...t.rows.map((r) =>
                r.map((v, i) => ({ text: v, alignment: t.right?.includes(i) ? 'right' : 'left' })),
              ),
              ...(t.totals
                ? [
                    t.totals.map((v, i) => ({
                      text: v,
                      bold: true,
                      alignment: t.right?.includes(i) ? 'right' : 'left',
                    })),
                  ]
                : []),
            ],
          },
          layout: 'lightHorizontalLines',
        },
      ]),
      ...(doc.note ? [{ text: doc.note, margin: [0, 10, 0, 0], italics: true }] : []),
      {
        margin: [0, 36, 0, 0],
        columns: doc.signatures.map((s) => ({ stack: ['______________________', s], alignment: 'center' })),
      },
    ],
  });
  return pdf.getBuffer();
}

const STATUS: Record<string, string> = {
  issued: 'Issued',
  part_paid: 'Part paid',
  paid: 'Paid',
  cancelled: 'Cancelled',
};

export function invoicePdf(db: DbOrTx, inv: SalesInvoiceDetail): Promise<Buffer> {
  return salesDocumentPdf(db, {
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
          l.kind === 'buyer_levy' ? `${l.description} (levy)` : l.description,
          l.lotNo ?? '',
          l.kg ?? '',
          money(l.pricePerKg),
          money(l.amount),
        ]),
        totals: ['', 'Total', '', '', '', money(inv.total)],
      },
    ],
    note: `Please pay by ${inv.dueDate} quoting ${inv.invoiceNo}. Lots are released only when fully paid.`,
    signatures: ['Prepared by', 'Approved by'],
  });
}

export function groupInvoicePdf(db: DbOrTx, g: GroupInvoiceDetail): Promise<Buffer> {
  return salesDocumentPdf(db, {
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
  return salesDocumentPdf(db, {
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

export type StatementLine = {
  date: string;
  document: string;
  description: string;
  debit: string;
  credit: string;
  balance: string;
};

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
  return salesDocumentPdf(db, {
    title: 'Buyer statement',
    number: `${s.from} to ${s.to}`,
    fields: [
      ['Buyer', s.buyerName],
      ['Opening balance (TZS)', money(s.opening)],
      ['Period', `${s.from} to ${s.to}`],
      ['Closing balance (TZS)', money(s.closing)],
    ],
    tables: [
      {
        headers: ['Date', 'Description', 'Document', 'Debit', 'Credit', 'Balance'],
        right: [3, 4, 5],
        rows: s.lines.map((l) => [
          l.date,
          l.description,
          l.document,
          money(l.debit),
          money(l.credit),
          money(l.balance),
        ]),
      },
    ],
    signatures: [],
  });
}

const sumBuckets = (t: BuyerAgedReport['totals']) =>
  sum([t.current, t.d31to60, t.d61to90, t.over90]).toFixed(2);

export function agedReportPdf(
  report: BuyerAgedReport | Pick<BuyerAgedReport, 'asAt' | 'summary' | 'totals'>,
  union: string,
) {
  const details = 'details' in report;
  const t = report.totals;
  if (details) {
    return tablePdf({
      title: 'Buyer aged details',
      subtitle: [union, `As at ${report.asAt}; days since the invoice date`],
      rows: report.details,
      columns: [
        { header: 'Buyer', value: (r) => r.buyerName },
        { header: 'Invoice', value: (r) => r.invoiceNo },
        { header: 'Date', value: (r) => r.invoiceDate },
        { header: 'Days', value: (r) => String(r.days), align: 'right' },
        { header: '0-30', value: (r) => money(r.current), align: 'right' },
        { header: '31-60', value: (r) => money(r.d31to60), align: 'right' },
        { header: '61-90', value: (r) => money(r.d61to90), align: 'right' },
        { header: 'Over 90', value: (r) => money(r.over90), align: 'right' },
        { header: 'Balance', value: (r) => money(r.balance), align: 'right' },
      ],
      totals: [
        'Total',
        '',
        '',
        '',
        money(t.current),
        money(t.d31to60),
        money(t.d61to90),
        money(t.over90),
        money(sumBuckets(t)),
      ],
    });
  }
  return tablePdf({
    title: 'Buyer aged summary',
    subtitle: [union, `As at ${report.asAt}; days since the invoice date`],
    rows: report.summary,
    columns: [
      { header: 'Buyer', value: (r) => r.buyerName },
      { header: '0-30', value: (r) => money(r.current), align: 'right' },
      { header: '31-60', value: (r) => money(r.d31to60), align: 'right' },
      { header: '61-90', value: (r) => money(r.d61to90), align: 'right' },
      { header: 'Over 90', value: (r) => money(r.over90), align: 'right' },
      { header: 'Credit', value: (r) => money(r.credit), align: 'right' },
      { header: 'Balance', value: (r) => money(r.balance), align: 'right' },
    ],
    totals: [
      'Total',
      money(t.current),
      money(t.d31to60),
      money(t.d61to90),
      money(t.over90),
      money(t.credit),
      money(t.balance),
    ],
  });
}
