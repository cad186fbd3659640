import { label, renderPdf } from '../../../platform/document-pdf.ts';

export type PdfColumn<T> = { header: string; value: (row: T) => string; align?: 'right' };

/** A landscape A4 report: title, subtitle lines, one table with a header row and optional totals. */
export async function tablePdf<T>(input: {
  title: string;
  subtitle: string[];
  columns: PdfColumn<T>[];
  rows: T[];
  totals?: string[];
}): Promise<Buffer> {
  const cell = (text: string, align?: 'right', bold = false) => ({ text, alignment: align ?? 'left', bold });
  const body = [
    input.columns.map((c) => cell(label(c.header), c.align, true)),
    ...input.rows.map((r) => input.columns.map((c) => cell(c.value(r), c.align))),
    ...(input.totals ? [input.totals.map((t, i) => cell(t, input.columns[i]?.align, true))] : []),
  ];
  return renderPdf(input.title, {
    pageOrientation: 'landscape',
    pageSize: 'A4',
    defaultStyle: { fontSize: 8 },
    content: [
      { text: input.title, fontSize: 14, bold: true },
      ...input.subtitle.map((s) => ({ text: s, margin: [0, 2, 0, 0] })),
      {
        margin: [0, 8, 0, 0],
        table: { headerRows: 1, widths: input.columns.map((_, i) => (i === 1 ? '*' : 'auto')), body },
        layout: 'lightHorizontalLines',
      },
    ],
  });
}

/** Thousands separators on a money string (one definition, in the platform's document PDF). */
export { grouped } from '../../../platform/document-pdf.ts';
