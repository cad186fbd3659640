import { book } from '@ushirika/contracts';
import { dec } from '@ushirika/domain';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { localNameSql } from '../../../platform/labels.ts';
import { narrationFor } from '../journal/narrations.ts';
import type { ReportFile } from '../reports/report-files.ts';
import { bothColumns } from '../reports/report-files.ts';

/** At most this many entries are listed: a longer list is for a higher threshold. */
export const JOURNAL_LIMIT = 2000;

const lineRow = z.object({
  number: z.string(),
  date: z.string(),
  book,
  narration: z.string(),
  total: z.string(),
  status: z.string(),
  line: z.number(),
  account: z.string(),
  debit: z.string(),
  credit: z.string(),
  entries: z.number(),
});
type Line = z.output<typeof lineRow>;

/**
 * The year's posted (and reversed) journal entries whose total is at least `threshold`, with
 * their lines, oldest first: at most JOURNAL_LIMIT entries; `entries` is how many there are.
 */
export async function journalAboveThreshold(
  db: DbOrTx,
  year: { startDate: string; endDate: string },
  threshold: string,
): Promise<{ lines: Line[]; entries: number }> {
  const lines = await queryRows(
    db,
    lineRow,
    sql`with chosen as (
          select e.id, e.number, e.entry_date, e.book, ${narrationFor('e')} as narration, e.total, e.status,
                 count(*) over ()::int as entries
          from journal_entries e
          where e.entry_date between ${year.startDate} and ${year.endDate}
            and e.status <> 'draft' and e.total >= ${threshold}
          order by e.entry_date, e.number
          limit ${JOURNAL_LIMIT})
        select c.number, c.entry_date::text as date, c.book, c.narration, c.total::text as total, c.status,
               l.line_no as line, a.code || ' ' || ${localNameSql('a')} as account,
               l.debit::text as debit, l.credit::text as credit, c.entries
        from chosen c join journal_lines l on l.entry_id = c.id join accounts a on a.id = l.account_id
        order by c.entry_date, c.number, l.line_no`,
  );
  return { lines, entries: lines[0]?.entries ?? 0 };
}

/** The entries as a report: the entry's number, date, book, narration and total on its first line. */
export function journalFile(lines: Line[], title: string, subtitle: string[]): ReportFile<Line> {
  const first = (r: Line) => r.line === 1;
  const shown = (amount: string) => (dec(amount).isZero() ? '' : amount);
  return {
    name: 'JOURNAL_ENTRIES',
    title,
    subtitle,
    ...bothColumns<Line>([
      { header: 'Entry', value: (r) => (first(r) ? r.number : '') },
      { header: 'Date', value: (r) => (first(r) ? r.date : '') },
      { header: 'Book', value: (r) => (first(r) ? r.book : '') },
      { header: 'Narration', value: (r) => (first(r) ? r.narration : '') },
      { header: 'Total', value: (r) => (first(r) ? r.total : ''), amount: true },
      { header: 'Account', value: (r) => r.account },
      { header: 'Debit', value: (r) => shown(r.debit), amount: true },
      { header: 'Credit', value: (r) => shown(r.credit), amount: true },
    ]),
    rows: lines,
  };
}
