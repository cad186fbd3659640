import { todayInTanzania } from '@ushirika/domain';
import type { Letterhead } from '../../../platform/document-pdf.ts';
import { toXlsx } from '../../../platform/exports.ts';
import { grouped, tablePdf } from '../../accounts/reports/pdf.ts';
import type { Report, Row } from './auction-payment-reports.ts';

/** The report as a spreadsheet, its total row last. */
export function reportXlsx(report: Report, name: string, rows: Row[], totals: Row): Promise<Buffer> {
  return toXlsx(
    name,
    report.columns.map((c) => ({ header: c.header, value: (r: Row) => r[c.key] ?? null, width: 18 })),
    [...rows, { [report.columns[0]?.key ?? 'x']: 'Total', ...totals }],
  );
}

/** The report as a PDF table: amounts grouped, numbers right-aligned, the totals underneath. */
export function reportPdf(letterhead: Letterhead, report: Report, rows: Row[], totals: Row): Promise<Buffer> {
  return tablePdf(letterhead, {
    title: report.title,
    subtitle: [`Approved settlements · printed ${todayInTanzania()}`],
    columns: report.columns.map((c) => ({
      header: c.header,
      value: (r: Row) => (c.amount ? grouped(String(r[c.key] ?? '')) : String(r[c.key] ?? '')),
      ...(c.amount || typeof rows[0]?.[c.key] === 'number' ? { align: 'right' as const } : {}),
    })),
    rows,
    totals: report.columns.map((c, i) =>
      i === 0 ? 'Total' : c.amount ? grouped(String(totals[c.key])) : String(totals[c.key]),
    ),
  });
}
