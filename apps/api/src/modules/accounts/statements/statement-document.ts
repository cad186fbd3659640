import type {
  CashFlows,
  ChangesBlock,
  ChangesInFunds,
  FinancialPosition,
  FinancialStatementSection,
  IncomeAndExpenditure,
  StatementBook,
  StatementFigures,
} from '@ushirika/contracts';
import { inSentence } from '@ushirika/domain';
import { grouped } from '../../../platform/document-pdf.ts';
import { formatDate, type Lang, translate } from '../../../platform/labels.ts';
import { statementLabel } from './statement-context.ts';

/** An amount as accountants print it: thousands grouped, a negative in brackets. */
export const shown = (amount: string | null) => {
  if (amount === null) return '';
  return amount.startsWith('-') ? `(${grouped(amount.slice(1))})` : grouped(amount);
};

/** A printed row: a heading, a line, an account under it (files only), a total or a grand total. */
export type DocumentRow = {
  style: 'heading' | 'line' | 'account' | 'total' | 'grand';
  label: string;
  values: (string | null)[];
};

/** One statement as the xlsx sheet and the PDF page print it, in the reader's language. */
export type StatementDocument = {
  /**
   * Which statement (the screen's name names its sheet in the auditors' pack), or which part of the
   * AGM pack printed the same way (the member register, the appropriation, the budget).
   */
  kind:
    | 'financial_position'
    | 'income_and_expenditure'
    | 'cash_flows'
    | 'changes_in_funds'
    | 'member_register'
    | 'appropriation'
    | 'budget';
  /** File and sheet base name, e.g. `UNION_FINANCIAL_POSITION_2026-12-31`. */
  name: string;
  title: string;
  subtitle: string[];
  /** The amount columns' headers (the first column is the line). */
  headers: string[];
  rows: DocumentRow[];
  notes: string[];
};

type Year = FinancialPosition['year'];

const figures = (f: StatementFigures, compare: boolean) =>
  compare ? [f.amount, f.comparative, f.change] : [f.amount];

/** An account as a row names it: code and name, and its book when the statement is the union's. */
const accountLabel = (lang: Lang, a: { code: string; name: string; book: string }, union: boolean) =>
  union ? `${a.code} ${a.name} · ${translate(lang, `acc.books.${a.book}`) ?? a.book}` : `${a.code} ${a.name}`;

function sectionRows(
  lang: Lang,
  s: FinancialStatementSection,
  compare: boolean,
  union: boolean,
): DocumentRow[] {
  if (s.lines.length === 0) return [];
  return [
    { style: 'heading', label: s.name, values: [] },
    ...s.lines.flatMap((l): DocumentRow[] => [
      { style: 'line', label: l.name, values: figures(l, compare) },
      ...l.accounts.map(
        (a): DocumentRow => ({
          style: 'account',
          label: accountLabel(lang, a, union),
          values: figures(a, compare),
        }),
      ),
    ]),
    {
      style: 'total',
      label: statementLabel(lang, 'totals.section', { section: inSentence(s.name) }),
      values: figures(s.total, compare),
    },
  ];
}

function yearNote(lang: Lang, year: Year): string {
  if (!year) return statementLabel(lang, 'notes.noYear');
  return statementLabel(lang, year.status === 'closed' ? 'notes.yearClosed' : 'notes.yearOpen', {
    name: year.name,
  });
}

const bookTitle = (lang: Lang, book: StatementBook) => statementLabel(lang, `books.${book}`);
const periodHeader = (lang: Lang, from: string, to: string) =>
  statementLabel(lang, 'columns.period', { from: formatDate(lang, from), to: formatDate(lang, to) });
const unmappedNote = (lang: Lang, unmapped: boolean) =>
  unmapped ? [statementLabel(lang, 'notes.unmapped')] : [];

export function positionDocument(lang: Lang, s: FinancialPosition): StatementDocument {
  const compare = s.comparativeAsAt !== null;
  const asAt = (d: string) => statementLabel(lang, 'columns.asAt', { date: formatDate(lang, d) });
  const part = (keys: string[], total: StatementFigures, label: string): DocumentRow[] => [
    ...s.sections
      .filter((x) => keys.includes(x.key))
      .flatMap((x) => sectionRows(lang, x, compare, s.book === 'union')),
    { style: 'grand', label: statementLabel(lang, label), values: figures(total, compare) },
  ];
  const e = s.elimination;
  return {
    kind: 'financial_position',
    name: `${s.book.toUpperCase()}_FINANCIAL_POSITION_${s.asAt}`,
    title: `${statementLabel(lang, 'financialPosition')}: ${bookTitle(lang, s.book)}`,
    subtitle: [asAt(s.asAt), statementLabel(lang, 'notes.amounts')],
    headers:
      compare && s.comparativeAsAt
        ? [asAt(s.asAt), asAt(s.comparativeAsAt), statementLabel(lang, 'columns.change')]
        : [asAt(s.asAt)],
    rows: [
      ...part(['non_current_assets', 'current_assets'], s.totals.assets, 'totals.assets'),
      ...part(['non_current_liabilities', 'current_liabilities'], s.totals.liabilities, 'totals.liabilities'),
      ...part(['share_capital', 'reserves', 'accumulated_surplus'], s.totals.funds, 'totals.funds'),
      {
        style: 'grand',
        label: statementLabel(lang, 'totals.liabilitiesAndFunds'),
        values: figures(s.totals.liabilitiesAndFunds, compare),
      },
    ],
    notes: [
      ...(e
        ? [
            statementLabel(lang, 'notes.eliminated', {
              dueTo: shown(e.dueToOperation.amount),
              dueFrom: shown(e.dueFromCollection.amount),
              difference: shown(e.difference.amount),
            }),
          ]
        : []),
      statementLabel(lang, s.balanced ? 'notes.balanced' : 'notes.unbalanced'),
      yearNote(lang, s.year),
      ...unmappedNote(lang, s.unmapped),
    ],
  };
}

const periodHeaders = (
  lang: Lang,
  s: { from: string; to: string; comparativeFrom: string | null; comparativeTo: string | null },
) =>
  s.comparativeFrom && s.comparativeTo
    ? [
        periodHeader(lang, s.from, s.to),
        periodHeader(lang, s.comparativeFrom, s.comparativeTo),
        statementLabel(lang, 'columns.change'),
      ]
    : [periodHeader(lang, s.from, s.to)];

export function incomeDocument(lang: Lang, s: IncomeAndExpenditure): StatementDocument {
  const compare = s.comparativeFrom !== null;
  const section = (key: string) =>
    s.sections.filter((x) => x.key === key).flatMap((x) => sectionRows(lang, x, compare, s.book === 'union'));
  return {
    kind: 'income_and_expenditure',
    name: `${s.book.toUpperCase()}_INCOME_AND_EXPENDITURE_${s.from}_${s.to}`,
    title: `${statementLabel(lang, 'incomeAndExpenditure')}: ${bookTitle(lang, s.book)}`,
    subtitle: [periodHeader(lang, s.from, s.to), statementLabel(lang, 'notes.amounts')],
    headers: periodHeaders(lang, s),
    rows: [
      ...section('income'),
      ...section('expenditure'),
      {
        style: 'grand',
        label: statementLabel(lang, 'totals.surplus'),
        values: figures(s.totals.surplus, compare),
      },
    ],
    notes: [
      statementLabel(lang, s.balanced ? 'notes.surplusAgrees' : 'notes.surplusDiffers'),
      yearNote(lang, s.year),
      ...unmappedNote(lang, s.unmapped),
    ],
  };
}

export function cashFlowDocument(lang: Lang, s: CashFlows): StatementDocument {
  const compare = s.comparativeFrom !== null;
  const activities = s.sections.flatMap((x) =>
    x.lines.length === 0
      ? []
      : [
          ...sectionRows(lang, x, compare, s.book === 'union').slice(0, -1),
          {
            style: 'total' as const,
            label: statementLabel(lang, 'totals.activity', { activity: inSentence(x.name) }),
            values: figures(x.total, compare),
          },
        ],
  );
  const grand = (key: string, f: StatementFigures): DocumentRow => ({
    style: 'grand',
    label: statementLabel(lang, key),
    values: figures(f, compare),
  });
  return {
    kind: 'cash_flows',
    name: `${s.book.toUpperCase()}_CASH_FLOWS_${s.from}_${s.to}`,
    title: `${statementLabel(lang, 'cashFlows')}: ${bookTitle(lang, s.book)}`,
    subtitle: [periodHeader(lang, s.from, s.to), statementLabel(lang, 'notes.amounts')],
    headers: periodHeaders(lang, s),
    rows: [
      ...activities,
      grand('cashFlow.netChange', s.netChange),
      {
        style: 'line',
        label: statementLabel(lang, 'cashFlow.openingCash'),
        values: figures(s.openingCash, compare),
      },
      grand('cashFlow.closingCash', s.closingCash),
      {
        style: 'line',
        label: statementLabel(lang, 'cashFlow.cashPerBooks'),
        values: figures(s.cashPerBooks, compare),
      },
      ...s.cashAccounts.map(
        (a): DocumentRow => ({
          style: 'account',
          label: accountLabel(lang, a, s.book === 'union'),
          values: figures(a, compare),
        }),
      ),
    ],
    notes: [
      statementLabel(lang, s.balanced ? 'notes.cashAgrees' : 'notes.cashDiffers'),
      yearNote(lang, s.year),
      ...unmappedNote(lang, s.unmapped),
    ],
  };
}

function changesRows(lang: Lang, block: ChangesBlock, heading: boolean): DocumentRow[] {
  return [
    ...(heading
      ? [{ style: 'heading' as const, label: periodHeader(lang, block.from, block.to), values: [] }]
      : []),
    ...block.rows.map(
      (r): DocumentRow => ({
        style: r.key === 'opening' || r.key === 'closing' ? 'total' : 'line',
        label: r.name,
        values: [r.amounts.share_capital, r.amounts.reserves, r.amounts.accumulated_surplus, r.amounts.total],
      }),
    ),
  ];
}

export function changesDocument(lang: Lang, s: ChangesInFunds): StatementDocument {
  return {
    kind: 'changes_in_funds',
    name: `${s.book.toUpperCase()}_CHANGES_IN_FUNDS_${s.from}_${s.to}`,
    title: `${statementLabel(lang, 'changesInFunds')}: ${bookTitle(lang, s.book)}`,
    subtitle: [periodHeader(lang, s.from, s.to), statementLabel(lang, 'notes.amounts')],
    headers: s.columns.map((c) => c.name),
    rows: [
      ...(s.comparative ? changesRows(lang, s.comparative, true) : []),
      ...changesRows(lang, s.current, s.comparative !== null),
    ],
    notes: [
      statementLabel(lang, s.balanced ? 'notes.fundsAgree' : 'notes.fundsDiffer'),
      yearNote(lang, s.year),
    ],
  };
}
