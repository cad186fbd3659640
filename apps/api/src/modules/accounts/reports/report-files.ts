import type { BudgetVsActualRow, ControlAccounts, TrialBalance } from '@ushirika/contracts';
import type { Workbook } from 'exceljs';
import type { FastifyReply } from 'fastify';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { addSheet, type ExportColumn, toXlsx } from '../../../platform/exports.ts';
import { grouped, type PdfColumn, tablePdf } from './pdf.ts';

/**
 * A financial report as its xlsx sheet and its PDF table both print it: the columns once (header,
 * value, right-aligned amounts), the rows, and the totals row. The report routes send one; the
 * auditors' pack (#28) puts several in one workbook and a PDF each.
 */
export type ReportFile<T> = {
  /** File and sheet base name, e.g. `OPERATION_TRIAL_BALANCE_2026-12-31`. */
  name: string;
  title: string;
  subtitle: string[];
  xlsx: ExportColumn<T>[];
  pdf: PdfColumn<T>[];
  rows: T[];
  /** The totals row under the table (the sheet's last row as well); none when the report has none. */
  totals?: { row: T; cells: string[] };
};

type Column<T> = { header: string; value: (r: T) => string; amount?: boolean };

/** Columns shared by the xlsx and the PDF of a report: header, value, right-aligned amounts. */
export function bothColumns<T>(columns: Column<T>[]) {
  const xlsx: ExportColumn<T>[] = columns.map((c) => ({
    header: c.header,
    value: c.value,
    width: c.amount ? 18 : 30,
  }));
  const pdf: PdfColumn<T>[] = columns.map((c) => ({
    header: c.header,
    value: c.amount ? (r: T) => grouped(c.value(r)) : c.value,
    ...(c.amount ? { align: 'right' as const } : {}),
  }));
  return { xlsx, pdf };
}

export function controlAccountsFile(
  report: ControlAccounts,
  title = 'Control accounts and their sub-ledgers',
): ReportFile<ControlAccounts['checks'][number]> {
  type Row = ControlAccounts['checks'][number];
  return {
    name: `CONTROL_ACCOUNTS_${report.asAt}`,
    title,
    subtitle: [
      `As at ${report.asAt}, amounts in TZS`,
      report.agreed ? 'Every control account agrees with its sub-ledger.' : 'DIFFERENCES FOUND.',
    ],
    ...bothColumns<Row>([
      { header: 'Control account', value: (r) => `${r.name}: ${r.accounts.join(', ')}` },
      { header: 'Sub-ledger', value: (r) => r.subledger },
      { header: 'Control balance', value: (r) => r.controlBalance, amount: true },
      { header: 'Sub-ledger balance', value: (r) => r.subledgerBalance, amount: true },
      { header: 'Difference', value: (r) => r.difference, amount: true },
    ]),
    rows: report.checks,
  };
}

export function trialBalanceFile(tb: TrialBalance, title = `Trial balance: ${tb.book} book`) {
  type Row = TrialBalance['rows'][number];
  const t = tb.totals;
  return {
    name: `${tb.book.toUpperCase()}_TRIAL_BALANCE_${tb.asAt}`,
    title,
    subtitle: [`Period ${tb.from} to ${tb.asAt}, amounts in TZS`],
    ...bothColumns<Row>([
      { header: 'Code', value: (r) => r.code },
      { header: 'Account', value: (r) => r.name },
      { header: 'Opening debit', value: (r) => r.openingDebit, amount: true },
      { header: 'Opening credit', value: (r) => r.openingCredit, amount: true },
      { header: 'Period debit', value: (r) => r.periodDebit, amount: true },
      { header: 'Period credit', value: (r) => r.periodCredit, amount: true },
      { header: 'Closing debit', value: (r) => r.closingDebit, amount: true },
      { header: 'Closing credit', value: (r) => r.closingCredit, amount: true },
    ]),
    rows: tb.rows,
    totals: {
      row: { accountId: '', code: '', name: 'Total', type: 'asset' as const, ...t },
      cells: [
        '',
        'Total',
        ...[
          t.openingDebit,
          t.openingCredit,
          t.periodDebit,
          t.periodCredit,
          t.closingDebit,
          t.closingCredit,
        ].map(grouped),
      ],
    },
  } satisfies ReportFile<Row>;
}

export function budgetVsActualFile(
  report: { rows: BudgetVsActualRow[] },
  name = 'BUDGET_VS_ACTUAL',
  title = 'Budget against actual',
): ReportFile<BudgetVsActualRow> {
  return {
    name,
    title,
    subtitle: ['Amounts in TZS'],
    ...bothColumns<BudgetVsActualRow>([
      { header: 'Code', value: (r) => r.accountCode },
      { header: 'Account', value: (r) => r.accountName },
      { header: 'Budget', value: (r) => r.budget, amount: true },
      { header: 'Adjustments', value: (r) => r.adjustments, amount: true },
      { header: 'Revised', value: (r) => r.revised, amount: true },
      { header: 'Actual', value: (r) => r.actual, amount: true },
      { header: 'Variance', value: (r) => r.variance, amount: true },
    ]),
    rows: report.rows,
  };
}

const sheetRows = <T>(file: ReportFile<T>) => (file.totals ? [...file.rows, file.totals.row] : file.rows);

/** The report as a workbook of one sheet, its totals row last. */
export const reportXlsx = <T>(file: ReportFile<T>) => toXlsx(file.name, file.xlsx, sheetRows(file));

/** The report as a sheet of a workbook of several (the auditors' pack). */
export const addReportSheet = <T>(workbook: Workbook, sheetName: string, file: ReportFile<T>) =>
  addSheet(workbook, sheetName, file.xlsx, sheetRows(file));

/** The report as a landscape A4 table. */
export const reportPdf = <T>(file: ReportFile<T>, letterhead: Letterhead) =>
  tablePdf(letterhead, {
    title: file.title,
    subtitle: file.subtitle,
    columns: file.pdf,
    rows: file.rows,
    ...(file.totals ? { totals: file.totals.cells } : {}),
  });

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A report's file as a download named `<name>.<format>`. */
export async function sendFile(reply: FastifyReply, name: string, format: 'xlsx' | 'pdf', body: Buffer) {
  reply.header('content-disposition', `attachment; filename="${name}.${format}"`);
  return reply.type(format === 'pdf' ? 'application/pdf' : XLSX).send(body);
}

/** A report as the file asked for (its PDF under the union's letterhead). */
export async function sendReport<T>(
  reply: FastifyReply,
  format: 'xlsx' | 'pdf',
  file: ReportFile<T>,
  letterhead: Letterhead,
) {
  const body = format === 'xlsx' ? await reportXlsx(file) : await reportPdf(file, letterhead);
  return sendFile(reply, file.name, format, body);
}
