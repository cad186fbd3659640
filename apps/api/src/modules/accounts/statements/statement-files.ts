import { spreadsheetNumber } from '@ushirika/domain';
import type { Workbook } from 'exceljs';
import { type Letterhead, letterheadContent, renderPdf } from '../../../platform/document-pdf.ts';
import { loadExcelJs } from '../../../platform/heavy-modules.ts';
import type { Lang } from '../../../platform/labels.ts';
import { statementLabel } from './statement-context.ts';
import { type DocumentRow, type StatementDocument, shown } from './statement-document.ts';

const INDENT: Record<DocumentRow['style'], number> = { heading: 0, line: 8, account: 18, total: 0, grand: 0 };

/** One statement's page content: the letterhead, its title, the table, the notes and the signatures. */
function statementContent(lang: Lang, letterhead: Letterhead, doc: StatementDocument, first: boolean) {
  const columns = doc.headers.length;
  const body = [
    [
      { text: statementLabel(lang, 'columns.line'), bold: true },
      ...doc.headers.map((h) => ({ text: h, bold: true, alignment: 'right' })),
    ],
    ...doc.rows
      .filter((r) => r.style !== 'account')
      .map((r) => {
        const bold = r.style !== 'line';
        const rule = r.style === 'total' || r.style === 'grand';
        const cell = (text: string, alignment: 'left' | 'right') => ({
          text,
          bold,
          alignment,
          border: [false, rule, false, r.style === 'grand'],
          margin: [alignment === 'left' ? INDENT[r.style] : 0, r.style === 'heading' ? 6 : 1, 0, 1],
        });
        return [
          cell(r.label, 'left'),
          ...Array.from({ length: columns }, (_, i) => cell(shown(r.values[i] ?? null), 'right')),
        ];
      }),
  ];
  return [
    ...(first ? [] : [{ text: '', pageBreak: 'before' }]),
    ...letterheadContent(letterhead),
    { text: doc.title, fontSize: 13, bold: true, margin: [0, 10, 0, 2] },
    ...doc.subtitle.map((s) => ({ text: s, margin: [0, 1, 0, 0] })),
    {
      margin: [0, 8, 0, 0],
      table: { headerRows: 1, widths: ['*', ...doc.headers.map(() => (columns > 3 ? 72 : 88))], body },
      layout: { defaultBorder: false },
    },
    ...doc.notes.map((n) => ({ text: n, italics: true, margin: [0, 6, 0, 0] })),
    {
      margin: [0, 40, 0, 0],
      columns: ['chair', 'manager', 'accountant'].map((s) => ({
        stack: ['______________________', statementLabel(lang, `signatures.${s}`)],
        alignment: 'center',
      })),
    },
  ];
}

/** The pdfmake definition of statements as one A4 document, each on its own page (what `statementsPdf` prints). */
export function statementsDefinition(lang: Lang, letterhead: Letterhead, docs: StatementDocument[]) {
  return {
    pageSize: 'A4',
    pageMargins: [36, 36, 36, 48],
    defaultStyle: { fontSize: 9 },
    content: docs.flatMap((doc, i) => statementContent(lang, letterhead, doc, i === 0)),
  };
}

/** Statements as one A4 PDF under the union's letterhead, each on its own page, in the reader's language. */
export function statementsPdf(
  lang: Lang,
  letterhead: Letterhead,
  docs: StatementDocument[],
  title = docs[0]?.title ?? '',
): Promise<Buffer> {
  return renderPdf(title, statementsDefinition(lang, letterhead, docs));
}

/** A sheet name Excel accepts: at most 31 characters, none of \ / ? * [ ] :, unique in the book. */
export function sheetName(workbook: Workbook, wanted: string): string {
  const base =
    wanted
      .replace(/[\\/?*[\]:]/g, ' ')
      .slice(0, 28)
      .trim()
      .replace(/^'+|'+$/g, '') || 'Sheet';
  let name = base;
  for (let n = 2; workbook.getWorksheet(name); n++) name = `${base} ${n}`;
  return name;
}

const MONEY_FORMAT = '#,##0.00;(#,##0.00);"-"';

/**
 * A statement as a sheet: its title and notes, the line column, one amount column per period,
 * the accounts under each line. Amounts are number cells (a spreadsheet sums them), by the one
 * conversion `spreadsheetNumber`.
 */
export function addStatementSheet(
  lang: Lang,
  workbook: Workbook,
  doc: StatementDocument,
  title?: string,
): void {
  const sheet = workbook.addWorksheet(sheetName(workbook, title ?? doc.title));
  sheet.columns = [{ width: 60 }, ...doc.headers.map(() => ({ width: 20 }))];
  sheet.addRow([doc.title]).font = { bold: true, size: 13 };
  for (const s of doc.subtitle) sheet.addRow([s]);
  sheet.addRow([]);
  const head = sheet.addRow([statementLabel(lang, 'columns.line'), ...doc.headers]);
  head.font = { bold: true };
  for (const r of doc.rows) {
    const row = sheet.addRow([
      r.label,
      ...r.values.map((v) => (v === null ? null : (spreadsheetNumber(v) ?? v))),
    ]);
    row.getCell(1).alignment = { indent: r.style === 'account' ? 2 : r.style === 'line' ? 1 : 0 };
    if (r.style !== 'line' && r.style !== 'account') row.font = { bold: true };
    for (let i = 2; i <= doc.headers.length + 1; i++) row.getCell(i).numFmt = MONEY_FORMAT;
  }
  sheet.addRow([]);
  for (const n of doc.notes) sheet.addRow([n]).font = { italic: true };
  sheet.views = [{ state: 'frozen', ySplit: head.number }];
}

/** Statements as one workbook, a sheet each. */
export async function statementsXlsx(lang: Lang, docs: StatementDocument[]): Promise<Buffer> {
  const workbook = new (await loadExcelJs()).Workbook();
  for (const doc of docs) addStatementSheet(lang, workbook, doc);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
