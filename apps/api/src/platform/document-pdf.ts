import { sum } from '@ushirika/domain';
import { loadPdfmake } from './heavy-modules.ts';
import { currentLanguage, displayText, formatDate, headerLabel, type Lang } from './labels.ts';
import { markdownToPdf } from './markdown-pdf.ts';

/** Thousands separators on a money string, e.g. "1234567.50" -> "1,234,567.50". */
export const grouped = (amount: string) => amount.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ',');

/** A money string for a document cell: grouped, or empty when there is none. */
export const money = (amount: string | null) => (amount === null ? '' : grouped(amount));

/** A decimal the API carries as a string: money has 2 places, kilograms 3 (DESIGN section 3). */
const DECIMAL = /^-?\d{4,}\.\d{2,3}$/;

/**
 * A text as a document prints it for its reader, as the screens do (lib/format): ISO dates and
 * timestamps by the language's rule, money and kilograms with thousands separators
 * ("450000.00" → "450,000.00"); anything else as it is.
 */
export function printed(lang: Lang, text: string): string {
  if (DECIMAL.test(text)) return grouped(text);
  const shown = displayText(lang, text);
  // Dates inside a sentence too ("Period 2026-07-01 to 2026-09-30"), not parts of a number or code.
  return shown === text ? text.replace(EMBEDDED_DATE, (iso) => formatDate(lang, iso)) : shown;
}

const EMBEDDED_DATE = /(?<![\w-])\d{4}-\d{2}-\d{2}(?![\w-])/g;

type Node = unknown;
/** Every text of a pdfmake definition through `printed`: the one place documents format values. */
function printAll(lang: Lang, node: Node): Node {
  if (typeof node === 'string') return printed(lang, node);
  if (Array.isArray(node)) return node.map((n) => printAll(lang, n));
  if (node && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([k, v]) => [
        k,
        k === 'text' || k === 'stack' || k === 'columns' || k === 'table' || k === 'body' || k === 'content'
          ? printAll(lang, v)
          : v,
      ]),
    );
  }
  return node;
}

/**
 * A pdfmake definition as it will print for a reader of `lang`: every text through `printed`, and
 * the document's title as its PDF title, which the browser's tab shows (not a random id).
 */
export function printedDefinition(
  title: string,
  definition: { content: Record<string, unknown>[] } & Record<string, unknown>,
  lang: Lang,
) {
  const content = printAll(lang, definition.content) as Record<string, unknown>[];
  // displayTitle: viewers show the title, not the file name or blob address, in the tab.
  return {
    ...definition,
    content,
    info: { title, creator: 'Ushirika', producer: 'Ushirika' },
    displayTitle: true,
  };
}

/** Every PDF of the app is made here, in the language of the request being answered. */
export async function renderPdf(
  title: string,
  definition: { content: Record<string, unknown>[] } & Record<string, unknown>,
): Promise<Buffer> {
  const pdf = (await loadPdfmake()).createPdf(printedDefinition(title, definition, currentLanguage()));
  return pdf.getBuffer();
}

/** A label written in English in a document definition, in the reader's language. */
export const label = (english: string) => headerLabel(currentLanguage(), english);

export type DocumentTable = {
  title?: string;
  headers: string[];
  rows: string[][];
  right?: number[];
  totals?: string[];
};

export type Letterhead = {
  name: string;
  address: string | null;
  region: string | null;
  tin: string | null;
  phone: string | null;
  email: string | null;
  /** The union's logo as uploaded; printed when PDF can hold it (PNG, JPEG). */
  logo?: { bytes: Buffer; type: string } | null;
};

/** A logo as a pdfmake image (a data URL), or null for a type PDF cannot hold (GIF, AVIF). */
function logoImage(logo: Letterhead['logo']): string | null {
  if (!logo || !['image/png', 'image/jpeg'].includes(logo.type)) return null;
  return `data:${logo.type};base64,${logo.bytes.toString('base64')}`;
}

/**
 * The union's heading at the top of every PDF, documents and reports alike: its logo on the left,
 * its name, address and contacts (TIN, phone, email) centred.
 */
export function letterheadContent(letterhead: Letterhead | undefined): Record<string, unknown>[] {
  if (!letterhead) return [];
  const contact = [
    letterhead.tin ? `TIN ${letterhead.tin}` : '',
    letterhead.phone ? `Tel ${letterhead.phone}` : '',
    letterhead.email ?? '',
  ].filter(Boolean);
  const lines = [
    { text: letterhead.name, fontSize: 13, bold: true },
    ...(letterhead.address
      ? [{ text: [letterhead.address, letterhead.region].filter(Boolean).join(', ') }]
      : []),
    ...(contact.length ? [{ text: contact.join(' · ') }] : []),
  ];
  const logo = logoImage(letterhead.logo);
  if (!logo) return [{ stack: lines, alignment: 'center', margin: [0, 0, 0, 4] }];
  return [
    {
      columns: [
        { image: logo, fit: [54, 54], width: 60 },
        { stack: lines, alignment: 'center', width: '*' },
        { text: '', width: 60 },
      ],
      margin: [0, 0, 0, 4],
    },
  ];
}

export type DocumentInput = {
  title: string;
  number: string;
  fields: [string, string][];
  tables: DocumentTable[];
  signatures: string[];
  note?: string;
  /** Markdown written in the editor (the union's standard terms, the document's note), after the tables. */
  texts?: { title: string; markdown: string }[];
};

/**
 * A portrait A4 document: the letterhead (name, address, TIN, phone, email), the title and number,
 * labelled fields in two columns, tables, and signature lines.
 */
export async function documentPdf(letterhead: Letterhead | undefined, doc: DocumentInput): Promise<Buffer> {
  return renderPdf(doc.number, documentDefinition(letterhead, doc));
}

/** documentPdf's layout, before printing (tests read it). */
export function documentDefinition(letterhead: Letterhead | undefined, doc: DocumentInput) {
  const half = Math.ceil(doc.fields.length / 2);
  const fieldColumn = (fields: [string, string][]) => ({
    table: {
      widths: ['auto', '*'],
      body: fields.map(([k, v]) => [{ text: label(k), bold: true }, v || '-']),
    },
    layout: 'noBorders',
  });
  return {
    pageSize: 'A4',
    defaultStyle: { fontSize: 9 },
    content: [
      ...letterheadContent(letterhead),
      { text: `${label(doc.title)} ${doc.number}`, fontSize: 14, bold: true, margin: [0, 10, 0, 8] },
      {
        columns: [fieldColumn(doc.fields.slice(0, half)), fieldColumn(doc.fields.slice(half))],
        columnGap: 16,
      },
      ...doc.tables.flatMap((t) => [
        ...(t.title
          ? [{ text: label(t.title), bold: true, margin: [0, 10, 0, 4] }]
          : [{ text: '', margin: [0, 8, 0, 0] }]),
        {
          table: {
            headerRows: 1,
            widths: t.headers.map((_, i) => (i === 1 ? '*' : 'auto')),
            body: [
              t.headers.map((h, i) => ({
                text: label(h),
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
      ...(doc.texts ?? [])
        .filter((t) => t.markdown.trim())
        .flatMap((t) => [
          { text: label(t.title), bold: true, margin: [0, 10, 0, 4] },
          ...markdownToPdf(t.markdown),
        ]),
      ...(doc.note ? [{ text: doc.note, margin: [0, 10, 0, 0], italics: true }] : []),
      {
        margin: [0, 36, 0, 0],
        columns: doc.signatures.map((s) => ({
          stack: ['______________________', label(s)],
          alignment: 'center',
        })),
      },
    ],
  };
}

/** One line of an account statement (buyer or supplier), the running balance after it. */
export type StatementLine = {
  date: string;
  document: string;
  description: string;
  debit: string;
  credit: string;
  balance: string;
};

/** A statement's table: date, description, document, then the two sides and the running balance. */
export function statementTable(
  lines: StatementLine[],
  amountHeaders: [debit: string, credit: string, balance: string],
): DocumentTable {
  return {
    headers: ['Date', 'Description', 'Document', ...amountHeaders],
    right: [3, 4, 5],
    rows: lines.map((l) => [
      l.date,
      l.description,
      l.document,
      money(l.debit),
      money(l.credit),
      money(l.balance),
    ]),
  };
}

/** An account statement (buyer or supplier) for a period as a document, with its balances at the start and end. */
export function statementDocument(s: {
  title: string;
  party: [label: string, name: string];
  from: string;
  to: string;
  opening: [label: string, amount: string];
  closing: [label: string, amount: string];
  lines: StatementLine[];
  amountHeaders: [debit: string, credit: string, balance: string];
}): DocumentInput {
  const period = `${s.from} to ${s.to}`;
  return {
    title: s.title,
    number: period,
    fields: [
      s.party,
      [s.opening[0], money(s.opening[1])],
      ['Period', period],
      [s.closing[0], money(s.closing[1])],
    ],
    tables: [statementTable(s.lines, s.amountHeaders)],
    signatures: [],
  };
}

/** The four age buckets of an aged receivables or payables report. */
export type AgedBuckets = { current: string; d31to60: string; d61to90: string; over90: string };

/** The bucket columns (0-30, 31-60, 61-90, over 90) of an aged report table, right-aligned. */
export function agedBucketColumns<T extends AgedBuckets>() {
  return [
    { header: '0-30', value: (r: T) => money(r.current), align: 'right' as const },
    { header: '31-60', value: (r: T) => money(r.d31to60), align: 'right' as const },
    { header: '61-90', value: (r: T) => money(r.d61to90), align: 'right' as const },
    { header: 'Over 90', value: (r: T) => money(r.over90), align: 'right' as const },
  ];
}

/** The totals row cells under agedBucketColumns. */
export const agedBucketTotals = (t: AgedBuckets) => [
  money(t.current),
  money(t.d31to60),
  money(t.d61to90),
  money(t.over90),
];

/** The sum of the four buckets, as a two-decimal string. */
export const agedBucketsSum = (t: AgedBuckets) => sum([t.current, t.d31to60, t.d61to90, t.over90]).toFixed(2);
