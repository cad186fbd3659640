import {
  type AgedBuckets,
  agedBucketColumns,
  agedBucketTotals,
  type Letterhead,
  label,
  letterheadContent,
  money,
  renderPdf,
} from '../../../platform/document-pdf.ts';

export type PdfColumn<T> = { header: string; value: (row: T) => string; align?: 'right' };

export type TableReport<T> = {
  title: string;
  subtitle: string[];
  columns: PdfColumn<T>[];
  rows: T[];
  totals?: string[];
};

/**
 * A landscape A4 report under the union's letterhead: title, subtitle lines, one table with a
 * header row and optional totals.
 */
export function tablePdf<T>(letterhead: Letterhead, input: TableReport<T>): Promise<Buffer> {
  return renderPdf(input.title, tableDefinition(input, letterhead));
}

/** tablePdf's layout, before printing (tests read it); `letterhead` is cooperative's unionLetterhead. */
export function tableDefinition<T>(input: TableReport<T>, letterhead?: Letterhead) {
  const cell = (text: string, align?: 'right', bold = false) => ({ text, alignment: align ?? 'left', bold });
  const body = [
    input.columns.map((c) => cell(label(c.header), c.align, true)),
    ...input.rows.map((r) => input.columns.map((c) => cell(c.value(r), c.align))),
    ...(input.totals ? [input.totals.map((t, i) => cell(t, input.columns[i]?.align, true))] : []),
  ];
  return {
    pageOrientation: 'landscape',
    pageSize: 'A4',
    defaultStyle: { fontSize: 8 },
    content: [
      ...letterheadContent(letterhead),
      { text: input.title, fontSize: 14, bold: true },
      ...input.subtitle.map((s) => ({ text: s, margin: [0, 2, 0, 0] })),
      {
        margin: [0, 8, 0, 0],
        table: { headerRows: 1, widths: input.columns.map((_, i) => (i === 1 ? '*' : 'auto')), body },
        layout: 'lightHorizontalLines',
      },
    ],
  };
}

/**
 * An aged report's table (buyer receivables, supplier payables) as at its date: the lead columns
 * (the party; for the details also the invoice, its date and days), the four buckets, then the
 * trailing amounts, with the totals row under them.
 */
export function agedTablePdf<T extends AgedBuckets>(a: {
  title: string;
  letterhead: Letterhead;
  asAt: string;
  rows: T[];
  lead: PdfColumn<T>[];
  trail: PdfColumn<T>[];
  totals: AgedBuckets;
  trailTotals: string[];
}): Promise<Buffer> {
  return tablePdf(a.letterhead, {
    title: a.title,
    subtitle: [`As at ${a.asAt}; days since the invoice date`],
    rows: a.rows,
    columns: [...a.lead, ...agedBucketColumns<T>(), ...a.trail],
    totals: ['Total', ...a.lead.slice(1).map(() => ''), ...agedBucketTotals(a.totals), ...a.trailTotals],
  });
}

/** What an aged report's table starts from: the letterhead, its date and the buckets' totals. */
export const agedHeading = <Totals extends AgedBuckets>(
  report: { asAt: string; totals: Totals },
  letterhead: Letterhead,
) => ({ letterhead, asAt: report.asAt, totals: report.totals });

/** An aged details row's invoice columns: its number as printed, its date and its days. */
export function agedInvoiceColumns<T extends { invoiceDate: string; days: number }>(
  invoice: (r: T) => string,
): PdfColumn<T>[] {
  return [
    { header: 'Invoice', value: invoice },
    { header: 'Date', value: (r) => r.invoiceDate },
    { header: 'Days', value: (r) => String(r.days), align: 'right' },
  ];
}

/** The right-aligned balance column of an aged report. */
export const agedBalanceColumn = <T extends { balance: string }>(): PdfColumn<T> => ({
  header: 'Balance',
  value: (r) => money(r.balance),
  align: 'right',
});

/** Thousands separators on a money string (one definition, in the platform's document PDF). */
export { grouped } from '../../../platform/document-pdf.ts';
