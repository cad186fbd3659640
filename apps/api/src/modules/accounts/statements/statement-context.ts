import { SECTION_ACCOUNT_TYPE, type StatementBook } from '@ushirika/contracts';
import type { LineDefinition, StatementContext } from '@ushirika/domain';
import { todayInTanzania } from '@ushirika/domain';
import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { fieldError } from '../../../platform/errors.ts';
import { currentLanguage, type Lang, localRowName, translate } from '../../../platform/labels.ts';
import { financialYearOn } from '../../financial-years/queries.ts';
import { isMonthEnd, monthEnd } from '../reports/dates.ts';
import { statementLineRules, statementLines } from './schema.ts';

/** A label of the statements' own words (`statements.*` in the screens' dictionaries), values filled in. */
export function statementLabel(lang: Lang, key: string, values: Record<string, string> = {}): string {
  const template = translate(lang, `statements.${key}`) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The mapping (lines and rules) and the words a statement of `book` is laid out with, in the reader's language. */
export async function statementContext(db: DbOrTx, book: StatementBook): Promise<StatementContext> {
  const lang = currentLanguage();
  const [lines, rules] = await Promise.all([
    db.select().from(statementLines).orderBy(asc(statementLines.sortOrder), asc(statementLines.code)),
    db.select().from(statementLineRules),
  ]);
  const definitions: LineDefinition[] = lines.map((l) => ({
    code: l.code,
    section: l.section,
    name: localRowName({ name: l.name, nameSw: l.nameSw }, lang),
    cashFlow: l.cashFlow,
    sortOrder: l.sortOrder,
    type: SECTION_ACCOUNT_TYPE[l.section],
  }));
  const byTarget = (pick: (r: (typeof rules)[number]) => string | null) =>
    new Map(rules.flatMap((r) => (pick(r) ? [[pick(r) ?? '', r.lineCode] as const] : [])));
  return {
    lines: definitions,
    rules: {
      account: byTarget((r) => r.accountId),
      group: byTarget((r) => r.groupId),
      class: byTarget((r) => r.classId),
    },
    union: book === 'union',
    labels: (key, values) => statementLabel(lang, key, values),
  };
}

/** The financial year a statement ends in (its status tells whether the figures are final). */
export async function yearOf(db: DbOrTx, day: string) {
  const year = await financialYearOn(db, day);
  return year ? { id: year.id, name: year.name, status: year.status } : null;
}

/** The first day of the financial year holding `day` (1 January of its year when no year covers it). */
export async function yearStartOf(db: DbOrTx, day: string): Promise<string> {
  return (await financialYearOn(db, day))?.startDate ?? `${day.slice(0, 4)}-01-01`;
}

/** A statement's period: `to` defaults to today, `from` to the start of the financial year holding `to`. */
export async function statementPeriod(db: DbOrTx, q: { from?: string | undefined; to?: string | undefined }) {
  const to = q.to ?? todayInTanzania();
  if (q.from && q.from > to) throw fieldError('from', 'The period must start on or before its end');
  const yearStart = await yearStartOf(db, to);
  return { from: q.from ?? yearStart, to, yearStart };
}

/**
 * The same day a year earlier, for the comparative. The end of a month stays the end of its month:
 * 29 February 2028 → 28 February 2027, and 28 February 2029 → 29 February 2028.
 */
export function yearBefore(day: string): string {
  const year = String(Number(day.slice(0, 4)) - 1).padStart(4, '0');
  return isMonthEnd(day) ? monthEnd(`${year}${day.slice(4, 8)}01`) : `${year}${day.slice(4)}`;
}
